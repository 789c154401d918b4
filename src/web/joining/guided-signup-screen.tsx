import { type FormEvent, useRef, useState } from 'react';
import {
  consentToAllowMarketing,
  consentUnanswered,
  type MarketingConsentValue,
  unknownConsent,
} from '#shared/domain/consent.ts';
import { emailProblem, nameMissing } from '#shared/domain/joining-rules.ts';
import { useConfig } from '../config-context.tsx';
import {
  JoiningTelephoneField,
  telephoneInvalid,
  typedNumber,
  whatsAppOffered,
} from '../consent/joining-telephone.tsx';
import { MarketingConsentField } from '../consent/marketing-consent-field.tsx';
import { useFailureText } from '../i18n/failure-text.ts';
import { useMessages } from '../i18n/messages.tsx';
import { useParams } from '../routing/routes.tsx';
import { Alert, formStyles } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { EmailField, TextField } from '../ui/form.tsx';
import { Page } from '../ui/page.tsx';
import { usePageTitle } from '../ui/page-title.tsx';
import { useForm } from '../ui/use-form.ts';
import { guidedSignUp } from './api.ts';
import { ConfirmationChecks, type Confirmations } from './confirmations.tsx';
import styles from './joining.module.css';
import { TermsLinks } from './onboarding.tsx';

const noConfirmations: Confirmations = { confirmAge: false, acceptTerms: false };

/**
 * SPEC §2 VIP Signup (/store/signup/:token?, when guided signup is enabled): in store, the customer
 * gives name, email and consents; we email them the /complete-signup link that finishes the account.
 * The optional :token names the store or stylist. The VIP Signup boundary renders it only after mount.
 * With telephone numbers on the customer may give a number; WhatsApp is offered only once there is one.
 */
export default function GuidedSignupScreen() {
  const messages = useMessages();
  const m = messages.joining;
  const config = useConfig();
  const { token } = useParams();
  const failureText = useFailureText();
  usePageTitle(messages.titles.vipSignup);
  const rules = ({ name, email }: { name: string; email: string }) => {
    const problem = emailProblem(email);
    return {
      name: nameMissing(name) && m.nameRequired,
      email: problem ? { missing: m.emailRequired, invalid: m.emailInvalid }[problem] : false,
    };
  };
  const form = useForm({
    initial: { name: '', email: '' },
    validate: rules,
    normalise: { email: (value) => value.toLowerCase() },
  });
  const [consent, setConsent] = useState<MarketingConsentValue>(unknownConsent);
  const [confirmations, setConfirmations] = useState<Confirmations>(noConfirmations);
  const [showErrors, setShowErrors] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const consentInput = useRef<HTMLInputElement & HTMLSelectElement>(null);
  const [telephone, setTelephone] = useState('');
  const [telephoneFlagged, setTelephoneFlagged] = useState(false);
  const telephoneInput = useRef<HTMLInputElement>(null);
  const offered = whatsAppOffered(config.enableTelephoneNumber, telephone, false);

  function reset() {
    form.show({ reset: { name: '', email: '' } });
    setConsent(unknownConsent);
    setTelephone('');
    setTelephoneFlagged(false);
    setConfirmations(noConfirmations);
    setShowErrors(false);
    setSentTo(null);
  }

  const send = form.onSubmit(async ({ name, email }) => {
    const allow = consentToAllowMarketing(consent);
    if (allow.allowMarketing === null) return undefined;
    const result = await guidedSignUp({
      username: email.trim(),
      name: name.trim(),
      allowMarketing: allow.allowMarketing,
      allowMarketingWhatsApp: offered ? allow.allowMarketingWhatsApp : null,
      ...(config.enableTelephoneNumber ? { telephoneNumber: typedNumber(telephone) } : {}),
      storeToken: token ?? null,
      confirmAge: true,
      acceptTerms: true,
    });
    if (result.ok) {
      setSentTo(email.trim());
      return undefined;
    }
    const { fieldErrors } = result;
    return {
      message: failureText(result, {
        UserAlreadyExists: m.userAlreadyExists,
        Unknown: m.signupFailed,
        ServerError: m.signupFailed,
      }),
      problems: { name: 'name' in fieldErrors, email: 'username' in fieldErrors },
    };
  });

  // Every problem shows at once; the focus goes to the first: a field, else the consent question.
  function submit(event: FormEvent) {
    event.preventDefault();
    if (form.busy) return;
    const unanswered = consentUnanswered(consent, offered);
    const unconfirmed = !confirmations.confirmAge || !confirmations.acceptTerms;
    const badNumber = telephoneInvalid(telephone, config.locale);
    setShowErrors(unanswered || unconfirmed);
    setTelephoneFlagged(badNumber);
    const fieldsOk = !Object.values(rules(form.values)).some(Boolean);
    if (fieldsOk && (badNumber || unanswered || unconfirmed)) {
      form.show({ message: form.message });
      if (badNumber) telephoneInput.current?.focus();
      else if (unanswered) consentInput.current?.focus();
      return;
    }
    void send();
  }

  if (sentTo) {
    return (
      <Page narrow>
        <div className={styles.card}>
          <h1 className={styles.heading}>{m.vipHeading}</h1>
          <Alert kind="success">{m.vipSent(sentTo)}</Alert>
          <Button onClick={reset}>{m.vipAnother}</Button>
        </div>
      </Page>
    );
  }

  return (
    <Page narrow>
      <form className={`${formStyles.form} ${styles.card}`} onSubmit={submit} noValidate>
        <h1 className={styles.heading}>{m.vipHeading}</h1>
        <p className={styles.lead}>{m.vipIntro}</p>
        {form.message ? <Alert kind="error">{form.message}</Alert> : null}
        <TextField {...form.field('name')} label={m.name} autoComplete="off" />
        <EmailField {...form.field('email')} label={m.email} autoComplete="off" />
        <TermsLinks />
        {config.enableTelephoneNumber ? (
          <JoiningTelephoneField
            ref={telephoneInput}
            value={telephone}
            onChange={(typed) => {
              setTelephone(typed);
              setTelephoneFlagged(false);
            }}
            invalid={telephoneFlagged}
            disabled={form.busy}
          />
        ) : null}
        <MarketingConsentField
          ref={consentInput}
          value={consent}
          onChange={setConsent}
          telephoneEnabled={offered}
          showErrors={showErrors}
          disabled={form.busy}
        />
        <ConfirmationChecks
          value={confirmations}
          onChange={setConfirmations}
          showErrors={showErrors}
          disabled={form.busy}
        />
        <Button type="submit" block disabled={form.busy}>
          {form.busy ? m.signingUp : m.signUp}
        </Button>
      </form>
    </Page>
  );
}
