import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import type { OperatorClient } from '../operator/operator-client.ts';
import { OperatorError } from '../operator/operator-client.ts';

/** Operator CLI commands of the points feature; each is one partner API call. */
type Command = (client: OperatorClient, args: string[]) => Promise<string>;

interface Entry {
  id: string;
  kind: string;
  key: string | null;
  loyaltyId: string;
  points: number;
  cash: number;
  pending: boolean;
  confirmsAt: string | null;
  orderId: string | null;
}

interface MemberDetails {
  loyaltyId: string;
  email: string | null;
  fullName: string;
  createdAt: string;
  currency: string;
  pointsBalance: number;
  pendingPointsBalance: number;
  cashBalance: number;
  vipLevel: string | null;
  emailVerified: boolean;
  isCredit: boolean;
  underReview: boolean;
  accessRules: { canRedeem: boolean; canConvert: boolean; canSignIn: boolean };
  recent: (Entry & { createdAt: string; reason: string | null; fasciaDisplayName: string | null })[];
}

function int(name: string, value: string | undefined): number {
  if (value === undefined || !/^-?\d+$/.test(value.trim())) {
    throw new OperatorError(`--${name} must be a whole number (got ${value ?? 'nothing'}).`);
  }
  return Number(value);
}

function bool(name: string, value: string | undefined): boolean | undefined {
  if (value === undefined) return undefined;
  if (['true', 'on', 'yes'].includes(value)) return true;
  if (['false', 'off', 'no'].includes(value)) return false;
  throw new OperatorError(`--${name} must be true or false (or on/off).`);
}

/** A member named on the command line: email when it has an @, else card number. */
function memberRef(member: string | undefined) {
  if (!member) throw new OperatorError('Name the member with --member <email or card number>.');
  return member.includes('@') ? { email: member } : { loyaltyId: member };
}

function describeEntry(e: Entry): string {
  const pts = `${e.points > 0 ? '+' : ''}${e.points} points`;
  const pending = e.pending && e.confirmsAt ? ` (pending until ${e.confirmsAt.slice(0, 10)})` : '';
  const cash = e.cash ? `, cash ${e.cash > 0 ? '+' : ''}${e.cash}` : '';
  return `${e.kind} ${e.key ?? e.id} for member ${e.loyaltyId}: ${pts}${pending}${cash}.`;
}

function describeMember(m: MemberDetails): string {
  const yes = (b: boolean) => (b ? 'yes' : 'no');
  return [
    `${m.fullName} <${m.email ?? 'deleted'}>, card number ${m.loyaltyId}, member since ${m.createdAt.slice(0, 10)}`,
    `  points: ${m.pointsBalance} (pending ${m.pendingPointsBalance}), cash: ${m.cashBalance} ${m.currency} minor units`,
    `  vip level: ${m.vipLevel ?? 'none'}, email verified: ${yes(m.emailVerified)}, credit account: ${yes(m.isCredit)}, under review: ${yes(m.underReview)}`,
    `  can redeem: ${yes(m.accessRules.canRedeem)}, can convert: ${yes(m.accessRules.canConvert)}, can sign in: ${yes(m.accessRules.canSignIn)}`,
    ...(m.recent.length ? ['  recent:'] : []),
    ...m.recent.map(
      (e) =>
        `    ${e.createdAt.slice(0, 10)} ${e.kind.padEnd(10)} ${String(e.points).padStart(7)} pts ${e.pending ? 'pending ' : ''}${e.orderId ?? e.reason ?? ''}`,
    ),
  ].join('\n');
}

const purchase: Command = async (client, args) => {
  const { values } = parseArgs({
    args,
    options: {
      member: { type: 'string' },
      order: { type: 'string' },
      points: { type: 'string' },
      value: { type: 'string' },
      currency: { type: 'string', default: 'GBP' },
      channel: { type: 'string', default: 'in-store' },
      store: { type: 'string' },
      fascia: { type: 'string' },
      date: { type: 'string' },
      discount: { type: 'string' },
    },
  });
  if (!values.order) throw new OperatorError('purchase needs --order <orderId> (the idempotency key).');
  const result = await client.call<{ entry: Entry }>('POST', '/purchases', {
    orderId: values.order,
    ...memberRef(values.member),
    channel: values.channel,
    storeDisplayName: values.store ?? null,
    fasciaDisplayName: values.fascia ?? null,
    value: int('value', values.value),
    currency: values.currency,
    points: int('points', values.points),
    ...(values.date ? { purchasedAt: new Date(values.date).toISOString() } : {}),
    ...(values.discount ? { discount: values.discount } : {}),
  });
  return `Recorded ${describeEntry(result.entry)}`;
};

