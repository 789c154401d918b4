import { mailStatus, retryMail } from '#shared/api/partner-admin-endpoints.ts';
import { args } from './args.ts';
import { OperatorError, type PartnerClient } from './client.ts';

type Command = (client: PartnerClient, args: string[]) => Promise<string>;

/** Operator CLI commands of the outbox; each is one partner API call. */
export const mailCommands: Record<string, { usage: string; run: Command }> = {
  'mail status': {
    usage: 'mail status   (emails not delivered: still retrying, or given up)',
    run: async (client) => {
      const status = await client.call(mailStatus);
      const lines = [
        `Outbox: ${status.pending} waiting, ${status.sent} delivered, ${status.givenUp} given up.`,
      ];
      if (!status.undelivered.length)
        return [...lines, 'Every email has been delivered or is on its way.'].join('\n');
      lines.push('', 'Not delivered:');
      for (const m of status.undelivered) {
        const when =
          m.state === 'given-up'
            ? `GIVEN UP ${m.givenUpAt} after ${m.attempts} attempt(s)`
            : `retrying (${m.attempts} attempt(s) so far, next ${m.nextAttemptAt})`;
        lines.push(`  #${m.id} to ${m.to} "${m.subject}" (written ${m.createdAt}): ${when}`);
        if (m.lastError) lines.push(`      last error: ${m.lastError}`);
      }
      if (status.givenUp) lines.push('', 'Send a given-up email again with: mail retry --id ID');
      return lines.join('\n');
    },
  },
  'mail retry': {
    usage: 'mail retry --id ID   (queues a given-up email again)',
    run: async (client, argv) => {
      const { values } = args(argv, { id: { type: 'string' } });
      if (!values.id) throw new OperatorError('mail retry needs --id (see mail status).');
      await client.call(retryMail, { params: { id: values.id } });
      return `Email #${values.id} is queued again.`;
    },
  },
};
