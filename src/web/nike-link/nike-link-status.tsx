import { useRef, useState } from 'react';
import type { Account } from '#shared/api/common.ts';
import { useFailureText } from '../i18n/failure-text.ts';
import { useMessages } from '../i18n/messages.tsx';
import { Link } from '../routing/links.tsx';
import { useSession } from '../session/session-context.tsx';
import { Alert, formStyles } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { Dialog } from '../ui/dialog.tsx';
import { useForm } from '../ui/use-form.ts';
import { unlinkNikeAccount } from './api.ts';
import styles from './nike.module.css';

/** My details: whether a Nike account is linked, with a way to connect one or (confirmed) unlink it. */
export function NikeLinkStatus({ account }: { account: Account }) {
  const m = useMessages().nike;
  const linked = account.nikeLinked === true;
  const [confirming, setConfirming] = useState(false);
  const [unlinked, setUnlinked] = useState(false);
  return (
    <>
      <p className={styles.statusRow}>
        <span className={styles.statusLabel}>{m.status}:</span>
        <span data-testid="nike-link-status">{linked ? m.statusLinked : m.statusNotLinked}</span>
        {linked ? (
          <Button variant="secondary" onClick={() => setConfirming(true)}>
            {m.unlink}
          </Button>
        ) : (
          <Link to="/link-with-nike">{m.connectAccount}</Link>
        )}
      </p>
      {unlinked && !linked ? <Alert kind="success">{m.unlinked}</Alert> : null}
      {confirming ? (
        <ConfirmUnlink
          onClose={() => setConfirming(false)}
          onDone={() => {
            setConfirming(false);
            setUnlinked(true);
          }}
        />
      ) : null}
    </>
  );
}

function ConfirmUnlink({ onClose, onDone }: { onClose: () => void; onDone: () => void }) {
  const m = useMessages().nike;
  const { refresh } = useSession();
  const failureText = useFailureText();
  const keep = useRef<HTMLButtonElement>(null);
  const form = useForm({ initial: {} });
  const submit = form.onSubmit(async () => {
    const answer = await unlinkNikeAccount();
    if (!answer.ok) return { message: failureText(answer, { Unknown: m.unlinkFailed }) };
    await refresh();
    onDone();
    return undefined;
  });
  return (
    <Dialog title={m.unlinkTitle} initialFocus={keep} onClose={onClose}>
      <p>{m.unlinkIntro}</p>
      {form.message ? <Alert kind="error">{form.message}</Alert> : null}
      <form className={formStyles.actions} onSubmit={submit}>
        <Button type="submit" disabled={form.busy}>
          {form.busy ? m.unlinking : m.confirmUnlink}
        </Button>
        <Button ref={keep} variant="secondary" onClick={onClose} disabled={form.busy}>
          {m.keepLinked}
        </Button>
      </form>
    </Dialog>
  );
}
