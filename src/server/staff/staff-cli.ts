import { parseArgs } from 'node:util';
import { staffRoles } from '#shared/domain/staff-roles.ts';
import { type OperatorClient, OperatorError } from '../operator/operator-client.ts';

/** Operator CLI commands of staff accounts; each is one partner API call. */
type Command = (client: OperatorClient, args: string[]) => Promise<string>;

export const staffCommands: Record<string, { usage: string; run: Command }> = {
  'staff create': {
    usage: `staff create --role ${staffRoles.join('|')} --email E --name N   (prints the passkey enrolment link)`,
    run: async (client, args) => {
      const { values } = parseArgs({
        args,
        options: { role: { type: 'string' }, email: { type: 'string' }, name: { type: 'string' } },
      });
      if (!values.role || !values.email || !values.name) {
        throw new OperatorError('staff create needs --role, --email and --name.');
      }
      const result = await client.call<Enrolment & { reactivated: boolean }>('POST', '/staff', {
        role: values.role,
        email: values.email,
        name: values.name,
      });
      const { role, fullName, email } = result.staff;
      return [
        result.reactivated
          ? `Reactivated ${role} ${fullName} <${email}> (their old passkeys no longer work).`
          : `Created ${role} ${fullName} <${email}>.`,
        handOver(client, result),
      ].join('\n');
    },
  },
  'staff enrolment-link': {
    usage:
      'staff enrolment-link --email E   (a lost or new device: once used, their older passkeys and sessions stop working)',
    run: async (client, args) => {
      const { values } = parseArgs({ args, options: { email: { type: 'string' } } });
      if (!values.email) throw new OperatorError('staff enrolment-link needs --email.');
      const result = await client.call<Enrolment>('POST', '/staff/enrolment-link', { email: values.email });
      return [
        `New enrolment link for ${result.staff.fullName} <${result.staff.email}>; once it is used, every passkey and session they had before stops working.`,
        handOver(client, result),
      ].join('\n');
    },
  },
};

interface Enrolment {
  staff: { email: string; fullName: string; role: string };
  enrolUrl: string;
  expiresAt: string;
}

function handOver(client: OperatorClient, result: Enrolment): string {
  return [
    `Give them this enrolment link (single use, valid until ${result.expiresAt}); they register a passkey with it and then sign in at ${client.baseUrl}/staff/signin:`,
    result.enrolUrl,
  ].join('\n');
}
