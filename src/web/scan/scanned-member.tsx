import type { ReactNode } from 'react';
import staffStyles from '../staff/staff.module.css';
import { useStaffFormat } from '../staff/staff-format.ts';
import styles from './scan.module.css';
import type { ScannedMember } from './scan-api.ts';
import { useScanWords } from './scan-api.ts';

/**
 * What the look-up found: what the role may see (points and purchases only when the server sent them).
 * `appointment` (today's, with "Mark arrived") and `children` (the visit's button) come right after
 * the facts, in reach without scrolling on a tablet.
 */
export function ScannedMemberCard({
  member,
  appointment,
  children,
}: {
  member: ScannedMember;
  appointment?: ReactNode;
  children?: ReactNode;
}) {
  const w = useScanWords().member;
  const { points, money, day } = useStaffFormat();
  return (
    <section className={`${staffStyles.panel} ${styles.member}`} aria-labelledby="scanned-name">
      <h2 id="scanned-name" className={styles.name}>
        {member.fullName}
      </h2>
      <dl className={`${staffStyles.facts} ${styles.facts}`}>
        <dt>{w.card}</dt>
        <dd>{member.loyaltyId}</dd>
        <dt>{w.level}</dt>
        <dd>{member.vipLevel ?? w.noLevel}</dd>
        <dt>{w.shopper}</dt>
        <dd>{member.personalShopper?.displayName ?? w.noShopper}</dd>
        {member.points ? (
          <>
            <dt>{w.points}</dt>
            <dd>
              {points(member.points.balance)}
              {member.points.pending > 0 ? ` (${w.pending(points(member.points.pending))})` : null}
            </dd>
          </>
        ) : null}
      </dl>
      {appointment}
      {children}
      <div className={styles.history}>
        <div>
          <h3>{w.visits}</h3>
          {member.visits.length === 0 ? (
            <p className={staffStyles.muted}>{w.noVisits}</p>
          ) : (
            <ul className={staffStyles.list}>
              {member.visits.map((visit) => (
                <li key={visit.visitedAt}>
                  <span>{visit.store}</span>
                  <span>{day(visit.visitedAt)}</span>
                </li>
              ))}
            </ul>
          )}
        </div>
        {member.purchases ? (
          <div>
            <h3>{w.purchases}</h3>
            {member.purchases.length === 0 ? (
              <p className={staffStyles.muted}>{w.noPurchases}</p>
            ) : (
              <ul className={staffStyles.list}>
                {member.purchases.map((purchase) => (
                  <li key={purchase.at} className={styles.purchase}>
                    <span>
                      {purchase.store ?? w.unknownStore}, {day(purchase.at)}
                    </span>
                    <span>
                      {purchase.amount !== null && purchase.currency
                        ? `${money(purchase.amount, purchase.currency)} · `
                        : null}
                      {w.purchasePoints(points(purchase.points))}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </div>
        ) : null}
      </div>
    </section>
  );
}
