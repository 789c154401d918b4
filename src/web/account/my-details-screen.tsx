import { lazy, Suspense, useState } from 'react';
import type { Account } from '#shared/api/common.ts';
import { formatMemberSince } from '#shared/domain/date-format.ts';
import { useConfig } from '../config-context.tsx';
import { useFailureText } from '../i18n/failure-text.ts';
import { useMessages } from '../i18n/messages.tsx';
import { NikeLinkStatus } from '../nike-link/nike-link-status.tsx';
import { Link } from '../routing/links.tsx';
import { useAccount } from '../session/session-context.tsx';
import { Alert } from '../ui/alert.tsx';
import { Button, ButtonLink } from '../ui/button.tsx';
import { ContactBlock } from '../ui/contact-block.tsx';
import { Page } from '../ui/page.tsx';
import { usePageTitle } from '../ui/page-title.tsx';
import styles from './account.module.css';
import { accountApi } from './api.ts';
import { currencyName } from './currency-name.ts';

const AccountAppointments = lazy(() => import('../appointments/account-appointments.tsx'));
const PersonalShopperSection = lazy(() => import('../stylists/personal-shopper-section.tsx'));

function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? '') : '';
  return (first + last).toUpperCase();
}

/**
 * SPEC §2 /help/account: member since, every field of the account, verification status, marketing
 * choices and the ways to manage the account (the purchase history among them), laid out as the
 * member's profile (it read like a database record), with the contact block.
 */
export default function MyDetailsScreen() {
  const m = useMessages();
  const a = m.account;
  const config = useConfig();
  const account = useAccount();
  usePageTitle(m.pageTitles.myDetails);
  const consent = (choice: Account['membership']['marketingConsent']) => a.consentValue[choice];
  return (
    <Page>
      <h1 className={styles.eyebrow}>{m.pageTitles.myDetails}</h1>
      <div className={styles.profile}>
        <span className={styles.avatar} aria-hidden="true">
          {initialsOf(account.fullName)}
        </span>
        <div>
          <p className={styles.profileName}>{account.fullName}</p>
          <p className={styles.profileMeta}>
            {m.points.memberSince(formatMemberSince(account.createdAt, config.locale))}
          </p>
        </div>
      </div>

      <section className={styles.card} aria-labelledby="your-details">
        <div className={styles.cardHeader}>
          <h2 id="your-details">{a.yourDetails}</h2>
          {account.isCredit ? null : (
            <ButtonLink to="/help/account-details" variant="secondary" className={styles.small}>
              {a.editDetails}
            </ButtonLink>
          )}
        </div>
        <dl className={styles.details}>
          <dt>{a.name}</dt>
          <dd>{account.fullName}</dd>
          <dt>{a.email}</dt>
          <dd>
            <span className={styles.value}>{account.email}</span>
            <VerificationStatus account={account} />
          </dd>
          {config.enableTelephoneNumber ? (
            <>
              <dt>{a.telephone}</dt>
              <dd className={account.telephoneNumber ? undefined : styles.muted}>
                {account.telephoneNumber ?? a.notGiven}
              </dd>
            </>
          ) : null}
        </dl>
        <h3 className={styles.subheading}>{a.membership}</h3>
        <dl className={styles.details}>
          <dt>{a.cardNumber}</dt>
          <dd className={styles.number}>{account.loyaltyId}</dd>
          {account.vipLevel ? (
            <>
              <dt>{a.vipLevel}</dt>
              <dd>
                <span className={styles.badge}>{account.vipLevel}</span>
              </dd>
            </>
          ) : null}
          <dt>{a.currency}</dt>
          <dd>{currencyName(account.currency, config.locale)}</dd>
        </dl>
      </section>

      <section className={styles.card} aria-labelledby="marketing">
        <div className={styles.cardHeader}>
          <h2 id="marketing">{a.marketing}</h2>
        </div>
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
        <p className={styles.cardNote}>
          <Link to="/help/privacy">{a.privacyLink}</Link>
        </p>
      </section>

      <Suspense fallback={null}>
        <AccountAppointments className={styles.card} />
      </Suspense>

      <nav className={styles.card} aria-labelledby="manage">
        <h2 id="manage">{a.manage}</h2>
        <ul className={styles.links}>
          <ManageLink to="/help/history" label={a.purchaseHistory} hint={a.purchaseHistoryHint} />
          <ManageLink
            to="/help/security"
            label={a.security}
            hint={account.hasPassword === false ? a.securityHintNoPassword : a.securityHint}
          />
          {config.enableWebAuthnLogins ? (
            <ManageLink to="/help/passkeys" label={a.passkeys} hint={a.passkeysHint} />
          ) : null}
          <ManageLink to="/help/privacy" label={a.privacy} hint={a.privacyHint} />
          <ManageLink to="/help/privacy#delete" label={a.deleteAccount} hint={a.deleteAccountHint} />
        </ul>
        <NikeLinkStatus account={account} />
      </nav>

      <Suspense>
        <PersonalShopperSection fallback={false} />
      </Suspense>
      <ContactBlock />
    </Page>
  );
}

/** One way to manage the account: a whole-row link with what it is for. */
function ManageLink({ to, label, hint }: { to: string; label: string; hint: string }) {
  return (
    <li>
      <Link to={to} className={styles.manageLink}>
        <span className={styles.manageLabel}>{label}</span>
        <span className={styles.manageHint}>{hint}</span>
        <span className={styles.chevron} aria-hidden="true">
          ›
        </span>
      </Link>
    </li>
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
