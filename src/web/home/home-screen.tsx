import { useCallback, useEffect, useState } from 'react';
import { homeActivityRows as recentRows } from '#shared/api/transactions-page.ts';
import { formatPoints } from '#shared/domain/format.ts';
import { useConfig } from '../config-context.tsx';
import { useMessages } from '../i18n/messages.tsx';
import { ActivityList } from '../points/activity-list.tsx';
import { BarcodeDialog } from '../points/barcode-dialog.tsx';
import { MembershipCard } from '../points/membership-card.tsx';
import { useTransactions } from '../points/use-transactions.ts';
import { Link } from '../routing/links.tsx';
import { useLocation, useNavigate } from '../routing/router.tsx';
import { useAccount, useSession } from '../session/session-context.tsx';
import { Button, ButtonLink } from '../ui/button.tsx';
import { Alert } from '../ui/form.tsx';
import { Page } from '../ui/page.tsx';
import { usePageTitle } from '../ui/page-title.tsx';
import { WalletBadges } from '../wallet/wallet-badges.tsx';
import styles from './home.module.css';
import { NextExpiry } from './next-expiry.tsx';
import { useServerHome } from './server-home.ts';

/** SPEC §2 Home: the signed-in member's overview. */
export default function HomeScreen() {
  const account = useAccount();
  const { state: session, refresh } = useSession();
  const walletPresence = session.status === 'authenticated' ? session.walletPresence : null;
  // Signed in on this page (the sign-in answer carries no wallet presence): ask the viewer once.
  const presenceUnknown = session.status === 'authenticated' && session.walletPresence === undefined;
  useEffect(() => {
    if (presenceUnknown) void refresh();
  }, [presenceUnknown, refresh]);
  const config = useConfig();
  const m = useMessages();
  const location = useLocation();
  const navigate = useNavigate();
  usePageTitle();
  // Painted by the server: the recent activity and next expiry came with the page.
  const serverHome = useServerHome();

  // SPEC §2: a modal message passed in navigation state is shown at the top, once. A page the server
  // painted was not navigated to with one (state left from before a reload is not shown again).
  const [message, setMessage] = useState<string | null>(() => {
    if (serverHome) return null;
    const state = location.state as { modalMessage?: unknown } | null;
    return typeof state?.modalMessage === 'string' ? state.modalMessage : null;
  });
  const dismiss = useCallback(() => {
    setMessage(null);
    void navigate(location.pathname, { replace: true, state: null });
  }, [navigate, location.pathname]);

  const [pinShown, setPinShown] = useState(false);
  const [barcodeOpen, setBarcodeOpen] = useState(false);
  const openBarcode = useCallback(() => setBarcodeOpen(true), []);
  const closeBarcode = useCallback(() => setBarcodeOpen(false), []);
  const { state: activity, reload } = useTransactions(recentRows, serverHome?.recentActivity);
  const points = (n: number) => formatPoints(n, config.locale);

  return (
    <>
      {message ? (
        <div className={styles.message}>
          <Alert kind="success">
            <span className={styles.messageText}>{message}</span>
            <button
              type="button"
              className={styles.dismiss}
              onClick={dismiss}
              aria-label={m.home.dismissMessage}
            >
              ×
            </button>
          </Alert>
        </div>
      ) : null}
      <section className={styles.header} aria-labelledby="home-greeting">
        <div className={styles.inner}>
          <div className={styles.summary}>
            {/* The first name, as a person greets ("Hello, Maya"); the whole name is on the card. */}
            <h1 id="home-greeting">{m.home.greeting(firstName(account.fullName))}</h1>
            <h2 className={styles.caption}>{m.home.pointsHeading}</h2>
            <p className={styles.points} data-testid="points-balance">
              {points(account.pointsBalance)} <span>{m.home.points}</span>
            </p>
            <p className={styles.pending} data-testid="pending-points">
              {m.home.pendingPoints(points(account.pendingPointsBalance))}
            </p>
            {account.pendingPointsBalance > 0 ? (
              <p className={styles.explainer}>{m.home.pendingExplainer}</p>
            ) : null}
            <NextExpiry pointsBalance={account.pointsBalance} initial={serverHome?.nextExpiry} />
            <div className={`${styles.actions} no-print`}>
              {config.enablePointsExchange ? (
                account.pointsBalance > 0 ? (
                  <ButtonLink to="/create-exchange" variant="light">
                    {m.home.useYourPoints}
                  </ButtonLink>
                ) : (
                  <Button variant="light" disabled title={m.home.noPointsToUse}>
                    {m.home.useYourPoints}
                  </Button>
                )
              ) : null}
              {/* SPEC §2: the barcode view opens only with exchange on; off, the card shows the barcode. */}
              {config.enablePointsExchange ? (
                <Button variant="secondary" className={styles.onDark} onClick={openBarcode}>
                  {m.home.showBarcode}
                </Button>
              ) : null}
              {config.enableCardPIN ? (
                <Button
                  variant="secondary"
                  className={styles.onDark}
                  aria-expanded={pinShown}
                  aria-controls="card-pin"
                  onClick={() => setPinShown((shown) => !shown)}
                >
                  {pinShown ? m.home.hidePin : m.home.viewPin}
                </Button>
              ) : null}
            </div>
            {config.enableCardPIN && pinShown ? (
              <p id="card-pin" className={styles.pin} aria-live="polite">
                {account.pin ? (
                  <>
                    {m.home.pinLabel}: <strong>{account.pin}</strong>
                  </>
                ) : (
                  m.home.noPin
                )}
              </p>
            ) : null}
          </div>
          <div className={styles.cardColumn}>
            <MembershipCard account={account} onOpenBarcode={openBarcode} />
            <div className={`${styles.walletSlot} no-print`}>
              {/* The card on a phone (a device registered, or Google reported it saved). */}
              {walletPresence === 'in-wallet' ? (
                <p className={styles.walletStatus} data-testid="wallet-presence">
                  {m.wallet.inWallet}
                </p>
              ) : (
                <>
                  {walletPresence === 'removed' ? (
                    <p className={styles.walletStatus} data-testid="wallet-presence">
                      {m.wallet.removedFromWallet}
                    </p>
                  ) : null}
                  <WalletBadges />
                </>
              )}
            </div>
          </div>
        </div>
      </section>
      <Page>
        <section aria-labelledby="recent-activity" className="no-print">
          <div className={styles.activityHeading}>
            <h2 id="recent-activity">{m.home.recentActivity}</h2>
            {/* Nothing to see over an empty history: the empty message says where purchases will show. */}
            {activity.status === 'loaded' && activity.transactions.length === 0 ? null : (
              <Link to="/help/history">{m.home.seeAllActivity}</Link>
            )}
          </div>
          {activity.status === 'loading' ? (
            <p aria-busy="true" className={styles.muted}>
              {m.points.loading}
            </p>
          ) : activity.status === 'failed' ? (
            <div className={styles.failed}>
              <Alert kind="error">{m.points.failed}</Alert>
              <Button variant="secondary" onClick={reload}>
                {m.points.retry}
              </Button>
            </div>
          ) : activity.transactions.length === 0 ? (
            <p className={styles.muted}>{m.points.empty}</p>
          ) : (
            <ActivityList
              transactions={activity.transactions.slice(0, recentRows)}
              fallbackCurrency={account.currency}
            />
          )}
        </section>
      </Page>
      {barcodeOpen && config.enablePointsExchange ? (
        <BarcodeDialog cardNumber={account.cardNumber} onClose={closeBarcode} />
      ) : null}
    </>
  );
}

/** The first word of the member's name (the whole name when it is one word). */
function firstName(fullName: string): string {
  return fullName.trim().split(/\s+/)[0] || fullName;
}
