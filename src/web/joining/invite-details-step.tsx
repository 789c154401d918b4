import { type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { isEmailAddress } from '#shared/domain/email-rules.ts';
import { minimumPasswordLength } from '#shared/domain/password-rules.ts';
import { useMessages } from '../i18n/messages.tsx';
import { Button } from '../ui/button.tsx';
import { formStyles, TextField } from '../ui/form.tsx';
import { InviteStepHeader, useHeadingFocus } from './invite-step-header.tsx';
import styles from './joining.module.css';
import type { StartSignupState } from './start-signup-state.ts';
import type { InviteLoad } from './use-invite-status.ts';

type ReadyInvite = Extract<InviteLoad, { status: 'ready' }>;

/** The server's own rule (the shared schema's), so a typo is caught before anything is sent. */
function emailProblemOf(email: string): 'missing' | 'invalid' | null {
  if (email.trim() === '') return 'missing';
  return isEmailAddress(email) ? null : 'invalid';
}

/**
 * Step 1 of the invite accept: the invited name (read only), the address to be known by (locked for
 * an existing customer) and, when asked, a password. Next checks them before step 2.
 */
export function InviteDetailsStep({
  invite,
  state,
  onNext,
}: {
  invite: ReadyInvite;
  state: StartSignupState;
  onNext: (email: string, password: string) => void;
}) {
  const m = useMessages().joining;
  const { customer, locked, passwordRequired } = invite;
  const [email, setEmail] = useState(state.email ?? customer.email);
  const [password, setPassword] = useState(state.password);
  const [emailProblem, setEmailProblem] = useState<'missing' | 'invalid' | null>(null);
  const [passwordFlagged, setPasswordFlagged] = useState(state.passwordRefused);
  const emailInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  const heading = useHeadingFocus(state.focus === 'heading');
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the step appears
  useEffect(() => {
    if (state.focus === 'password') passwordInput.current?.focus();
  }, []);

  function next(event: FormEvent) {
    event.preventDefault();
    if (locked) return;
    const problem = customer.existingCustomer ? null : emailProblemOf(email);
    const passwordShort = passwordRequired && password.length < minimumPasswordLength.invite;
    setEmailProblem(problem);
    setPasswordFlagged(passwordShort);
    if (problem) return emailInput.current?.focus();
    if (passwordShort) return passwordInput.current?.focus();
    onNext(customer.existingCustomer ? customer.email : email.trim(), passwordRequired ? password : '');
  }

  // Enter advances from anywhere in step 1 (the focused heading included), as on step 2.
  function onKeyDown(event: KeyboardEvent<HTMLFormElement>) {
    if (event.key !== 'Enter' || event.shiftKey || event.altKey) return;
    const target = event.target as HTMLElement;
    if (target.tagName === 'BUTTON' || target.tagName === 'A') return;
    event.preventDefault();
    event.currentTarget.requestSubmit();
  }

  return (
    <form
      className={`${formStyles.form} ${styles.card}`}
      onSubmit={next}
      onKeyDown={onKeyDown}
      noValidate
      aria-disabled={locked}
    >
      <InviteStepHeader
        step={1}
        heading={m.inviteHeading}
        headingRef={heading}
        invitedBy={invite.invitedBy}
        lockMessage={invite.message}
        message={state.message}
      />
      <p className={styles.lead}>{m.inviteIntro}</p>
      <TextField label={m.fullName} name="fullName" value={customer.fullName} readOnly disabled={locked} />
      <TextField
        ref={emailInput}
        label={m.email}
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        value={email}
        readOnly={customer.existingCustomer}
        disabled={locked}
        hint={customer.existingCustomer ? m.emailLocked : undefined}
        onChange={(event) => setEmail(event.target.value.toLowerCase())}
        invalid={emailProblem !== null}
        error={emailProblem ? { missing: m.emailRequired, invalid: m.emailInvalid }[emailProblem] : null}
      />
      {passwordRequired ? (
        <TextField
          ref={passwordInput}
          label={m.password}
          type="password"
          name="password"
          autoComplete="new-password"
          value={password}
          disabled={locked}
          hint={m.passwordHint}
          onChange={(event) => setPassword(event.target.value)}
          invalid={passwordFlagged}
          error={passwordFlagged ? m.passwordTooShort : null}
        />
      ) : null}
      <Button type="submit" block disabled={locked}>
        {m.next}
      </Button>
    </form>
  );
}
