import { type RefObject, useEffect, useRef } from 'react';
import { useMessages } from '../i18n/messages.tsx';
import { Alert } from '../ui/form.tsx';
import styles from './joining.module.css';
import type { InviteStep } from './start-signup-state.ts';

/** Focuses the step's heading when it appears, if the step was reached by moving (not on page load). */
export function useHeadingFocus(focus: boolean): RefObject<HTMLHeadingElement | null> {
  const heading = useRef<HTMLHeadingElement>(null);
  // Only on mount: a later change of `focus` belongs to the next step.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  useEffect(() => {
    if (focus) heading.current?.focus();
  }, []);
  return heading;
}

/** The top of steps 1 and 2: where the member is, who invited them, and what went wrong. */
export function InviteStepHeader({
  step,
  heading,
  headingRef,
  invitedBy,
  lockMessage,
  message,
}: {
  step: InviteStep;
  heading: string;
  headingRef: RefObject<HTMLHeadingElement | null>;
  invitedBy: string | null;
  /** The §8 message of a link that keeps the form locked. */
  lockMessage: string | null;
  /** The last failure of accepting. */
  message: string | null;
}) {
  const m = useMessages().joining;
  return (
    <>
      <p className={styles.step}>{m.stepOf(step, 4)}</p>
      <h1 className={styles.heading} ref={headingRef} tabIndex={-1}>
        {heading}
      </h1>
      {invitedBy ? <p className={styles.from}>{m.invitedBy(invitedBy)}</p> : null}
      {lockMessage ? <Alert kind="error">{lockMessage}</Alert> : null}
      {message ? <Alert kind="error">{message}</Alert> : null}
    </>
  );
}
