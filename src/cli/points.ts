import { randomUUID } from 'node:crypto';
import type { ResponseOf } from '#shared/api/descriptor.ts';
import * as partner from '#shared/api/partner-endpoints.ts';
import { formatMoney, formatPoints, minorUnitDigits, parseMajorUnits } from '#shared/domain/format.ts';
import { args } from './args.ts';
import { OperatorError, type PartnerClient } from './client.ts';

/** Operator CLI commands of the points feature; each is one partner API call. */
type Command = (client: PartnerClient, args: string[]) => Promise<string>;

type Entry = ResponseOf<typeof partner.recordReturn>['entry'];

function int(name: string, value: string | undefined): number {
  if (value === undefined || !/^-?\d+$/.test(value.trim())) {
    throw new OperatorError(`--${name} must be a whole number (got ${value ?? 'nothing'}).`);
  }
  return Number(value);
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

const purchase: Command = async (client, argv) => {
  const { values } = args(argv, {
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
  });
  if (!values.order) throw new OperatorError('purchase needs --order <orderId> (the idempotency key).');
  // In store (the default channel) the store is part of the purchase; say so before the call.
  if (values.channel === 'in-store' && !values.store)
    throw new OperatorError('An in-store purchase needs --store <store name> (or --channel ecommerce).');
  const result = await client.call(partner.recordPurchase, {
    body: {
      orderId: values.order,
      ...memberRef(values.member),
      // The server names a channel it does not know; the body is sent as typed.
      channel: values.channel as 'in-store' | 'ecommerce',
      storeDisplayName: values.store ?? null,
      fasciaDisplayName: values.fascia ?? null,
      value: int('value', values.value),
      currency: values.currency,
      points: int('points', values.points),
      ...(values.date ? { purchasedAt: new Date(values.date).toISOString() } : {}),
      ...(values.discount ? { discount: values.discount } : {}),
    },
  });
  // No member has that card or email: the server kept the purchase unmatched, for its member to claim.
  if (!('entry' in result)) return `Not recorded for a member. ${result.message ?? ''}`.trim();
  return `Recorded ${describeEntry(result.entry)}`;
};

const returnCommand: Command = async (client, argv) => {
  const { values } = args(argv, {
    order: { type: 'string' },
    id: { type: 'string' },
    points: { type: 'string' },
    value: { type: 'string' },
    member: { type: 'string' },
  });
  if (!values.order) throw new OperatorError('return needs --order <orderId> of the purchase.');
  const id = values.id ?? `cli-return-${randomUUID()}`;
  const result = await client.call(partner.recordReturn, {
    body: {
      returnId: id,
      orderId: values.order,
      ...(values.member ? memberRef(values.member) : {}),
      ...(values.points ? { points: int('points', values.points) } : {}),
      ...(values.value ? { value: int('value', values.value) } : {}),
    },
  });
  return `Recorded ${describeEntry(result.entry)}${values.id ? '' : ` Retry with --id ${id} to be safe.`}`;
};

const adjust: Command = async (client, argv) => {
  const { values } = args(argv, {
    member: { type: 'string' },
    points: { type: 'string' },
    reason: { type: 'string' },
    id: { type: 'string' },
  });
  if (!values.reason) throw new OperatorError('adjust needs --reason "<why>".');
  const id = values.id ?? `cli-adjust-${randomUUID()}`;
  const result = await client.call(partner.recordAdjustment, {
    body: {
      adjustmentId: id,
      ...memberRef(values.member),
      points: int('points', values.points),
      reason: values.reason,
    },
  });
  return `Recorded ${describeEntry(result.entry)}`;
};

/**
 * The burn rate in the scheme's currency's major unit, as the console asks for it: `--cash 0.50` is
 * 50 pence. The scheme's currency and locale come from the server (the burn rates' answer).
 */
const burnRateSet: Command = async (client, argv) => {
  if (argv.some((arg) => arg === '--cash-value' || arg.startsWith('--cash-value=')))
    throw new OperatorError(
      '--cash-value (minor units) is gone: give --cash in the major unit, such as --cash 0.50.',
    );
  const { values } = args(argv, { 'points-level': { type: 'string' }, cash: { type: 'string' } });
  const pointsLevel = int('points-level', values['points-level']);
  const { currency, locale } = await client.call(partner.getBurnRates);
  const cashValue = cashIn(currency, values.cash);
  const set = await client.call(partner.setBurnRate, { body: { pointsLevel, cashValue } });
  const cash = formatMoney(cashValue, set.currency, set.locale);
  return `Burn rate set: ${formatPoints(pointsLevel, locale)} points buy ${cash} of cash on the pass.`;
};

/** The most cash credit one burn-rate step may buy, in minor units (the partner API's limit). */
const mostCash = 1_000_000;

/** `--cash` in minor units, or the CLI's own words for what is wrong with it. */
function cashIn(currency: string, given: string | undefined): number {
  const minor = given === undefined ? null : parseMajorUnits(given, currency);
  if (minor !== null && minor >= 1 && minor <= mostCash) return minor;
  const digits = minorUnitDigits(currency);
  const least = (1 / 10 ** digits).toFixed(digits);
  const most = (mostCash / 10 ** digits).toFixed(digits);
  const example = (50 / 10 ** digits).toFixed(digits);
  throw new OperatorError(
    `--cash must be an amount of ${currency} from ${least} to ${most}, such as ${example} (got ${given ?? 'nothing'}).`,
  );
}

const expiryRun: Command = async (client) => {
  const result = await client.call(partner.runPointsExpiry);
  return `Points expiry ran: ${result.expiredPoints} points expired, ${result.reminders} reminders written.`;
};

export const pointsCommands: Record<string, { usage: string; run: Command }> = {
  purchase: {
    usage:
      'purchase --member E|CARD --order ID --points N --value PENCE --store S (in store) [--channel in-store|ecommerce] [--currency GBP] [--fascia F] [--date ISO] [--discount D]',
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
  'burn-rate set': { usage: 'burn-rate set --points-level N --cash AMOUNT (e.g. 0.50)', run: burnRateSet },
  'points-expiry run': { usage: 'points-expiry run', run: expiryRun },
};
