import * as partner from '#shared/api/partner-admin-endpoints.ts';
import { args } from './args.ts';
import { auditCommands } from './audit.ts';
import { claimsCommands } from './claims.ts';
import { OperatorError, type PartnerClient, partnerClient } from './client.ts';
import { keyCommands } from './keys.ts';
import { mailCommands } from './mail.ts';
import { memberCommands } from './members.ts';
import { pointsCommands } from './points.ts';
import { staffCommands } from './staff.ts';

/**
 * The operator CLI: `npm run loyalty -- <command>`. Every command is a typed call to the running
 * server's partner API (client.ts), so it works beside `npm start` (PGlite admits one process) and
 * against production. The server is LOYALTY_URL, else http://localhost:PORT.
 */
type Command = (client: PartnerClient, args: string[]) => Promise<string>;

const commands: Record<string, { usage: string; run: Command }> = {
  ...memberCommands,
  ...pointsCommands,
  ...mailCommands,
  ...staffCommands,
  ...keyCommands,
  ...auditCommands,
  ...claimsCommands,
  'member delete': {
    usage: 'member delete --member CARD_NUMBER_OR_EMAIL',
    run: async (client, argv) => {
      const { values } = args(argv, { member: { type: 'string' } });
      if (!values.member) throw new OperatorError('member delete needs --member (card number or email).');
      const result = await client.call(partner.deleteMember, { body: { member: values.member } });
      return `Deleted member ${result.loyaltyId}: personal data erased, the ledger kept anonymised (docs/deletion.md).`;
    },
  },
  invite: {
    usage: 'invite --email E --name N [--stylist STAFF_EMAIL] [--from NAME] [--existing]',
    run: async (client, argv) => {
      const { values } = args(argv, {
        email: { type: 'string' },
        name: { type: 'string' },
        from: { type: 'string' },
        stylist: { type: 'string' },
        existing: { type: 'boolean' },
      });
      if (!values.email || !values.name) throw new OperatorError('invite needs --email and --name.');
      const result = await client.call(partner.createInvite, {
        body: {
          email: values.email,
          name: values.name,
          ...(values.from ? { from: values.from } : {}),
          // The stylist becomes the member's personal shopper when they join.
          ...(values.stylist ? { stylist: values.stylist } : {}),
          ...(values.existing ? { existing: true } : {}),
        },
      });
      const i = result.invite;
      return [
        `Invited ${i.fullName} <${i.email}>${i.existingCustomer ? ' as an existing customer' : ''}; the invitation email is on its way.`,
        `Accept link (valid until ${i.expiresAt}): ${i.acceptUrl}`,
      ].join('\n');
    },
  },
  'member sign-out': {
    usage: 'member sign-out --member CARD_OR_EMAIL   (lost phone: ends every session, removes passkeys)',
    run: async (client, argv) => {
      const { values } = args(argv, { member: { type: 'string' } });
      if (!values.member) throw new OperatorError('member sign-out needs --member.');
      const result = await client.call(partner.signOutEverywhere, { body: { member: values.member } });
      return `Signed ${result.member.email} out of ${result.sessionsEnded} session(s) and removed ${result.passkeysRemoved} passkey(s).`;
    },
  },
  'member send-reset': {
    usage: 'member send-reset --member CARD_OR_EMAIL   (emails a password reset link)',
    run: async (client, argv) => {
      const { values } = args(argv, { member: { type: 'string' } });
      if (!values.member) throw new OperatorError('member send-reset needs --member.');
      const result = await client.call(partner.sendPasswordReset, { body: { member: values.member } });
      return `Sent a password reset link to ${result.member.email}.`;
    },
  },
  demo: {
    usage: 'demo',
    run: async (client) => {
      const result = await client.call(partner.seedDemo);
      const what = result.created ? 'Demo data created' : 'Demo data already present';
      return `${what}. Sign in at ${client.baseUrl}/signin as ${result.email} with password ${result.password}.`;
    },
  },
};

function usage(): string {
  return [
    'Usage: npm run loyalty -- <command>',
    '',
    ...Object.values(commands).map((c) => `  ${c.usage}`),
  ].join('\n');
}

/** Finds the longest command name that prefixes the arguments ("member create" before "member"). */
function findCommand(argv: string[]) {
  for (let words = 2; words >= 1; words--) {
    const name = argv.slice(0, words).join(' ');
    const command = commands[name];
    if (command) return { command, rest: argv.slice(words) };
  }
  return null;
}

export async function runCli(argv: string[]): Promise<number> {
  const found = findCommand(argv);
  if (!found) {
    console.error(argv.length ? `Unknown command: ${argv.join(' ')}\n\n${usage()}` : usage());
    return 2;
  }
  try {
    const client = await partnerClient();
    console.log(await found.command.run(client, found.rest));
    return 0;
  } catch (error) {
    const message =
      error instanceof OperatorError || error instanceof TypeError ? error.message : String(error);
    console.error(`Error: ${message}`);
    return 1;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = await runCli(process.argv.slice(2));
}
