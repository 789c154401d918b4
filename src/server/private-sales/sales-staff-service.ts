import { randomInt } from 'node:crypto';
import type { z } from 'zod';
import type { createSaleRequest, StaffSale } from '#shared/api/private-sales.ts';
import type { AppContext } from '../app-context.ts';
import type { Audit } from '../audit/audit-log.ts';
import type { Queryable } from '../db/database.ts';
import { badRequest, conflict, notFound } from '../http/errors.ts';
import { scheduleCampaign } from '../marketing-mail/campaigns.ts';
import { privateSaleCampaign } from './sale-campaign.ts';
import { isSaleId } from './sale-rules.ts';

type CreateSale = z.output<typeof createSaleRequest>;
type CodeChoice = CreateSale['codes'];

/** How long ago a sale's start may be: the console's times are to the minute. */
const startSlackMs = 10 * 60_000;

interface SaleRow {
  id: string;
  name: Record<string, string>;
  description: Record<string, string>;
  starts_at: Date;
  ends_at: Date;
  levels: string[] | null;
  shop_url: string;
  code_kind: 'shared' | 'unique';
  total: number;
  given: number;
  revealed: number;
}

const saleSelect = `SELECT s.id, s.name, s.description, s.starts_at, s.ends_at, s.levels, s.shop_url, s.code_kind,
       (SELECT count(*) FROM private_sale_codes c WHERE c.sale_id = s.id)::int AS total,
       (SELECT count(*) FROM private_sale_codes c WHERE c.sale_id = s.id AND c.given_at IS NOT NULL)::int AS given,
       (SELECT count(*) FROM private_sale_reveals r WHERE r.sale_id = s.id)::int AS revealed
  FROM private_sales s`;

function staffSaleOf(row: SaleRow): StaffSale {
  return {
    id: row.id,
    name: { 'en-GB': row.name['en-GB'] ?? '', 'da-DK': row.name['da-DK'] ?? '' },
    description: { 'en-GB': row.description['en-GB'] ?? '', 'da-DK': row.description['da-DK'] ?? '' },
    startsAt: new Date(row.starts_at).toISOString(),
    endsAt: new Date(row.ends_at).toISOString(),
    levels: row.levels,
    shopUrl: row.shop_url,
    codeKind: row.code_kind,
    codes: { total: row.total, given: row.given },
    revealed: row.revealed,
  };
}

export async function listSales(db: Queryable): Promise<StaffSale[]> {
  const rows = await db.query<SaleRow>(`${saleSelect} ORDER BY s.starts_at DESC, s.id LIMIT 200`);
  return rows.map(staffSaleOf);
}

const noSuchSale = () => notFound('SaleNotFound', 'There is no such private sale.');

async function saleById(db: Queryable, id: string): Promise<StaffSale> {
  const [row] = await db.query<SaleRow>(`${saleSelect} WHERE s.id = $1`, [id]);
  if (!row) throw noSuchSale();
  return staffSaleOf(row);
}

function fieldError(field: string, message: string) {
  return badRequest('InvalidRequest', `Invalid request: ${message}`, { fieldErrors: { [field]: message } });
}

/** A discount level is a percentage (1–99%) or one of the scheme's own levels, as members' are. */
function checkLevels(known: readonly string[], levels: readonly string[] | null): void {
  for (const level of levels ?? []) {
    if (/^([1-9]\d?)(\.\d)?%$/.test(level) || known.includes(level)) continue;
    const named = known.length ? `, or one of ${known.join(', ')}` : '';
    throw fieldError('levels', `${level} is not a discount level: give a percentage such as 15%${named}`);
  }
}

/** The codes a list holds more than once (case-insensitive, as shops compare them), first few only. */
function duplicatesIn(codes: readonly string[]): string[] {
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const code of codes) {
    const key = code.toUpperCase();
    if (seen.has(key)) twice.add(code);
    seen.add(key);
  }
  return [...twice].slice(0, 10);
}

