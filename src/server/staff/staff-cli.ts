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
      const result = await client.call<{
        staff: { email: string; fullName: string; role: string };
        enrolUrl: string;
        expiresAt: string;
      }>('POST', '/staff', { role: values.role, email: values.email, name: values.name });
      return [
        `Created ${result.staff.role} ${result.staff.fullName} <${result.staff.email}>.`,
        `Give them this enrolment link (single use, valid until ${result.expiresAt}); they register a passkey with it and then sign in at ${client.baseUrl}/staff/signin:`,
        result.enrolUrl,
      ].join('\n');
    },
  },
};
