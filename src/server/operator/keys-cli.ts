import { parseArgs } from 'node:util';
import { type ApiKey, partnerScopes } from '#shared/api/api-keys.ts';
import { type OperatorClient, OperatorError } from './operator-client.ts';

type Command = (client: OperatorClient, args: string[]) => Promise<string>;

function describe(key: ApiKey): string {
  const state = key.revokedAt ? `REVOKED ${key.revokedAt}` : 'live';
  return `${key.id}  ${key.name}  [${key.scopes.join(', ')}]  ${state}; created ${key.createdAt} by ${key.createdBy ?? '?'}; last used ${key.lastUsedAt ?? 'never'}`;
}

/** Named partner API keys; each command is one partner API call with the bootstrap key. */
export const keyCommands: Record<string, { usage: string; run: Command }> = {
  'keys create': {
    usage: `keys create --name NAME --scope SCOPE [--scope SCOPE…]   (scopes: ${partnerScopes.join(', ')}; the key is shown once)`,
    run: async (client, args) => {
      const { values } = parseArgs({
        args,
        options: { name: { type: 'string' }, scope: { type: 'string', multiple: true } },
      });
      if (!values.name || !values.scope?.length) {
        throw new OperatorError(
          `keys create needs --name and at least one --scope (${partnerScopes.join(', ')}).`,
        );
      }
      const scopes = values.scope.flatMap((s) => s.split(',')).map((s) => s.trim());
      const result = await client.call<{ apiKey: ApiKey; key: string }>('POST', '/keys', {
        name: values.name,
        scopes,
      });
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
      const { apiKeys } = await client.call<{ apiKeys: ApiKey[] }>('GET', '/keys');
      if (!apiKeys.length) return 'No named API keys yet: create one with keys create.';
      return apiKeys.map(describe).join('\n');
    },
  },
  'keys revoke': {
    usage: 'keys revoke ID   (the key stops working at once)',
    run: async (client, args) => {
      const { positionals } = parseArgs({ args, allowPositionals: true });
      const [id] = positionals;
      if (!id) throw new OperatorError('keys revoke needs the key id (see keys list).');
      const { apiKey } = await client.call<{ apiKey: ApiKey }>(
        'POST',
        `/keys/${encodeURIComponent(id)}/revoke`,
        {},
      );
      return `Revoked API key ${apiKey.name} (${apiKey.id}) at ${apiKey.revokedAt}.`;
    },
  },
};
