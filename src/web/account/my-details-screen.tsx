import { useState } from 'react';
import { Link } from 'react-router';
import type { Account } from '#shared/api/common.ts';
import { formatMemberSince } from '#shared/domain/date-format.ts';
import { useConfig } from '../config-context.tsx';
import { useFailureText } from '../i18n/failure-text.ts';
import { useMessages } from '../i18n/messages.tsx';
import { NikeLinkStatus } from '../nike-link/nike-link-status.tsx';
import { useAccount } from '../session/session-context.tsx';
import { Button } from '../ui/button.tsx';
import { Alert } from '../ui/form.tsx';
import { Page } from '../ui/page.tsx';
import { usePageTitle } from '../ui/page-title.tsx';
import styles from './account.module.css';
import { accountApi } from './api.ts';

/** SPEC §2 /help/account: member since, every field of the account, verification status, and the way to the purchase history. */
export default function MyDetailsScreen() {
  const m = useMessages();
  const a = m.account;
  const config = useConfig();
  const account = useAccount();
  usePageTitle(m.titles.myDetails);
  const consent = (choice: Account['membership']['marketingConsent']) => a.consentValue[choice];
  return (
    <Page>
      <h1>{m.titles.myDetails}</h1>
      <p className={styles.since}>
        {m.points.memberSince(formatMemberSince(account.createdAt, config.locale))}
      </p>

      <section className={styles.card} aria-labelledby="your-details">
        <h2 id="your-details">{a.yourDetails}</h2>
        <dl className={styles.details}>
          <dt>{a.name}</dt>
          <dd>{account.fullName}</dd>
          <dt>{a.email}</dt>
          <dd>{account.email}</dd>
          {config.enableTelephoneNumber ? (
            <>
              <dt>{a.telephone}</dt>
              <dd>{account.telephoneNumber ?? a.notGiven}</dd>
            </>
          ) : null}
          <dt>{a.cardNumber}</dt>
          <dd>{account.loyaltyId}</dd>
          <dt>{a.currency}</dt>
          <dd>{account.currency}</dd>
          {account.vipLevel ? (
            <>
              <dt>{a.vipLevel}</dt>
              <dd>{account.vipLevel}</dd>
            </>
          ) : null}
          <dt>{a.verification}</dt>
          <dd>
            <VerificationStatus account={account} />
          </dd>
        </dl>
      </section>

      <section className={styles.card} aria-labelledby="marketing">
        <h2 id="marketing">{a.marketing}</h2>
        <dl className={styles.details}>
          <dt>{a.emailMarketing}</dt>
          <dd>{consent(account.membership.marketingConsent)}</dd>
          {config.enableTelephoneNumber ? (
            <>
              <dt>{a.whatsappMarketing}</dt>
              <dd>{consent(account.membership.marketingConsentWhatsApp)}</dd>
            </>
          ) : null}
        </dl>
      </section>

      <nav className={styles.card} aria-labelledby="manage">
        <h2 id="manage">{a.manage}</h2>
        <ul className={styles.links}>
          <li>
            <Link to="/help/history">{a.purchaseHistory}</Link>
          </li>
          {account.isCredit ? null : (
            <li>
              <Link to="/help/account-details">{a.editDetails}</Link>
            </li>
          )}
          <li>
            <Link to="/help/security">{a.changePassword}</Link>
          </li>
          {config.enableWebAuthnLogins ? (
            <li>
              <Link to="/help/passkeys">{a.passkeys}</Link>
            </li>
          ) : null}
          <li>
            <Link to="/help/privacy">{a.deleteAccount}</Link>
          </li>
        </ul>
        <NikeLinkStatus account={account} />
      </nav>
    </Page>
  );
}

type ResendState =
  | { status: 'idle' }
  | { status: 'busy' }
  | { status: 'done' }
  | { status: 'limited' }
  | { status: 'failed'; message: string };

/** SPEC §4 Account status, §5/§8 verification resend: rate limited, with its own message. */
function VerificationStatus({ account }: { account: Account }) {
  const a = useMessages().account;
  const [state, setState] = useState<ResendState>({ status: 'idle' });
  const failureText = useFailureText();
  const verified = <span className={`${styles.status} ${styles.verified}`}>✓ {a.verified}</span>;
  // A new address asked for stays unconfirmed until its link is opened; the proven one stays in use.
  const pending = account.pendingEmail;
  if (account.emailIsVerified && !pending) return verified;
  const resend = async () => {
    setState({ status: 'busy' });
    const answer = await accountApi.resendVerification();
    if (answer.ok) setState({ status: 'done' });
    else if (answer.code === 'ResendLimited') setState({ status: 'limited' });
    else setState({ status: 'failed', message: failureText(answer, { Unknown: a.resendFailed }) });
  };
  const limited =
    state.status === 'limited' ||
    (state.status === 'idle' && !account.emailVerificationRequestResendAvailable);
  return (
    <div className={styles.stack}>
      {account.emailIsVerified ? (
        verified
      ) : (
        <span className={`${styles.status} ${styles.unverified}`}>{a.unverified}</span>
      )}
      <span>{pending ? a.pendingEmailHint(pending) : a.unverifiedHint}</span>
      {state.status === 'done' ? (
        <Alert kind="success">{a.resent}</Alert>
      ) : limited ? (
        <Alert kind="info">{a.resendLimited}</Alert>
      ) : (
        <>
          {state.status === 'failed' ? <Alert kind="error">{state.message}</Alert> : null}
          <Button variant="secondary" onClick={() => void resend()} disabled={state.status === 'busy'}>
            {state.status === 'busy' ? a.resending : a.resend}
          </Button>
        </>
      )}
    </div>
  );
}
