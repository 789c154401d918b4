import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { useEffect, useState } from 'react';
import type { CallResult } from '../api.ts';
import {
  authenticateWithPasskey,
  type CeremonyStopped,
  createPasskey,
  optionsOf,
} from '../credentials/passkey-ceremony.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { type StaffSignedIn, staffApi } from './api.ts';
import styles from './staff.module.css';
import { failureWords, useStaffWords } from './staff-context.tsx';

type StaffWords = ReturnType<typeof useStaffWords>;

/** What to tell staff when a passkey ceremony did not sign them in. */
function ceremonyWords(
  w: StaffWords,
  result: Exclude<CallResult<StaffSignedIn> | CeremonyStopped, { ok: true }>,
  invalid?: string,
): string {
  if ('browser' in result)
    return result.browser === 'unsupported' ? w.signIn.unsupported : w.signIn.cancelled;
  if (invalid && result.status === 400) return invalid;
  return failureWords(w, result);
}

/** /staff/signin (and any console path without a staff session): sign in with the staff passkey. */
export function SignInScreen({ onSignedIn }: { onSignedIn: (signedIn: StaffSignedIn) => void }) {
  const w = useStaffWords();
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function signIn() {
    setBusy(true);
    setMessage(null);
    try {
      const result = await authenticateWithPasskey(staffApi.signInOptions, staffApi.signIn);
      if (result.ok) onSignedIn(result.data);
      else setMessage(ceremonyWords(w, result));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={styles.narrow}>
      <h1>{w.signIn.title}</h1>
      <p>{w.signIn.intro}</p>
      {message ? <Alert kind="error">{message}</Alert> : null}
      <Button block onClick={() => void signIn()} disabled={busy}>
        {w.signIn.button}
      </Button>
    </div>
  );
}

/** /staff/enrol#<token>: the new staff member registers their passkey and is signed in. */
export function EnrolScreen({ onSignedIn }: { onSignedIn: (signedIn: StaffSignedIn) => void }) {
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
      // Fresh options (a challenge lives a few minutes; the page may have been open longer).
      const options = () =>
        optionsOf<PublicKeyCredentialCreationOptionsJSON>(staffApi.enrolmentOptions(token));
      const result = await createPasskey(options, (response) => staffApi.enrol(token, response));
      if (!result.ok) return setMessage(ceremonyWords(w, result, w.enrol.invalid));
      window.history.replaceState(null, '', '/staff/enrol');
      onSignedIn(result.data);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={styles.narrow}>
      <h1>{w.enrol.title}</h1>
      {who ? <p>{w.enrol.intro(who.fullName, who.email)}</p> : null}
      {message ? <Alert kind="error">{message}</Alert> : null}
      {who ? (
        <Button block onClick={() => void enrol()} disabled={busy}>
          {w.enrol.button}
        </Button>
      ) : null}
    </div>
  );
}
