import type { ResponseOf } from '#shared/api/descriptor.ts';
import * as partner from '#shared/api/partner-admin-endpoints.ts';
import { formatMoney } from '#shared/domain/format.ts';
import { args } from './args.ts';
import { OperatorError, type PartnerClient } from './client.ts';

/** Operator CLI commands of member administration; each is one partner API call. */
type Command = (client: PartnerClient, args: string[]) => Promise<string>;

type MemberDetails = ResponseOf<typeof partner.getMember>['member'];

function bool(name: string, value: string | undefined): boolean | undefined {
  if (value === undefined) return undefined;
  if (['true', 'on', 'yes'].includes(value)) return true;
  if (['false', 'off', 'no'].includes(value)) return false;
  throw new OperatorError(`--${name} must be true or false (or on/off).`);
}

function describeMember(m: MemberDetails): string {
  const yes = (b: boolean) => (b ? 'yes' : 'no');
  return [
    `${m.fullName} <${m.email ?? 'deleted'}>, card number ${m.loyaltyId}, member since ${m.createdAt.slice(0, 10)}`,
    `  points: ${m.pointsBalance} (pending ${m.pendingPointsBalance}), cash: ${formatMoney(m.cashBalance, m.currency, 'en-GB')}`,
    `  vip level: ${m.vipLevel ?? 'none'}, email verified: ${yes(m.emailVerified)}, credit account: ${yes(m.isCredit)}, under review: ${yes(m.underReview)}`,
    `  can redeem: ${yes(m.accessRules.canRedeem)}, can convert: ${yes(m.accessRules.canConvert)}, can sign in: ${yes(m.accessRules.canSignIn)}`,
    ...(m.recent.length ? ['  recent:'] : []),
    ...m.recent.map(
      (e) =>
        `    ${e.createdAt.slice(0, 10)} ${e.kind.padEnd(10)} ${String(e.points).padStart(7)} pts ${e.pending ? 'pending ' : ''}${e.orderId ?? e.reason ?? ''}`,
    ),
  ].join('\n');
}

const memberShow: Command = async (client, argv) => {
  const { positionals } = args(argv, {}, true);
  const who = positionals[0];
  if (!who) throw new OperatorError('member show needs an email or card number.');
  const result = await client.call(partner.getMember, { params: { member: who } });
  return describeMember(result.member);
};

const memberSet: Command = async (client, argv) => {
  const { values, positionals } = args(
    argv,
    {
      'vip-level': { type: 'string' },
      'can-redeem': { type: 'string' },
      'can-convert': { type: 'string' },
      'can-sign-in': { type: 'string' },
      'under-review': { type: 'string' },
      'email-verified': { type: 'string' },
      credit: { type: 'string' },
    },
    true,
  );
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
  const result = await client.call(partner.updateMember, { params: { member: who }, body });
  return `Updated.\n${describeMember(result.member)}`;
};

export const memberCommands: Record<string, { usage: string; run: Command }> = {
  'member create': {
    usage: 'member create --email E --name N [--password P]',
    run: async (client, argv) => {
      const { values } = args(argv, {
        email: { type: 'string' },
        name: { type: 'string' },
        password: { type: 'string' },
      });
      if (!values.email || !values.name) throw new OperatorError('member create needs --email and --name.');
      const result = await client.call(partner.createMember, {
        body: {
          email: values.email,
          name: values.name,
          ...(values.password ? { password: values.password } : {}),
        },
      });
      const m = result.member;
      return `Created member ${m.fullName} <${m.email}>, card number ${m.loyaltyId}.`;
    },
  },
  'member show': { usage: 'member show E|CARD', run: memberShow },
  'member set': {
    usage:
      'member set E|CARD [--vip-level L|none] [--can-redeem true|false] [--can-convert true|false] [--can-sign-in true|false] [--under-review on|off] [--email-verified true|false] [--credit true|false]',
    run: memberSet,
  },
};