const returnCommand: Command = async (client, args) => {
  const { values } = parseArgs({
    args,
    options: {
      order: { type: 'string' },
      id: { type: 'string' },
      points: { type: 'string' },
      value: { type: 'string' },
      member: { type: 'string' },
    },
  });
  if (!values.order) throw new OperatorError('return needs --order <orderId> of the purchase.');
  const id = values.id ?? `cli-return-${randomUUID()}`;
  const result = await client.call<{ entry: Entry }>('POST', '/returns', {
    returnId: id,
    orderId: values.order,
    ...(values.member ? memberRef(values.member) : {}),
    ...(values.points ? { points: int('points', values.points) } : {}),
    ...(values.value ? { value: int('value', values.value) } : {}),
  });
  return `Recorded ${describeEntry(result.entry)}${values.id ? '' : ` Retry with --id ${id} to be safe.`}`;
};

const adjust: Command = async (client, args) => {
  const { values } = parseArgs({
    args,
    options: {
      member: { type: 'string' },
      points: { type: 'string' },
      reason: { type: 'string' },
      id: { type: 'string' },
    },
  });
  if (!values.reason) throw new OperatorError('adjust needs --reason "<why>".');
  const id = values.id ?? `cli-adjust-${randomUUID()}`;
  const result = await client.call<{ entry: Entry }>('POST', '/adjustments', {
    adjustmentId: id,
    ...memberRef(values.member),
    points: int('points', values.points),
    reason: values.reason,
  });
  return `Recorded ${describeEntry(result.entry)}`;
};

const burnRateSet: Command = async (client, args) => {
  const { values } = parseArgs({
    args,
    options: { 'points-level': { type: 'string' }, 'cash-value': { type: 'string' } },
  });
  const body = {
    pointsLevel: int('points-level', values['points-level']),
    cashValue: int('cash-value', values['cash-value']),
  };
  await client.call('POST', '/burn-rates', body);
  return `Burn rate set: ${body.pointsLevel} points buy ${body.cashValue} minor units of cash on the pass.`;
};

const memberShow: Command = async (client, args) => {
  const { positionals } = parseArgs({ args, allowPositionals: true, options: {} });
  const who = positionals[0];
  if (!who) throw new OperatorError('member show needs an email or card number.');
  const result = await client.call<{ member: MemberDetails }>('GET', `/members/${encodeURIComponent(who)}`);
  return describeMember(result.member);
};

const memberSet: Command = async (client, args) => {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      'vip-level': { type: 'string' },
      'can-redeem': { type: 'string' },
      'can-convert': { type: 'string' },
      'can-sign-in': { type: 'string' },
      'under-review': { type: 'string' },
      'email-verified': { type: 'string' },
      credit: { type: 'string' },
    },
  });
  const who = positionals[0];
  if (!who) throw new OperatorError('member set needs an email or card number.');
  const vip = values['vip-level'];
  const body = {
    ...(vip === undefined ? {} : { vipLevel: vip === '' || vip === 'none' ? null : vip }),
    canRedeem: bool('can-redeem', values['can-redeem']),
    canConvert: bool('can-convert', values['can-convert']),
    canSignIn: bool('can-sign-in', values['can-sign-in']),
    underReview: bool('under-review', values['under-review']),
    emailVerified: bool('email-verified', values['email-verified']),
    isCredit: bool('credit', values.credit),
  };
  const result = await client.call<{ member: MemberDetails }>(
    'POST',
    `/members/${encodeURIComponent(who)}`,
    body,
  );
  return `Updated.\n${describeMember(result.member)}`;
};

export const pointsCommands: Record<string, { usage: string; run: Command }> = {
  purchase: {
    usage:
      'purchase --member E|CARD --order ID --points N --value PENCE [--currency GBP] [--channel in-store|ecommerce] [--store S] [--fascia F] [--date ISO] [--discount D]',
    run: purchase,
  },
  return: {
    usage: 'return --order ID [--points N] [--value PENCE] [--id RETURN_ID]',
    run: returnCommand,
  },
  adjust: {
    usage: 'adjust --member E|CARD --points=±N --reason "WHY" [--id ADJUSTMENT_ID]',
    run: adjust,
  },
  'burn-rate set': { usage: 'burn-rate set --points-level N --cash-value M', run: burnRateSet },
  'member show': { usage: 'member show E|CARD', run: memberShow },
  'member set': {
    usage:
      'member set E|CARD [--vip-level L|none] [--can-redeem true|false] [--can-convert true|false] [--can-sign-in true|false] [--under-review on|off] [--email-verified true|false] [--credit true|false]',
    run: memberSet,
  },
};
