import type { Account } from '#shared/api/common.ts';
import { formatDayAndTime } from '#shared/domain/date-time-format.ts';
import { formatPoints } from '#shared/domain/format.ts';
import { useConfig } from '../config-context.tsx';
import { useMessages } from '../i18n/messages.tsx';
import { MembershipCard } from '../points/membership-card.tsx';

/**
 * The page the service worker shows when the members' site is opened with no network
 * (docs/decisions/0085-the-card-offline.md). Rendered by the server only, and kept by the service
 * worker as HTML without a script: so the card (name, barcode, number) and the last known points
 * show with nothing but what the page holds. Its layout is its own inline style (the stylesheets of
 * CSS modules are the browser bundle's, and this page is in none), beside the entry's and the card's
 * CSS, which the server inlines. Without an account (a signed-out browser) it says only that the
 * site needs the network: nothing personal.
 */
export function OfflinePage({ account, updatedAt }: { account: Account | null; updatedAt: Date }) {
  const config = useConfig();
  const m = useMessages();
  return (
    <>
      <style>{pageStyle}</style>
      <main className="offline-page">
        {account ? (
          <>
            <h1>{m.offline.title}</h1>
            <p role="status" className="offline-notice">
              {m.offline.notice}
            </p>
            <MembershipCard account={account} />
            <h2 className="offline-caption">{m.home.pointsHeading}</h2>
            <p className="offline-points" data-testid="offline-points">
              {formatPoints(account.pointsBalance, config.locale)} <span>{m.home.points}</span>
            </p>
            <p className="offline-updated" data-testid="offline-updated">
              {m.offline.lastUpdated(formatDayAndTime(updatedAt, config.locale))}
            </p>
          </>
        ) : (
          <>
            <h1>{m.offline.visitorHeading}</h1>
            <p>{m.offline.visitorText}</p>
          </>
        )}
      </main>
    </>
  );
}

// The card's print button needs the app's script, which this page never runs: hidden (no-print).
const pageStyle = `
body{background:var(--color-dark);color:var(--color-dark-ink)}
.offline-page{max-width:calc(var(--card-width) + 2 * var(--space-4));margin:0 auto;padding:var(--space-6) var(--space-4)}
.offline-page .no-print{display:none}
.offline-page h1{color:var(--color-dark-ink)}
.offline-notice{margin:0 0 var(--space-5);padding:var(--space-3) var(--space-4);border-left:3px solid var(--color-accent);background:rgba(255,255,255,.06)}
.offline-caption{margin:var(--space-5) 0 0;font-family:var(--font-body);font-size:.8rem;font-weight:600;letter-spacing:.12em;text-transform:uppercase;color:#cbbfa9}
.offline-points{font-family:var(--font-display);font-size:3rem;line-height:1.1;margin:0}
.offline-points span{font-size:1.25rem}
.offline-updated{margin:var(--space-1) 0 0;color:#e3c58d;font-weight:600}
`;
