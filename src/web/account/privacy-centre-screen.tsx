import { useCallback, useEffect, useState } from 'react';
import type { ConsentEvent } from '#shared/api/privacy.ts';
import { useConfig } from '../config-context.tsx';
import { gaveUp, useRecentAuthentication } from '../credentials/confirm-identity.tsx';
import { useFailureText } from '../i18n/failure-text.ts';
import { useMessages } from '../i18n/messages.tsx';
import { Link } from '../routing/links.tsx';
import { useAccount, useSession } from '../session/session-context.tsx';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { Page } from '../ui/page.tsx';
import { usePageTitle } from '../ui/page-title.tsx';
import styles from './account.module.css';
import { ConsentHistoryTable } from './consent-history-table.tsx';
import { DeleteAccountSection } from './delete-account-section.tsx';
import { privacyApi } from './privacy-api.ts';

type History = { status: 'loading' } | { status: 'failed' } | { status: 'loaded'; events: ConsentEvent[] };

/**
 * The privacy centre, at SPEC §2's /help/privacy beside delete account: the member's marketing
 * choices with one-tap withdrawal, their consent history, "Download my data" (GDPR articles 15
 * and 20) and account deletion.
 */
export default function PrivacyCentreScreen() {
  const m = useMessages();
  const p = m.privacy;
  usePageTitle(m.pageTitles.privacy);
  const [history, setHistory] = useState<History>({ status: 'loading' });
  const load = useCallback(async () => {
    const answer = await privacyApi.consentHistory();
    setHistory(answer.ok ? { status: 'loaded', events: answer.data.history } : { status: 'failed' });
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  return (
    <Page>
      <h1>{p.heading}</h1>
      <p className={styles.lead}>{p.intro}</p>
      <MarketingChoices onChanged={load} />
      <section className={styles.card} aria-labelledby="history-heading">
        <h2 id="history-heading">{p.historyHeading}</h2>
        <p className={styles.hint}>{p.historyIntro}</p>
        {history.status === 'loading' ? (
          <p aria-live="polite">{p.historyLoading}</p>
        ) : history.status === 'failed' ? (
          <Alert kind="error">{p.historyFailed}</Alert>
        ) : history.events.length === 0 ? (
          <p>{p.historyEmpty}</p>
        ) : (
          <ConsentHistoryTable events={history.events} />
        )}
      </section>
      <DataDownload />
      <DeleteAccountSection />
    </Page>
  );
}

/** Each channel's current answer; a channel the member said yes to stops with one tap. */
function MarketingChoices({ onChanged }: { onChanged: () => Promise<void> }) {
  const p = useMessages().privacy;
  const config = useConfig();
  const account = useAccount();
  const { accountUpdated } = useSession();
  const failureText = useFailureText();
  const [busy, setBusy] = useState<'email' | 'whatsapp' | null>(null);
  const [notice, setNotice] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const channels = config.enableTelephoneNumber ? (['email', 'whatsapp'] as const) : (['email'] as const);
  const current = {
    email: account.membership.marketingConsent,
    whatsapp: account.membership.marketingConsentWhatsApp,
  };

  const withdraw = async (channel: 'email' | 'whatsapp') => {
    setBusy(channel);
    setNotice(null);
    const answer = await privacyApi.withdraw(channel);
    setBusy(null);
    if (!answer.ok) {
      setNotice({ kind: 'error', text: failureText(answer, { Unknown: p.withdrawFailed }) });
      return;
    }
    if (answer.data.account) accountUpdated(answer.data.account);
    setNotice({ kind: 'success', text: p.withdrawn });
    await onChanged();
  };

  return (
    <section className={styles.card} aria-labelledby="marketing-heading">
      <h2 id="marketing-heading">{p.marketingHeading}</h2>
      <div aria-live="polite">{notice ? <Alert kind={notice.kind}>{notice.text}</Alert> : null}</div>
      <ul className={styles.choices}>
        {channels.map((channel) => (
          <li key={channel} className={styles.choice}>
            <div>
              <strong>{p.channel[channel]}</strong>
              <span className={styles.hint}>
                {current[channel] === 'consent'
                  ? p.receiving
                  : current[channel] === 'decline'
                    ? p.notReceiving
                    : p.unanswered}
              </span>
            </div>
            {current[channel] === 'consent' ? (
              <Button variant="secondary" disabled={busy !== null} onClick={() => void withdraw(channel)}>
                {busy === channel ? p.withdrawing : p.withdraw[channel]}
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
      {account.isCredit ? null : (
        <p className={styles.hint}>
          <Link to="/help/account-details">{p.changeInDetails}</Link>
        </p>
      )}
    </section>
  );
}

/** "Download my data": the export as a file; it needs a recent sign-in, so it may ask "confirm it's you". */
function DataDownload() {
  const p = useMessages().privacy;
  const failureText = useFailureText();
  const { guarded, confirmStep } = useRecentAuthentication();
  const [state, setState] = useState<'idle' | 'busy' | 'done' | { failed: string }>('idle');

  const download = async () => {
    setState('busy');
    const answer = await guarded(() => privacyApi.exportData());
    if (answer === gaveUp) return setState('idle');
    if (!answer.ok) return setState({ failed: failureText(answer, { Unknown: p.downloadFailed }) });
    saveFile(`my-data-${answer.data.exportedAt.slice(0, 10)}.json`, JSON.stringify(answer.data, null, 2));
    setState('done');
  };

  return (
    <section className={styles.card} aria-labelledby="data-heading">
      <h2 id="data-heading">{p.dataHeading}</h2>
      <p>{p.dataIntro}</p>
      <div aria-live="polite">
        {state === 'done' ? <Alert kind="success">{p.downloaded}</Alert> : null}
        {typeof state === 'object' ? <Alert kind="error">{state.failed}</Alert> : null}
      </div>
      <Button onClick={() => void download()} disabled={state === 'busy'}>
        {state === 'busy' ? p.downloading : p.download}
      </Button>
      {confirmStep}
    </section>
  );
}

/** Hands the browser a file to save (the server serves the same JSON with Content-Disposition too). */
function saveFile(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
