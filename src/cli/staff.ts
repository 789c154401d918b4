import type { ResponseOf } from '#shared/api/descriptor.ts';
import { createStaff, staffEnrolmentLink } from '#shared/api/partner-admin-endpoints.ts';
import { type StaffRole, staffRoles } from '#shared/domain/staff-roles.ts';
import { args } from './args.ts';
import { OperatorError, type PartnerClient } from './client.ts';

/** Operator CLI commands of staff accounts; each is one partner API call. */
type Command = (client: PartnerClient, args: string[]) => Promise<string>;

export const staffCommands: Record<string, { usage: string; run: Command }> = {
  'staff create': {
    usage: `staff create --role ${staffRoles.join('|')} --email E --name N   (prints the passkey enrolment link)`,
    run: async (client, argv) => {
      const { values } = args(argv, {
        role: { type: 'string' },
        email: { type: 'string' },
        name: { type: 'string' },
      });
      if (!values.role || !values.email || !values.name) {
        throw new OperatorError('staff create needs --role, --email and --name.');
      }
      // The server names a role it does not know; the body is sent as typed.
      const body = { role: values.role as StaffRole, email: values.email, name: values.name };
      const result = await client.call(createStaff, { body });
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
    run: async (client, argv) => {
      const { values } = args(argv, { email: { type: 'string' } });
      if (!values.email) throw new OperatorError('staff enrolment-link needs --email.');
      const result = await client.call(staffEnrolmentLink, { body: { email: values.email } });
      return [
        `New enrolment link for ${result.staff.fullName} <${result.staff.email}>; once it is used, every passkey and session they had before stops working.`,
        handOver(client, result),
      ].join('\n');
    },
  },
};

type Enrolment = ResponseOf<typeof staffEnrolmentLink>;

function handOver(client: PartnerClient, result: Enrolment): string {
  return [
    `Give them this enrolment link (single use, valid until ${result.expiresAt}); they register a passkey with it and then sign in at ${client.baseUrl}/staff/signin:`,
    result.enrolUrl,
  ].join('\n');
}
