import { type ApiKey, partnerScopes } from '#shared/api/api-keys.ts';
import { createKey, listKeys, revokeKey } from '#shared/api/partner-admin-endpoints.ts';
import { args } from './args.ts';
import { OperatorError, type PartnerClient } from './client.ts';

type Command = (client: PartnerClient, args: string[]) => Promise<string>;

function describe(key: ApiKey): string {
  const state = key.revokedAt ? `REVOKED ${key.revokedAt}` : 'live';
  return `${key.id}  ${key.name}  [${key.scopes.join(', ')}]  ${state}; created ${key.createdAt} by ${key.createdBy ?? '?'}; last used ${key.lastUsedAt ?? 'never'}`;
}

/** Named partner API keys; each command is one partner API call with the bootstrap key. */
export const keyCommands: Record<string, { usage: string; run: Command }> = {
  'keys create': {
    usage: `keys create --name NAME --scope SCOPE [--scope SCOPE…]   (scopes: ${partnerScopes.join(', ')}; the key is shown once)`,
    run: async (client, argv) => {
      const { values } = args(argv, { name: { type: 'string' }, scope: { type: 'string', multiple: true } });
      if (!values.name || !values.scope?.length) {
        throw new OperatorError(
          `keys create needs --name and at least one --scope (${partnerScopes.join(', ')}).`,
        );
      }
      const scopes = values.scope.flatMap((s) => s.split(',')).map((s) => s.trim());
      // The server names a scope it does not know; the body is sent as typed.
      const body = { name: values.name, scopes: scopes as ApiKey['scopes'] };
      const result = await client.call(createKey, { body });
      return [
        `Created API key ${result.apiKey.name} (${result.apiKey.id}) with scopes ${result.apiKey.scopes.join(', ')}.`,
        '',
        `  ${result.key}`,
        '',
        'Store it now: it is shown only this once (the server keeps only its SHA-256).',
        'Send it as: Authorization: Bearer <key>',
      ].join('\n');
    },
  },
  'keys list': {
    usage: 'keys list   (named API keys, their scopes and last use; never the keys)',
    run: async (client) => {
      const { apiKeys } = await client.call(listKeys);
      if (!apiKeys.length) return 'No named API keys yet: create one with keys create.';
      return apiKeys.map(describe).join('\n');
    },
  },
  'keys revoke': {
    usage: 'keys revoke ID   (the key stops working at once)',
    run: async (client, argv) => {
      const { positionals } = args(argv, {}, true);
      const [id] = positionals;
      if (!id) throw new OperatorError('keys revoke needs the key id (see keys list).');
      const { apiKey } = await client.call(revokeKey, { params: { id } });
      return `Revoked API key ${apiKey.name} (${apiKey.id}) at ${apiKey.revokedAt}.`;
    },
  },
};
