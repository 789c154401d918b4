import { useEffect, useRef, useState } from 'react';
import { useConfig } from '../config-context.tsx';
import { registerPasskey } from '../credentials/register-passkey.ts';
import { useFailureText } from '../i18n/failure-text.ts';
import { useMessages } from '../i18n/messages.tsx';
import { Link } from '../routing/links.tsx';
import { Alert, formStyles } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { WalletBadges } from '../wallet/wallet-badges.tsx';
import styles from './joining.module.css';

/** Links to the scheme terms and the privacy policy, wherever configuration puts them. */
export function TermsLinks() {
  const m = useMessages().joining;
  const config = useConfig();
  const termsHref = config.externalTermsUrl ?? `/help${config.termsPagePath}`;
  const privacyHref = config.privacyPolicyUrl ?? `/help${config.privacyPagePath}`;
  return (
    <p className={styles.lead}>
      {m.termsIntro}{' '}
      <a href={termsHref} target="_blank" rel="noopener noreferrer">
        {m.terms}
      </a>{' '}
      {m.and}{' '}
      <a href={privacyHref} target="_blank" rel="noopener noreferrer">
        {m.privacyPolicy}
      </a>
      .
    </p>
  );
}

/** Moves focus to a step's heading when the step appears, so screen readers announce it. */
function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => ref.current?.focus(), []);
  return ref;
}

/**
 * Step 3: success and wallet onboarding, then Continue (to the passkey offer) or Continue to account.
 * Continue goes straight to the account when passkeys are off.
 */
export function SuccessStep({
  step,
  total,
  onContinue,
  onContinueToAccount,
  notice,
}: {
  step: number;
  total: number;
  onContinue: () => void;
  onContinueToAccount: () => void;
  /** Something the member must still do, e.g. open the link that confirms a new address. */
  notice?: string | null;
}) {
  const m = useMessages().joining;
  const config = useConfig();
  const heading = useFocusOnMount<HTMLHeadingElement>();
  return (
    <section className={styles.card} aria-labelledby="joining-success">
      <p className={styles.step}>{m.stepOf(step, total)}</p>
      <h1 id="joining-success" className={styles.heading} ref={heading} tabIndex={-1}>
        {m.successHeading}
      </h1>
      <Alert kind="success">{m.successBody(config.title)}</Alert>
      {notice ? <Alert kind="info">{notice}</Alert> : null}
      <div className={styles.wallet} data-testid="wallet-onboarding">
        <h2>{m.walletHeading}</h2>
        <p>{m.walletBody}</p>
        {/* The member is signed in by now, so the badges need no onboarding token. */}
        <WalletBadges />
      </div>
      <div className={`${formStyles.actions} ${styles.spread}`}>
        <Button onClick={config.enableWebAuthnLogins ? onContinue : onContinueToAccount}>{m.continue}</Button>
        <Button variant="secondary" onClick={onContinueToAccount}>
          {m.continueToAccount}
        </Button>
      </div>
    </section>
  );
}

/**
 * Step 4: the passkey offer with Skip; on success or Skip the member goes to their account. A passkey
 * made hands `onDone` the confirmation to show there (Home's modal message), so the member knows it worked.
 */
export function PasskeyStep({
  step,
  total,
  onDone,
}: {
  step: number;
  total: number;
  onDone: (confirmation?: string) => void;
}) {
  const m = useMessages().joining;
  const heading = useFocusOnMount<HTMLHeadingElement>();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const failureText = useFailureText();

  async function create() {
    setBusy(true);
    setMessage(null);
    const outcome = await registerPasskey();
    setBusy(false);
    if (outcome.ok) {
      onDone(m.passkeyCreated);
      return;
    }
    if ('code' in outcome) setMessage(failureText(outcome, { Unknown: m.passkeyFailed }));
    else if (outcome.browser === 'unsupported') setMessage(m.passkeysUnsupported);
    else setMessage(m.passkeyFailed);
  }

  return (
    <section className={styles.card} aria-labelledby="joining-passkey">
      <p className={styles.step}>{m.stepOf(step, total)}</p>
      <h1 id="joining-passkey" className={styles.heading} ref={heading} tabIndex={-1}>
        {m.passkeyHeading}
      </h1>
      <p className={styles.lead}>{m.passkeyBody}</p>
      {message ? <Alert kind="error">{message}</Alert> : null}
      <Button block onClick={create} disabled={busy}>
        {busy ? m.creatingPasskey : m.createPasskey}
      </Button>
      <Link
        className={styles.skip}
        to="/"
        onClick={(event) => {
          event.preventDefault();
          onDone();
        }}
      >
        {m.skip}
      </Link>
    </section>
  );
}
