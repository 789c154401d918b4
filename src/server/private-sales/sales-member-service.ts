import type { MemberSale } from '#shared/api/private-sales.ts';
import type { Config } from '#shared/config.ts';
import { recordAudit } from '../audit/audit-log.ts';
import type { Database, Queryable } from '../db/database.ts';
import { conflict, forbidden, notFound } from '../http/errors.ts';
import { eligible, isSaleId } from './sale-rules.ts';

interface SaleRow {
  id: string;
  name: Record<string, string>;
  description: Record<string, string>;
  starts_at: Date;
  ends_at: Date;
  levels: string[] | null;
  shop_url: string;
  code_kind: 'shared' | 'unique';
  shared_code: string | null;
  code: string | null;
}

function memberSaleOf(row: SaleRow, config: Pick<Config, 'locale'>): MemberSale {
  return {
    id: row.id,
    name: row.name[config.locale] ?? row.name['en-GB'] ?? '',
    description: row.description[config.locale] ?? row.description['en-GB'] ?? '',
    startsAt: new Date(row.starts_at).toISOString(),
    endsAt: new Date(row.ends_at).toISOString(),
    shopUrl: row.shop_url,
    code: row.code,
  };
}

/** A member's discount level, or undefined when there is no such (live) member. */
async function levelOf(db: Queryable, accountId: string): Promise<{ vip_level: string | null } | undefined> {
  const [row] = await db.query<{ vip_level: string | null }>(
    'SELECT vip_level FROM accounts WHERE id = $1 AND deleted_at IS NULL',
    [accountId],
  );
  return row;
}

/**
 * Home's private sales for this member: the live one for their level (the one ending first), with
 * their code once revealed, and the next one to start. A sale for other levels is not shown at all.
 */
export async function salesForMember(db: Database, config: Config, accountId: string) {
  const member = await levelOf(db, accountId);
  if (!member) return { live: null, next: null };
  const rows = await db.query<SaleRow>(
    `SELECT s.*, r.code FROM private_sales s
       LEFT JOIN private_sale_reveals r ON r.sale_id = s.id AND r.account_id = $1
      WHERE s.ends_at > now() AND (s.levels IS NULL OR $2::text = ANY (s.levels))
      ORDER BY (s.starts_at > now()), CASE WHEN s.starts_at > now() THEN s.starts_at ELSE s.ends_at END, s.id
      LIMIT 50`,
    [accountId, member.vip_level],
  );
  const now = Date.now();
  const live = rows.find((row) => new Date(row.starts_at).getTime() <= now);
  const next = rows.find((row) => new Date(row.starts_at).getTime() > now);
  // The next sale's code and link are not sent: the response schema leaves them out.
  return { live: live ? memberSaleOf(live, config) : null, next: next ? memberSaleOf(next, config) : null };
}

/**
 * Reveals the member's code for a live sale of their level, recorded and audited as the member's
 * own action. The first reveal writes the member's row (its key is one per sale and member) and then
 * takes a free code (SKIP LOCKED: parallel reveals of other members take other codes); a parallel
 * reveal by the same member waits on that row and then reads it, so a member always sees one code.
 * No free code left: 409 CodesRunOut, and the transaction writes nothing.
 */
export async function revealCode(db: Database, accountId: string, saleId: string) {
  if (!isSaleId(saleId)) throw notFound('NotFound', 'There is no such private sale.');
  return db.transaction(async (tx) => {
    const [sale] = await tx.query<SaleRow & { live: boolean }>(
      `SELECT s.*, NULL AS code, (s.starts_at <= now() AND s.ends_at > now()) AS live
         FROM private_sales s WHERE s.id = $1`,
      [saleId],
    );
    if (!sale) throw notFound('NotFound', 'There is no such private sale.');
    const member = await levelOf(tx, accountId);
    if (!member || !eligible(sale.levels, member.vip_level))
      throw forbidden('NotEligible', 'This private sale is for other membership levels.');
    if (!sale.live) throw conflict('SaleNotLive', 'This private sale is not open at the moment.');
    const answer = (code: string) => ({ code, shopUrl: sale.shop_url });
    const [first] = await tx.query(
      `INSERT INTO private_sale_reveals (sale_id, account_id, code) VALUES ($1, $2, '')
       ON CONFLICT DO NOTHING RETURNING sale_id`,
      [saleId, accountId],
    );
    if (!first) {
      const [seen] = await tx.query<{ code: string }>(
        'SELECT code FROM private_sale_reveals WHERE sale_id = $1 AND account_id = $2',
        [saleId, accountId],
      );
      return answer(seen?.code ?? '');
    }
    let code = sale.shared_code;
    if (sale.code_kind === 'unique') {
      const [taken] = await tx.query<{ code: string }>(
        `UPDATE private_sale_codes SET account_id = $2, given_at = now()
          WHERE id = (SELECT id FROM private_sale_codes WHERE sale_id = $1 AND given_at IS NULL
                       ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
          RETURNING code`,
        [saleId, accountId],
      );
      if (!taken) throw conflict('CodesRunOut', 'Every code for this sale has been given out.');
      code = taken.code;
    }
    await tx.query('UPDATE private_sale_reveals SET code = $3 WHERE sale_id = $1 AND account_id = $2', [
      saleId,
      accountId,
      code,
    ]);
    await recordAudit(tx, {
      actor: { kind: 'member', id: accountId },
      action: 'private_sale.reveal',
      memberId: accountId,
      change: { sale: saleId, name: sale.name['en-GB'] ?? '', codeKind: sale.code_kind },
    });
    return answer(code ?? '');
  });
}
