import { useEffect } from 'react';
import { emailProblem, passwordTooShort } from '#shared/domain/joining-rules.ts';
import { useMessages } from '../i18n/messages.tsx';
import { Button } from '../ui/button.tsx';
import { EmailField, PasswordField, TextField } from '../ui/form.tsx';
import { useForm } from '../ui/use-form.ts';
import { InviteStepForm, type ReadyInvite } from './invite-step-form.tsx';
import styles from './joining.module.css';
import type { StartSignupState } from './start-signup-state.ts';

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
  const form = useForm({
    normalise: { email: (value) => value.toLowerCase() },
    initial: { email: state.email ?? customer.email, password: state.password },
    validate: ({ email, password }) => {
      const problem = customer.existingCustomer ? null : emailProblem(email);
      return {
        email: problem ? { missing: m.emailRequired, invalid: m.emailInvalid }[problem] : false,
        password: passwordRequired && passwordTooShort(password, 'invite') && m.passwordTooShort,
      };
    },
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the step appears
  useEffect(() => {
    // SPEC §4: a refused password comes back cleared, flagged and focused.
    if (state.passwordRefused) form.show({ message: null, problems: { password: m.passwordTooShort } });
  }, []);

  const next = form.onSubmit(async ({ email, password }) => {
    onNext(customer.existingCustomer ? customer.email : email.trim(), passwordRequired ? password : '');
    return undefined;
  });

  return (
    <InviteStepForm
      step={1}
      heading={m.inviteHeading}
      invite={invite}
      state={state}
      onSubmit={(event) => (locked ? event.preventDefault() : void next(event))}
    >
      <p className={styles.lead}>{m.inviteIntro}</p>
      <TextField label={m.fullName} name="fullName" value={customer.fullName} readOnly disabled={locked} />
      <EmailField
        {...form.field('email')}
        label={m.email}
        autoComplete="email"
        readOnly={customer.existingCustomer}
        disabled={locked}
        hint={customer.existingCustomer ? m.emailLocked : undefined}
      />
      {passwordRequired ? (
        <PasswordField
          {...form.field('password')}
          label={m.password}
          autoComplete="new-password"
          disabled={locked}
          hint={m.passwordHint}
        />
      ) : null}
      <Button type="submit" block disabled={locked}>
        {m.next}
      </Button>
    </InviteStepForm>
  );
}
