import { useEffect, useState } from 'react';
import { Button } from '../ui/button.tsx';
import { Alert } from '../ui/form.tsx';
import { type StaffMe, staffApi } from './api.ts';
import styles from './staff.module.css';
import { failureWords, useStaffWords } from './staff-context.tsx';

type WebAuthn = typeof import('@simplewebauthn/browser');

/** The passkey library, loaded when a ceremony starts; null when the browser has no WebAuthn. */
async function webAuthn(): Promise<WebAuthn | null> {
  const library = await import('@simplewebauthn/browser');
  return library.browserSupportsWebAuthn() ? library : null;
}

/** /staff/signin (and any console path without a staff session): sign in with the staff passkey. */
export function SignInScreen({ onSignedIn }: { onSignedIn: (me: StaffMe) => void }) {
  const w = useStaffWords();
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function signIn() {
    setBusy(true);
    setMessage(null);
    try {
      const library = await webAuthn();
      if (!library) return setMessage(w.signIn.unsupported);
      const options = await staffApi.signInOptions();
      if (!options.ok) return setMessage(failureWords(w, options));
      let response: unknown;
      try {
        response = await library.startAuthentication({ optionsJSON: options.data.options as never });
      } catch {
        return setMessage(w.signIn.cancelled);
      }
      const answer = await staffApi.signIn(response);
      if (!answer.ok) return setMessage(failureWords(w, answer));
      onSignedIn(answer.data.staff);
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className={styles.narrow}>
      <h1>{w.signIn.title}</h1>
      <p>{w.signIn.intro}</p>
      {message ? <Alert kind="error">{message}</Alert> : null}
      <Button block onClick={() => void signIn()} disabled={busy}>
        {w.signIn.button}
      </Button>
    </main>
  );
}

/** /staff/enrol#<token>: the new staff member registers their passkey and is signed in. */
export function EnrolScreen({ onSignedIn }: { onSignedIn: (me: StaffMe) => void }) {
  const w = useStaffWords();
  const [token] = useState(() => (typeof window === 'undefined' ? '' : window.location.hash.slice(1)));
  const [who, setWho] = useState<{ email: string; fullName: string } | null>(null);
  const [message, setMessage] = useState<string | null>(token ? null : w.enrol.missing);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!token) return;
    void staffApi.enrolmentOptions(token).then((answer) => {
      if (answer.ok) setWho(answer.data);
      else setMessage(answer.status === 400 ? w.enrol.invalid : failureWords(w, answer));
    });
  }, [token, w]);

  async function enrol() {
    if (!who) return;
    setBusy(true);
    setMessage(null);
    try {
      const library = await webAuthn();
      if (!library) return setMessage(w.signIn.unsupported);
      // Fresh options (a challenge lives a few minutes; the page may have been open longer).
      const options = await staffApi.enrolmentOptions(token);
      if (!options.ok) return setMessage(options.status === 400 ? w.enrol.invalid : failureWords(w, options));
      let response: unknown;
      try {
        response = await library.startRegistration({ optionsJSON: options.data.options as never });
      } catch {
        return setMessage(w.signIn.cancelled);
      }
      const answer = await staffApi.enrol(token, response);
      if (!answer.ok) return setMessage(answer.status === 400 ? w.enrol.invalid : failureWords(w, answer));
      window.history.replaceState(null, '', '/staff/enrol');
      onSignedIn(answer.data.staff);
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className={styles.narrow}>
      <h1>{w.enrol.title}</h1>
      {who ? <p>{w.enrol.intro(who.fullName, who.email)}</p> : null}
      {message ? <Alert kind="error">{message}</Alert> : null}
      {who ? (
        <Button block onClick={() => void enrol()} disabled={busy}>
          {w.enrol.button}
        </Button>
      ) : null}
    </main>
  );
}
