import { useCallback, useEffect, useState } from 'react';
import type { StaffNotice } from '#shared/api/staff-members.ts';
import type { CallResult } from '../api.ts';
import { Link } from '../routing/links.tsx';
import { useParams } from '../routing/routes.tsx';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { type MemberView, staffApi } from './api.ts';
import { ManagerActions } from './member-manager-actions.tsx';
import { MemberShopperPanel } from './member-shopper-panel.tsx';
import styles from './staff.module.css';
import { failureWords, noticeWords, useMayDo, useStaff, useStaffWords } from './staff-context.tsx';
import { useStaffFormat } from './staff-format.ts';
import { TableScroll } from './table-scroll.tsx';

/** What a member action answers: a notice code the console words. */
type Done = { notice: StaffNotice; email?: string; points?: number };

/** Runs a member action and shows how it went; the view reloads after a success. */
export type Act = (run: () => Promise<CallResult<Done>>) => Promise<boolean>;

/** /staff/members/:loyaltyId: everything about one member, and what the role may do for them. */
export function MemberScreen() {
  const w = useStaffWords();
  const format = useStaffFormat();
  const { sessionEnded } = useStaff();
  const { loyaltyId = '' } = useParams();
  const [view, setView] = useState<MemberView | null>(null);
  const [notice, setNotice] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const mayManage = useMayDo('manager');

  const load = useCallback(async () => {
    const answer = await staffApi.member(loyaltyId);
    if (answer.ok) setView(answer.data);
    else if (answer.status === 401) sessionEnded();
    else setLoadError(answer.status === 404 ? w.member.notFound : failureWords(w, answer));
  }, [loyaltyId, sessionEnded, w]);
  useEffect(() => {
    void load();
  }, [load]);

  const act: Act = async (run) => {
    setNotice(null);
    const answer = await run();
    if (!answer.ok) {
      if (answer.status === 401) sessionEnded();
      setNotice({ kind: 'error', text: failureWords(w, answer) });
      return false;
    }
    setNotice({ kind: 'success', text: noticeWords(w, format.points, answer.data) });
    await load();
    return true;
  };

  if (loadError) return <Alert kind="error">{loadError}</Alert>;
  if (!view) return <p aria-live="polite">{w.loading}</p>;
  const { account } = view;
  return (
    <>
      <p>
        <Link to="/staff">{w.member.back}</Link>
      </p>
      <h1>{account.fullName}</h1>
      {notice ? <Alert kind={notice.kind}>{notice.text}</Alert> : null}
      <div className={styles.columns}>
        <AccountPanel view={view} />
        <SupportPanel view={view} act={act} />
      </div>
      <MemberShopperPanel loyaltyId={account.loyaltyId} />
      {mayManage ? <ManagerActions view={view} act={act} /> : null}
      <LedgerPanel view={view} />
      <ClaimsPanel view={view} />
      <div className={styles.columns}>
        <ConsentsPanel view={view} />
        <PassesPanel view={view} />
      </div>
    </>
  );
}

