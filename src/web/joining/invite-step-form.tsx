import { type FormEvent, type KeyboardEvent, type ReactNode, useEffect, useRef } from 'react';
import { useMessages } from '../i18n/messages.tsx';
import { Alert, formStyles } from '../ui/alert.tsx';
import styles from './joining.module.css';
import type { InviteStep, StartSignupState } from './start-signup-state.ts';
import type { InviteLoad } from './use-invite-status.ts';

export type ReadyInvite = Extract<InviteLoad, { status: 'ready' }>;

/**
 * The form of steps 1 and 2 of the invite accept, with their top: where the member is, who invited
 * them, and what went wrong. The heading takes the focus when the step was reached by moving (not
 * on page load). SPEC §4: Enter goes on from anywhere in the step (the focused heading included);
 * with `onBack`, Shift+Enter or Alt+Enter goes back.
 */
export function InviteStepForm({
  step,
  heading,
  invite,
  state,
  onSubmit,
  onBack,
  children,
}: {
  step: InviteStep;
  heading: string;
  invite: ReadyInvite;
  /** `focus` says whether the heading takes the focus; `message`, the last failure of accepting. */
  state: StartSignupState;
  onSubmit: (event: FormEvent) => void;
  onBack?: () => void;
  children: ReactNode;
}) {
  const m = useMessages().joining;
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Only on mount: a later change of `focus` belongs to the next step.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  useEffect(() => {
    if (state.focus === 'heading') headingRef.current?.focus();
  }, []);

  function onKeyDown(event: KeyboardEvent<HTMLFormElement>) {
    if (event.key !== 'Enter') return;
    if (event.shiftKey || event.altKey) {
      if (!onBack) return;
      event.preventDefault();
      onBack();
      return;
    }
    const target = event.target as HTMLElement;
    if (target.tagName === 'BUTTON' || target.tagName === 'A') return;
    event.preventDefault();
    event.currentTarget.requestSubmit();
  }

  return (
    <form
      className={`${formStyles.form} ${styles.card}`}
      onSubmit={onSubmit}
      onKeyDown={onKeyDown}
      noValidate
      aria-disabled={invite.locked}
    >
      <p className={styles.step}>{m.stepOf(step, 4)}</p>
      <h1 className={styles.heading} ref={headingRef} tabIndex={-1}>
        {heading}
      </h1>
      {invite.invitedBy ? <p className={styles.from}>{m.invitedBy(invite.invitedBy)}</p> : null}
      {/* The §8 message of a link that keeps the form locked. */}
      {invite.message ? <Alert kind="error">{invite.message}</Alert> : null}
      {state.message ? <Alert kind="error">{state.message}</Alert> : null}
      {children}
    </form>
  );
}
