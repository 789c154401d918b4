import { useCallback, useEffect, useState } from 'react';
import type { Passkey } from '#shared/api/credentials.ts';
import { formatHistoryDate } from '#shared/domain/date-format.ts';
import { formatDayAndTime } from '#shared/domain/date-time-format.ts';
import { useConfig } from '../config-context.tsx';
import { useFailureText } from '../i18n/failure-text.ts';
import { useMessages } from '../i18n/messages.tsx';
import { Link } from '../routing/links.tsx';
import { Alert, formStyles } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { TextField } from '../ui/form.tsx';
import { Page } from '../ui/page.tsx';
import { usePageTitle } from '../ui/page-title.tsx';
import { useForm } from '../ui/use-form.ts';
import { credentialsApi } from './api.ts';
import { gaveUp, useRecentAuthentication } from './confirm-identity.tsx';
import styles from './credentials.module.css';
import { registerPasskey } from './register-passkey.ts';

type Notice = { kind: 'success' | 'error'; text: string } | null;

/**
 * SPEC §2 /help/passkeys: the member's passkeys (every §3 field), Create Passkey, "No passkeys
 * registered" when empty, rename and remove, and a mark on the passkey this session signed in with.
 * Creating and removing need a recent sign-in: the member is asked to confirm who they are first.
 */
