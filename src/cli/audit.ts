import { writeFile } from 'node:fs/promises';
import type { z } from 'zod';
import type { AuditRow, auditQuery } from '#shared/api/audit.ts';
import { listAudit } from '#shared/api/partner-admin-endpoints.ts';
import { args } from './args.ts';
import type { PartnerClient } from './client.ts';

type Command = (client: PartnerClient, args: string[]) => Promise<string>;

const filterOptions = {
  member: { type: 'string' },
  'actor-kind': { type: 'string' },
  actor: { type: 'string' },
  action: { type: 'string' },
  from: { type: 'string' },
  to: { type: 'string' },
} as const;

const filterUsage =
  '[--member CARD_OR_EMAIL] [--actor-kind staff|api_key|bootstrap] [--actor ID_OR_NAME] [--action member.update|member.*] [--from DATE] [--to DATE]';

/** The audit query of the command line's filters (the server checks each, and names a bad one). */
function query(
  values: Record<string, string | undefined>,
  extra: Record<string, string>,
): z.input<typeof auditQuery> {
  const params: Record<string, string> = { ...extra };
  const names: Record<string, string> = { 'actor-kind': 'actorKind' };
  for (const [name, value] of Object.entries(values)) if (value) params[names[name] ?? name] = value;
  return params as z.input<typeof auditQuery>;
}

function line(row: AuditRow): string {
  const who =
    row.actorKind === 'bootstrap' ? 'bootstrap key' : `${row.actorKind} ${row.actorLabel ?? row.actorId}`;
  const member = row.memberLoyaltyId ? ` member ${row.memberLoyaltyId}` : '';
  return `#${row.id} ${row.at} ${who}: ${row.action}${member} ${JSON.stringify(row.change)}`;
}

/** The audit log from the command line: a page of rows, or every match as CSV. */
export const auditCommands: Record<string, { usage: string; run: Command }> = {
  'audit list': {
    usage: `audit list ${filterUsage} [--limit N] [--before ID]   (newest first)`,
    run: async (client, argv) => {
      const { values } = args(argv, {
        ...filterOptions,
        limit: { type: 'string' },
        before: { type: 'string' },
      });
      const { limit, before, ...filters } = values;
      const body = query(filters, { limit: limit ?? '50', ...(before ? { before } : {}) });
      const page = await client.call(listAudit, { body });
      if (!page.entries.length) return 'No audit rows match.';
      const more = page.nextBefore ? [`More: audit list … --before ${page.nextBefore}`] : [];
      return [...page.entries.map(line), ...more].join('\n');
    },
  },
  'audit export': {
    usage: `audit export ${filterUsage} [--out FILE]   (CSV; to the screen without --out)`,
    run: async (client, argv) => {
      const { values } = args(argv, { ...filterOptions, out: { type: 'string' } });
      const { out, ...filters } = values;
      const csv = await client.text(listAudit, { body: query(filters, { format: 'csv' }) });
      if (!out) return csv.trimEnd();
      await writeFile(out, csv);
      return `Wrote ${csv.trimEnd().split('\r\n').length - 1} audit row(s) to ${out}.`;
    },
  },
};
