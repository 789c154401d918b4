import { useCallback, useEffect, useRef, useState } from 'react';
import type { MemberSession } from '#shared/api/sessions.ts';
import { formatDayAndTime } from '#shared/domain/date-time-format.ts';
import { useConfig } from '../config-context.tsx';
import { useFailureText } from '../i18n/failure-text.ts';
import { useMessages } from '../i18n/messages.tsx';
import { Link } from '../routing/links.tsx';
import { useLocation, useNavigate } from '../routing/router.tsx';
import { useSession } from '../session/session-context.tsx';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { sessionsApi } from './api.ts';
import styles from './sessions.module.css';

type Notice = { kind: 'success' | 'error'; text: string } | null;

/** Within this long of its last request a session reads "Active now" (last use is kept to a minute). */
const activeNowMs = 2 * 60_000;

/**
 * Sessions and devices, on /help/security: every browser signed in to the account, this one first and marked,
 * with when it signed in and when it was last used; sign any one out, or every other one. Signing
 * this browser out leaves the account area for the sign-in page.
 */
export function SessionsSection() {
  const m = useMessages();
  const w = m.sessions;
  const { locale, enableWebAuthnLogins } = useConfig();
  const failureText = useFailureText();
  const session = useSession();
  // What to do about a browser the member does not know depends on how they sign in.
  const hasPassword = session.state.status !== 'authenticated' || session.state.account.hasPassword !== false;
  const navigate = useNavigate();
  const { hash } = useLocation();
  const heading = useRef<HTMLHeadingElement>(null);
  const [list, setList] = useState<MemberSession[] | 'loading' | 'failed'>('loading');
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const load = useCallback(async () => {
    const result = await sessionsApi.list();
    setList(result.ok ? result.data.sessions : 'failed');
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  // Linked from the passkeys page as #sessions: once the list is there, bring it into view.
  const loaded = Array.isArray(list);
  useEffect(() => {
    if (loaded && hash === '#sessions') heading.current?.scrollIntoView();
  }, [loaded, hash]);

  const name = (s: MemberSession) => w.device(s.browser, s.platform);

  async function end(target: MemberSession) {
    setBusy(target.id);
    setNotice(null);
    const result = await sessionsApi.end(target.id);
    setBusy(null);
    if (result.ok && result.data.signedOut) {
      await session.refresh();
      await navigate('/signin');
      return;
    }
    // Already ended elsewhere: it is gone either way, so the list is simply brought up to date.
    if (result.ok || result.code === 'SessionUnknown') {
      setNotice({ kind: 'success', text: w.signedOut(name(target)) });
    } else {
      setNotice({ kind: 'error', text: failureText(result, { Unknown: w.failed }) });
    }
    await load();
  }

  async function endOthers() {
    setBusy('others');
    setNotice(null);
    const result = await sessionsApi.endOthers();
    setBusy(null);
    setNotice(
      result.ok
        ? {
            kind: 'success',
            text: result.data.ended === 0 ? w.onlyHere : w.signedOutOthers(result.data.ended),
          }
        : { kind: 'error', text: failureText(result, { Unknown: w.failed }) },
    );
    await load();
  }

  const ago = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  const lastUse = (s: MemberSession) => {
    const since = Date.now() - Date.parse(s.lastUsedAt);
    if (s.current || since < activeNowMs) return w.activeNow;
    return w.lastActive(relative(ago, since));
  };
  const others = Array.isArray(list) ? list.filter((s) => !s.current).length : 0;

  return (
    <section id="sessions" className={styles.section} aria-labelledby="sessions-heading">
      <h2 id="sessions-heading" ref={heading} className={styles.heading}>
        {w.heading}
      </h2>
      <p className={styles.intro}>{hasPassword ? w.intro : w.introNoPassword}</p>
      {notice ? <Alert kind={notice.kind}>{notice.text}</Alert> : null}
      {list === 'loading' ? (
        <p role="status">{w.loading}</p>
      ) : list === 'failed' ? (
        <div className={styles.failed}>
          <Alert kind="error">{w.loadFailed}</Alert>
          <Button variant="secondary" onClick={() => void load()}>
            {w.retry}
          </Button>
        </div>
      ) : (
        <>
          <ul className={styles.list}>
            {list.map((s) => (
              <li key={s.id} className={styles.item} aria-label={name(s)}>
                <div className={styles.itemHeader}>
                  <h3 className={styles.device}>{name(s)}</h3>
                  {s.current ? <span className={styles.current}>{w.thisDevice}</span> : null}
                </div>
                <p className={styles.details}>
                  {w.signedIn(formatDayAndTime(s.signedInAt, locale))}
                  <br />
                  {lastUse(s)}
                  {s.passkey && enableWebAuthnLogins ? (
                    <>
                      <br />
                      {w.withPasskey} <Link to="/help/passkeys">“{s.passkey.title}”</Link>
                    </>
                  ) : null}
                </p>
                <Button
                  variant="secondary"
                  className={styles.end}
                  onClick={() => void end(s)}
                  disabled={busy !== null}
                  aria-label={w.signOutDevice(name(s))}
                >
                  {busy === s.id ? w.signingOut : w.signOut}
                </Button>
              </li>
            ))}
          </ul>
          {others > 0 ? (
            <Button block onClick={() => void endOthers()} disabled={busy !== null}>
              {busy === 'others' ? w.signingOut : w.signOutOthers}
            </Button>
          ) : (
            <p className={styles.note}>{w.onlyHere}</p>
          )}
        </>
      )}
      <p className={styles.note}>{w.newSignInEmail}</p>
    </section>
  );
}

/** "5 minutes ago", "yesterday", "3 weeks ago": the largest unit that fits. */
function relative(format: Intl.RelativeTimeFormat, sinceMs: number): string {
  const minutes = Math.round(sinceMs / 60_000);
  if (minutes < 60) return format.format(-minutes, 'minute');
  const hours = Math.round(minutes / 60);
  if (hours < 24) return format.format(-hours, 'hour');
  const days = Math.round(hours / 24);
  if (days < 14) return format.format(-days, 'day');
  return format.format(-Math.round(days / 7), 'week');
}