export default function PasskeysScreen() {
  const m = useMessages();
  const c = m.credentialScreens;
  usePageTitle(m.pageTitles.passkeys);
  const [passkeys, setPasskeys] = useState<Passkey[] | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [creating, setCreating] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const { guarded, confirmStep } = useRecentAuthentication();
  const failureText = useFailureText();

  const load = useCallback(async () => {
    const list = await credentialsApi.passkeys();
    if (list.ok) {
      setPasskeys(list.data);
      setLoadFailed(false);
    } else {
      setLoadFailed(true);
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  async function create() {
    setCreating(true);
    setNotice(null);
    const outcome = await guarded(registerPasskey);
    setCreating(false);
    if (outcome === gaveUp) return;
    if (outcome.ok) {
      setNotice({ kind: 'success', text: c.passkeyCreated });
      await load();
    } else if ('code' in outcome) {
      setNotice({ kind: 'error', text: failureText(outcome, { Unknown: m.credentials.passkeyFailed }) });
    } else if (outcome.browser === 'unsupported') {
      setNotice({ kind: 'error', text: m.credentials.passkeysUnsupported });
    } else if (outcome.browser !== 'cancelled') {
      setNotice({
        kind: 'error',
        text:
          outcome.browser === 'alreadyRegistered' ? m.failures.PasskeyExists : m.credentials.passkeyFailed,
      });
    }
  }

  return (
    <Page narrow>
      <div className={formStyles.form}>
        <h1>{m.pageTitles.passkeys}</h1>
        <p className={styles.intro}>{c.passkeysIntro}</p>
        {notice ? <Alert kind={notice.kind}>{notice.text}</Alert> : null}
        <Button className={styles.create} onClick={() => void create()} disabled={creating}>
          {creating ? c.creating : c.createPasskey}
        </Button>
        {loadFailed ? (
          <Alert kind="error">{c.listFailed}</Alert>
        ) : passkeys === null ? null : passkeys.length === 0 ? (
          <p className={styles.empty}>{c.noPasskeys}</p>
        ) : (
          <ul className={styles.list}>
            {passkeys.map((passkey) => (
              <PasskeyItem
                key={passkey._id}
                passkey={passkey}
                guarded={guarded}
                onChanged={(text) => {
                  setNotice({ kind: 'success', text });
                  void load();
                }}
              />
            ))}
          </ul>
        )}
        {/* The sessions these passkeys signed in are listed on the security page. */}
        <p className={styles.intro}>
          <Link to="/help/security#sessions">{m.sessions.seeSessions}</Link>
        </p>
      </div>
      {confirmStep}
    </Page>
  );
}

function PasskeyItem({
  passkey,
  onChanged,
  guarded,
}: {
  passkey: Passkey;
  onChanged: (message: string) => void;
  guarded: ReturnType<typeof useRecentAuthentication>['guarded'];
}) {
  const { locale } = useConfig();
  const c = useMessages().credentialScreens;
  const failureText = useFailureText();
  const [mode, setMode] = useState<'view' | 'rename' | 'remove'>('view');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const where = [passkey.lastUsedBrowser, passkey.lastUsedBrowserOS, passkey.lastUsedBrowserDeviceVendor]
    .filter(Boolean)
    .join(', ');

  async function remove() {
    setBusy(true);
    const result = await guarded(() => credentialsApi.removePasskey({ id: passkey._id }));
    setBusy(false);
    if (result === gaveUp) return;
    if (result.ok) {
      onChanged(c.removed);
      return;
    }
    setError(failureText(result, { Unknown: c.actionFailed }));
  }

  return (
    <li className={styles.passkey} aria-label={passkey.title}>
      <div className={styles.passkeyHeader}>
        <h2 className={styles.passkeyTitle}>{passkey.title}</h2>
        <span className={styles.keyNumber}>{c.keyNumber(passkey.keyNumber)}</span>
      </div>
      {passkey.isActiveSession ? <span className={styles.active}>{c.activeSession}</span> : null}
      <p className={styles.details}>
        {c.createdOn(formatHistoryDate(passkey.createdAt, locale))}
        <br />
        {passkey.lastUsedAt
          ? `${c.lastUsed(formatDayAndTime(passkey.lastUsedAt, locale))}${where ? ` ${c.usedWith(where)}` : ''}`
          : c.neverUsed}
      </p>
      {mode === 'rename' ? (
        <RenameForm
          passkey={passkey}
          onDone={(renamed) => {
            setMode('view');
            setError(null);
            if (renamed) onChanged(c.renamed);
          }}
        />
      ) : mode === 'remove' ? (
        <div className={formStyles.form}>
          <Alert kind="error">{c.confirmRemove(passkey.title)}</Alert>
          {error ? <Alert kind="error">{error}</Alert> : null}
          <div className={styles.actions}>
            <Button onClick={() => void remove()} disabled={busy}>
              {c.confirmRemoveButton}
            </Button>
            <Button variant="secondary" onClick={() => setMode('view')}>
              {c.cancel}
            </Button>
          </div>
        </div>
      ) : (
        <div className={styles.actions}>
          <Button variant="secondary" onClick={() => setMode('rename')}>
            {c.rename}
          </Button>
          <Button variant="secondary" onClick={() => setMode('remove')}>
            {c.remove}
          </Button>
        </div>
      )}
    </li>
  );
}

/** Renames a passkey (a name of 1 to 60 characters); `onDone(true)` once renamed, `false` on cancel. */
function RenameForm({ passkey, onDone }: { passkey: Passkey; onDone: (renamed: boolean) => void }) {
  const c = useMessages().credentialScreens;
  const failureText = useFailureText();
  const form = useForm({
    initial: { title: passkey.title },
    validate: ({ title }) => ({ title: title.trim() === '' && c.passkeyNameRequired }),
  });
  const submit = form.onSubmit(async ({ title }) => {
    const result = await credentialsApi.renamePasskey({ id: passkey._id, title: title.trim() });
    if (result.ok) {
      onDone(true);
      return;
    }
    return {
      problems: { title: failureText(result, { Unknown: c.actionFailed, InvalidRequest: c.actionFailed }) },
    };
  });
  return (
    <form className={formStyles.form} onSubmit={submit} noValidate>
      <TextField {...form.field('title')} label={c.passkeyName} maxLength={60} autoFocus />
      <div className={styles.actions}>
        <Button type="submit" disabled={form.busy}>
          {c.save}
        </Button>
        <Button variant="secondary" onClick={() => onDone(false)}>
          {c.cancel}
        </Button>
      </div>
    </form>
  );
}