function AccountPanel({ view }: { view: MemberView }) {
  const w = useStaffWords();
  const { day, points, money } = useStaffFormat();
  const f = w.member.fields;
  const a = view.account;
  const yes = (value: boolean) => (value ? w.member.yes : w.member.no);
  const rows: [string, string][] = [
    [f.card, a.loyaltyId],
    [f.email, a.email ?? '—'],
    [f.phone, a.telephoneNumber ?? '—'],
    [f.joined, day(a.createdAt)],
    [f.points, points(a.pointsBalance)],
    [f.pending, points(a.pendingPointsBalance)],
    [f.cash, money(a.cashBalance, a.currency)],
    [f.vip, a.vipLevel ?? w.member.none],
    [f.verified, yes(a.emailVerified)],
    [f.credit, yes(a.isCredit)],
    [f.review, yes(a.underReview)],
    [f.canRedeem, yes(a.canRedeem)],
    [f.canConvert, yes(a.canConvert)],
    [f.canSignIn, yes(a.canSignIn)],
  ];
  return (
    <section className={styles.panel} aria-labelledby="account-heading">
      <h2 id="account-heading">{w.member.account}</h2>
      <dl className={styles.facts}>
        {rows.map(([term, value]) => (
          <div key={term} style={{ display: 'contents' }}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** Support's actions: sessions, invitations, a password reset link. */
function SupportPanel({ view, act }: { view: MemberView; act: Act }) {
  const w = useStaffWords();
  const { day, minute } = useStaffFormat();
  const id = view.account.loyaltyId;
  return (
    <section className={styles.panel} aria-labelledby="support-heading">
      <h2 id="support-heading">{w.member.supportActions}</h2>
      <div className={styles.actions}>
        <Button variant="secondary" onClick={() => void act(() => staffApi.sendPasswordReset(id))}>
          {w.member.sendReset}
        </Button>
        <Button variant="secondary" onClick={() => void act(() => staffApi.sendSignInLink(id))}>
          {w.member.sendSignInLink}
        </Button>
      </div>
      <h3>{w.member.sessions}</h3>
      {view.sessions.length === 0 ? (
        <p className={styles.muted}>{w.member.noSessions}</p>
      ) : (
        <>
          <ul className={styles.list}>
            {view.sessions.map((session) => (
              <li key={session.id}>
                <span>
                  {session.userAgent ?? '—'} · {w.member.lastSeen(minute(session.lastSeenAt))}
                  {session.viaPasskey ? ` · ${w.member.viaPasskey}` : ''}
                </span>
                <Button
                  variant="secondary"
                  onClick={() => void act(() => staffApi.endSession(id, session.id))}
                >
                  {w.member.endSession}
                </Button>
              </li>
            ))}
          </ul>
          <div className={styles.actions}>
            <Button variant="secondary" onClick={() => void act(() => staffApi.endAllSessions(id))}>
              {w.member.endAllSessions}
            </Button>
          </div>
        </>
      )}
      <h3>{w.member.invitations}</h3>
      {view.invitations.length === 0 ? (
        <p className={styles.muted}>{w.member.noInvitations}</p>
      ) : (
        <ul className={styles.list}>
          {view.invitations.map((invite) => (
            <li key={invite.id}>
              <span>
                {w.member.invitationLine(
                  w.member.invitationStates[invite.state],
                  day(invite.createdAt),
                  invite.invitedBy,
                )}
              </span>
              {invite.state === 'consumed' ? null : (
                <Button
                  variant="secondary"
                  onClick={() => void act(() => staffApi.resendInvitation(id, invite.id))}
                >
                  {w.member.resendInvitation}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function LedgerPanel({ view }: { view: MemberView }) {
  const w = useStaffWords();
  const { day, minute, points, money } = useStaffFormat();
  const c = w.member.ledgerColumns;
  const currency = view.account.currency;
  return (
    <section className={styles.panel} aria-labelledby="ledger-heading">
      <h2 id="ledger-heading">{w.member.ledger}</h2>
      {view.ledger.length === 0 ? (
        <p className={styles.muted}>{w.member.noLedger}</p>
      ) : (
        <TableScroll label={w.member.ledger}>
          <table className={`${styles.table} ${styles.stack}`}>
            <thead>
              <tr>
                <th scope="col">{c.date}</th>
                <th scope="col">{c.kind}</th>
                <th scope="col" className={styles.number}>
                  {c.points}
                </th>
                <th scope="col" className={styles.number}>
                  {c.balance}
                </th>
                <th scope="col">{c.detail}</th>
              </tr>
            </thead>
            <tbody>
              {view.ledger.map((line) => (
                <tr key={line.id}>
                  <td data-label={c.date}>{minute(line.createdAt)}</td>
                  <td data-label={c.kind}>{w.member.ledgerKinds[line.kind] ?? line.kind}</td>
                  <td data-label={c.points} className={styles.number}>
                    {points(line.points)}
                  </td>
                  <td data-label={c.balance} className={styles.number}>
                    {points(line.balanceAfter)}
                  </td>
                  <td data-label={c.detail} className={styles.wide}>
                    {[
                      line.pending && line.confirmsAt ? w.member.pendingUntil(day(line.confirmsAt)) : null,
                      line.cash ? money(line.cash, currency) : null,
                      line.orderId,
                      line.place,
                      line.reason,
                    ]
                      .filter(Boolean)
                      .join(' · ') || '—'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}

/** The member's missing-purchase reports, with what became of each (deciding them is the claims page's). */
function ClaimsPanel({ view }: { view: MemberView }) {
  const w = useStaffWords();
  const { day, points, money } = useStaffFormat();
  const c = w.member.claims;
  return (
    <section className={styles.panel} aria-labelledby="member-claims-heading">
      <h2 id="member-claims-heading">{c.title}</h2>
      {view.claims.length === 0 ? (
        <p className={styles.muted}>{c.none}</p>
      ) : (
        <ul className={styles.list}>
          {view.claims.map((claim) => (
            <li key={claim.id}>
              <span>
                {claim.orderId} · {day(claim.purchasedOn)} · {claim.store ?? w.member.channels[claim.channel]}{' '}
                · {money(claim.amount, claim.currency)}
              </span>
              <span className={styles.muted}>
                {claim.status === 'approved'
                  ? w.claims.approvedWith(points(claim.points ?? 0))
                  : claim.status === 'refused'
                    ? w.claims.refusedWith(claim.reason ?? '')
                    : w.claims.statuses.pending}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ConsentsPanel({ view }: { view: MemberView }) {
  const w = useStaffWords();
  const { minute } = useStaffFormat();
  return (
    <section className={styles.panel} aria-labelledby="consents-heading">
      <h2 id="consents-heading">{w.member.consents}</h2>
      {view.consents.length === 0 ? (
        <p className={styles.muted}>{w.member.noConsents}</p>
      ) : (
        <ul className={styles.list}>
          {view.consents.map((consent) => (
            <li key={`${consent.channel}-${consent.recordedAt}-${consent.choice}`}>
              <span>
                {w.member.consentLine(
                  w.member.consentChannels[consent.channel] ?? consent.channel,
                  w.member.consentChoices[consent.choice] ?? consent.choice,
                  consent.source,
                )}
              </span>
              <span className={styles.muted}>{minute(consent.recordedAt)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Passkeys, wallet passes and the sportswear link. */
function PassesPanel({ view }: { view: MemberView }) {
  const w = useStaffWords();
  const { day } = useStaffFormat();
  const pass = view.wallet.applePass;
  return (
    <section className={styles.panel} aria-labelledby="passes-heading">
      <h2 id="passes-heading">{w.member.passkeys}</h2>
      {view.passkeys.length === 0 ? (
        <p className={styles.muted}>{w.member.noPasskeys}</p>
      ) : (
        <ul className={styles.list}>
          {view.passkeys.map((key) => (
            <li key={`${key.title}-${key.createdAt}`}>
              <span>{key.title}</span>
              <span className={styles.muted}>
                {key.lastUsedAt ? w.member.lastUsed(day(key.lastUsedAt)) : ''}
              </span>
            </li>
          ))}
        </ul>
      )}
      <h3>{w.member.wallet}</h3>
      <p>{pass ? w.member.applePass(pass.devices, day(pass.updatedAt)) : w.member.noPass}</p>
      {view.wallet.presence ? <p>{w.member.presence(view.wallet.presence)}</p> : null}
      <h3>{w.member.nike}</h3>
      <p>{view.nikeLink ? w.member.nikeLinked(day(view.nikeLink.linkedAt)) : w.member.nikeNone}</p>
    </section>
  );
}
