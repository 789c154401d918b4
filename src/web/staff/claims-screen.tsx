import { useCallback, useEffect, useState } from 'react';
import type { ResponseOf } from '#shared/api/descriptor.ts';
import { approveClaim, refuseClaim, staffClaims } from '#shared/api/staff-claims-endpoints.ts';
import { call } from '../api.ts';
import { Link } from '../routing/links.tsx';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { SelectField } from '../ui/form.tsx';
import styles from './staff.module.css';
import { failureWords, useStaff, useStaffWords } from './staff-context.tsx';
import { useStaffFormat } from './staff-format.ts';
import { TableScroll } from './table-scroll.tsx';

type StaffClaim = ResponseOf<typeof staffClaims>['claims'][number];
type Status = 'pending' | 'approved' | 'refused';

/** /staff/claims (manager): members' missing-purchase claims, approved or refused with a reason the member reads. */
export function ClaimsScreen() {
  const w = useStaffWords();
  const format = useStaffFormat();
  const { sessionEnded } = useStaff();
  const [status, setStatus] = useState<Status>('pending');
  const [claims, setClaims] = useState<StaffClaim[] | null>(null);
  const [notice, setNotice] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);

  const load = useCallback(async () => {
    const answer = await call(staffClaims, { status });
    if (answer.ok) setClaims(answer.data.claims);
    else if (answer.status === 401) sessionEnded();
    else setNotice({ kind: 'error', text: failureWords(w, answer) });
  }, [status, sessionEnded, w]);
  useEffect(() => {
    void load();
  }, [load]);

  async function decide(run: () => ReturnType<typeof call<typeof approveClaim>>, done: string) {
    setNotice(null);
    const answer = await run();
    setNotice(answer.ok ? { kind: 'success', text: done } : { kind: 'error', text: failureWords(w, answer) });
    await load();
  }

  const c = w.claims.columns;
  return (
    <>
      <h1>{w.claims.title}</h1>
      <div className={styles.filter}>
        <SelectField
          label={w.claims.show}
          value={status}
          options={(['pending', 'approved', 'refused'] as const).map(
            (s) => [s, w.claims.statuses[s] ?? s] as const,
          )}
          onChange={(event) => setStatus(event.target.value as Status)}
        />
      </div>
      {notice ? <Alert kind={notice.kind}>{notice.text}</Alert> : null}
      {claims === null ? (
        <p aria-live="polite">{w.loading}</p>
      ) : claims.length === 0 ? (
        <p>{w.claims.none}</p>
      ) : (
        <TableScroll label={w.nav.claims}>
          <table className={`${styles.table} ${styles.stack}`}>
            <thead>
              <tr>
                <th scope="col">{c.member}</th>
                <th scope="col">{c.order}</th>
                <th scope="col">{c.found}</th>
                <th scope="col">{status === 'pending' ? c.decide : c.outcome}</th>
              </tr>
            </thead>
            <tbody>
              {claims.map((claim) => {
                const inConflict = claim.conflict !== null && claim.conflict.settled === null;
                return (
                  <tr key={claim.id}>
                    <td data-label={c.member}>
                      <Link to={`/staff/members/${claim.member.loyaltyId}`}>{claim.member.fullName}</Link>
                      <br />
                      <span className={styles.muted}>{claim.member.loyaltyId}</span>
                    </td>
                    <td data-label={c.order}>
                      {claim.orderId}
                      <br />
                      <span className={styles.muted}>
                        {[
                          format.day(claim.purchasedOn),
                          claim.store ?? w.member.channels[claim.channel],
                          format.money(claim.amount, claim.currency),
                        ].join(' · ')}
                      </span>
                    </td>
                    <td data-label={c.found} className={styles.wide}>
                      {inConflict
                        ? w.claims.conflict(claim.purchase?.onCard ?? '')
                        : (w.claims.findings[claim.finding] ?? claim.finding)}
                      {claim.purchase ? (
                        <>
                          <br />
                          <span className={styles.muted}>
                            {w.claims.purchase(
                              format.money(claim.purchase.value, claim.purchase.currency),
                              format.points(claim.purchase.points),
                            )}
                          </span>
                        </>
                      ) : null}
                    </td>
                    <td data-label={status === 'pending' ? c.decide : c.outcome} className={styles.wide}>
                      {claim.status === 'pending' || inConflict ? (
                        <Decide
                          claim={claim}
                          inConflict={inConflict}
                          onApprove={(points) =>
                            decide(
                              () =>
                                call(approveClaim, { id: claim.id, ...(points === null ? {} : { points }) }),
                              inConflict ? w.claims.kept : w.claims.approved,
                            )
                          }
                          onRefuse={(reason) =>
                            decide(
                              () => call(refuseClaim, { id: claim.id, reason }),
                              inConflict ? w.claims.takenBack : w.claims.refused,
                            )
                          }
                        />
                      ) : claim.status === 'approved' ? (
                        claim.conflict ? (
                          w.claims.keptWith(format.points(claim.points ?? 0))
                        ) : (
                          w.claims.approvedWith(format.points(claim.points ?? 0))
                        )
                      ) : claim.conflict ? (
                        w.claims.takenBackWith(claim.reason ?? '')
                      ) : (
                        w.claims.refusedWith(claim.reason ?? '')
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </TableScroll>
      )}
    </>
  );
}

/**
 * Approve (with the points to give when no purchase of the order reached us) or refuse with a reason.
 * For an approved claim in conflict with the till's later purchase: keep the points (approve again) or
 * take them back (refuse, with the reason the member reads).
 */
function Decide({
  claim,
  inConflict,
  onApprove,
  onRefuse,
}: {
  claim: StaffClaim;
  inConflict: boolean;
  onApprove: (points: number | null) => Promise<void>;
  onRefuse: (reason: string) => Promise<void>;
}) {
  const w = useStaffWords().claims;
  const [points, setPoints] = useState('');
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const needsPoints = claim.purchase === null && !inConflict;
  const approve = () => {
    if (needsPoints && !/^\d{1,8}$/.test(points.trim())) return setProblem(w.pointsProblem);
    setProblem(null);
    void onApprove(needsPoints ? Number(points) : null);
  };
  const refuse = () => {
    if (!reason.trim()) return setProblem(w.reasonProblem);
    setProblem(null);
    void onRefuse(reason.trim());
  };
  return (
    <div className={styles.checks}>
      {needsPoints ? (
        <label className={styles.check}>
          {w.points}
          <input
            className={styles.rowSelect}
            inputMode="numeric"
            size={8}
            value={points}
            onChange={(event) => setPoints(event.target.value)}
          />
        </label>
      ) : null}
      <Button variant="secondary" className={styles.compact} onClick={approve}>
        {inConflict ? w.keep : w.approve}
      </Button>
      <label className={styles.check}>
        {w.reason}
        <input
          className={styles.rowSelect}
          maxLength={500}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
      </label>
      <Button variant="secondary" className={styles.compact} onClick={refuse}>
        {inConflict ? w.takeBack : w.refuse}
      </Button>
      {problem ? <span role="alert">{problem}</span> : null}
    </div>
  );
}
