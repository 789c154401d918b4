import type { ResponseOf } from '#shared/api/descriptor.ts';
import * as partner from '#shared/api/partner-endpoints.ts';
import { args } from './args.ts';
import { OperatorError, type PartnerClient } from './client.ts';

/** Operator CLI commands of missing-purchase claims; each is one partner API call. */
type Command = (client: PartnerClient, args: string[]) => Promise<string>;

type StaffClaim = ResponseOf<typeof partner.getClaim>['claim'];

function money(minor: number, currency: string): string {
  return `${(minor / 100).toFixed(2)} ${currency}`;
}

function describe(c: StaffClaim): string {
  const where = c.channel === 'in-store' ? `in store at ${c.store}` : 'online';
  const head = `#${c.id} ${c.status}: order ${c.orderId}, ${c.purchasedOn}, ${where}, ${money(c.amount, c.currency)} — ${c.member.fullName} (${c.member.loyaltyId})`;
  const found = !c.purchase
    ? 'no purchase of this order reached us'
    : c.purchase.onCard
      ? `the order is on card ${c.purchase.onCard} (${c.purchase.points} points, ${money(c.purchase.value, c.purchase.currency)}, ${c.purchase.store ?? c.purchase.channel}, ${c.purchase.purchasedAt.slice(0, 10)})`
      : `kept unmatched for ${c.purchase.memberReference} (${c.purchase.points} points, ${money(c.purchase.value, c.purchase.currency)}, ${c.purchase.store ?? c.purchase.channel}, ${c.purchase.purchasedAt.slice(0, 10)})`;
  const decided =
    c.status === 'approved'
      ? `; credited ${c.points} points`
      : c.status === 'refused'
        ? `; reason: ${c.reason}`
        : '';
  return `${head}\n    ${c.finding}: ${found}${decided}${conflictLine(c)}`;
}

/** An approved claim the till's later purchase of its order contradicts, and what staff did. */
function conflictLine(c: StaffClaim): string {
  if (!c.conflict) return '';
  if (c.conflict.settled === 'kept')
    return '\n    conflict with the till: settled, the member kept the points';
  if (c.conflict.settled === 'taken-back')
    return '\n    conflict with the till: settled, the points were taken back';
  return `\n    CONFLICT: approved before the till sent this order for card ${c.purchase?.onCard ?? '?'} (${c.conflict.at.slice(0, 10)}); both hold points for it. claims approve ${c.id}: the member keeps them; claims refuse ${c.id} --reason "…": a return takes them back`;
}

function claimId(args: string[], command: string): { id: string; rest: string[] } {
  const [id, ...rest] = args;
  if (!id || !/^[1-9]\d{0,17}$/.test(id))
    throw new OperatorError(`${command} needs the claim's number, e.g. claims ${command} 12.`);
  return { id, rest };
}

const list: Command = async (client, argv) => {
  const { values } = args(argv, { status: { type: 'string' } });
  const status = values.status ?? 'pending';
  // The server names a status it does not know; the query is sent as typed.
  const body = { status: status as StaffClaim['status'] };
  const result = await client.call(partner.listClaims, { body });
  if (!result.claims.length) return `No ${status} claims.`;
  return result.claims.map(describe).join('\n');
};

const approve: Command = async (client, argv) => {
  const { id, rest } = claimId(argv, 'approve');
  const { values } = args(rest, { points: { type: 'string' } });
  if (values.points !== undefined && !/^\d+$/.test(values.points))
    throw new OperatorError(`--points must be a whole number (got ${values.points}).`);
  const result = await client.call(partner.approveClaim, {
    params: { id },
    body: values.points === undefined ? {} : { points: Number(values.points) },
  });
  return `Approved: ${describe(result.claim)}`;
};

const refuse: Command = async (client, argv) => {
  const { id, rest } = claimId(argv, 'refuse');
  const { values } = args(rest, { reason: { type: 'string' } });
  if (!values.reason?.trim())
    throw new OperatorError('claims refuse needs --reason "what the member will read".');
  const result = await client.call(partner.refuseClaim, { params: { id }, body: { reason: values.reason } });
  return `Refused: ${describe(result.claim)}`;
};

export const claimsCommands: Record<string, { usage: string; run: Command }> = {
  'claims list': {
    usage: 'claims list [--status pending|approved|refused]   (pending also lists conflicts with the till)',
    run: list,
  },
  'claims approve': {
    usage: 'claims approve <id> [--points N]   (N needed when no purchase of the order reached us)',
    run: approve,
  },
  'claims refuse': { usage: 'claims refuse <id> --reason "what the member will read"', run: refuse },
};