/** Unambiguous letters and digits (no 0/O, 1/I/L): a code is read aloud and typed. */
const alphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
function generatedCode(): string {
  let code = '';
  for (let i = 0; i < 10; i++) code += alphabet[randomInt(alphabet.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/**
 * Adds unique codes to a sale. A list with a code twice, or a code the sale already has, is refused
 * whole (409 DuplicateCodes naming them) and writes nothing; generated codes that happen to exist are
 * drawn again. Answers how many were added.
 */
async function addCodes(tx: Queryable, saleId: string, choice: Exclude<CodeChoice, { kind: 'shared' }>) {
  if (choice.kind === 'list') {
    const twice = duplicatesIn(choice.codes);
    if (twice.length) {
      throw conflict('DuplicateCodes', `These codes are in the list more than once: ${twice.join(', ')}`, {
        duplicates: twice,
      });
    }
    const existing = await tx.query<{ code: string }>(
      `SELECT code FROM private_sale_codes WHERE sale_id = $1 AND upper(code) = ANY ($2::text[]) LIMIT 10`,
      [saleId, choice.codes.map((code) => code.toUpperCase())],
    );
    if (existing.length) {
      const codes = existing.map((row) => row.code);
      throw conflict('DuplicateCodes', `The sale already has these codes: ${codes.join(', ')}`, {
        duplicates: codes,
      });
    }
    await tx.query('INSERT INTO private_sale_codes (sale_id, code) SELECT $1, unnest($2::text[])', [
      saleId,
      choice.codes,
    ]);
    return choice.codes.length;
  }
  let added = 0;
  while (added < choice.count) {
    const batch = Array.from({ length: choice.count - added }, generatedCode);
    const inserted = await tx.query(
      `INSERT INTO private_sale_codes (sale_id, code) SELECT $1, unnest($2::text[])
       ON CONFLICT DO NOTHING RETURNING id`,
      [saleId, batch],
    );
    added += inserted.length;
  }
  return added;
}

/**
 * A new private sale, audited, its start email scheduled in the same transaction. Refused with a
 * 400 that writes nothing: an end before its start or in the past, a start more than a few minutes
 * ago, an unknown discount level.
 */
export async function createSale(ctx: AppContext, input: CreateSale, staffId: string, audit: Audit) {
  const startsAt = new Date(input.startsAt);
  const endsAt = new Date(input.endsAt);
  if (startsAt.getTime() < Date.now() - startSlackMs)
    throw fieldError('startsAt', 'The sale cannot start in the past');
  if (endsAt <= startsAt) throw fieldError('endsAt', 'The sale must end after it starts');
  checkLevels(ctx.config.vipLevels, input.levels);
  const sale = await ctx.db.transaction(async (tx) => {
    const shared = input.codes.kind === 'shared';
    const [row] = await tx.query<{ id: string }>(
      `INSERT INTO private_sales (name, description, starts_at, ends_at, levels, shop_url, code_kind, shared_code, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
      [
        JSON.stringify(input.name),
        JSON.stringify(input.description),
        startsAt,
        endsAt,
        input.levels,
        input.shopUrl,
        shared ? 'shared' : 'unique',
        input.codes.kind === 'shared' ? input.codes.code : null,
        staffId,
      ],
    );
    const id = (row as { id: string }).id;
    const added = input.codes.kind === 'shared' ? 0 : await addCodes(tx, id, input.codes);
    await scheduleCampaign(tx, privateSaleCampaign.kind, id, startsAt);
    await audit(tx, {
      change: {
        sale: id,
        name: input.name['en-GB'],
        startsAt: startsAt.toISOString(),
        endsAt: endsAt.toISOString(),
        levels: input.levels ?? 'all members',
        codeKind: input.codes.kind,
        codesAdded: added,
      },
    });
    return saleById(tx, id);
  });
  if (startsAt.getTime() <= Date.now()) ctx.marketingMail.wake();
  return sale;
}

/** More unique codes for a sale that has them; audited. */
export async function addSaleCodes(
  ctx: AppContext,
  saleId: string,
  choice: CodeChoice,
  audit: Audit,
): Promise<StaffSale> {
  if (!isSaleId(saleId)) throw noSuchSale();
  if (choice.kind === 'shared') throw fieldError('codes', 'Add a list of codes or generate them');
  return ctx.db.transaction(async (tx) => {
    const [sale] = await tx.query<{ code_kind: string }>(
      'SELECT code_kind FROM private_sales WHERE id = $1 FOR UPDATE',
      [saleId],
    );
    if (!sale) throw noSuchSale();
    if (sale.code_kind !== 'unique') throw fieldError('codes', 'This sale has one shared code');
    const added = await addCodes(tx, saleId, choice);
    await audit(tx, { change: { sale: saleId, codeKind: choice.kind, codesAdded: added } });
    return saleById(tx, saleId);
  });
}

/** The sale's codes for the web shop (saleCodePattern: nothing to quote or escape): every code, whether given, and when (a shared code: one row). */
export async function saleCodesCsv(db: Queryable, saleId: string): Promise<string> {
  if (!isSaleId(saleId)) throw noSuchSale();
  const [sale] = await db.query<{ code_kind: string; shared_code: string | null }>(
    'SELECT code_kind, shared_code FROM private_sales WHERE id = $1',
    [saleId],
  );
  if (!sale) throw noSuchSale();
  const rows =
    sale.code_kind === 'shared'
      ? [{ code: sale.shared_code ?? '', given_at: null }]
      : await db.query<{ code: string; given_at: Date | null }>(
          'SELECT code, given_at FROM private_sale_codes WHERE sale_id = $1 ORDER BY id',
          [saleId],
        );
  const lines = rows.map((row) =>
    [row.code, row.given_at ? 'yes' : 'no', row.given_at ? new Date(row.given_at).toISOString() : ''].join(
      ',',
    ),
  );
  return `code,given,given_at\r\n${lines.map((line) => `${line}\r\n`).join('')}`;
}
