import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { migrate } from '../db/migrate.ts';
import { openPglite } from '../db/pglite.ts';
import { hashToken, newToken } from '../sessions/tokens.ts';
import { lookUpInvite } from './invite-service.ts';

const later = readdirSync(fileURLToPath(new URL('../db/migrations/', import.meta.url))).filter(
  (name) => name.endsWith('.sql') && name >= '0014',
);

describe('migration 0014: invitation tokens move to link_tokens', () => {
  it('an invitation emailed before the move still opens, and an accepted one still answers InviteConsumed', async () => {
    const db = await openPglite(null);
    try {
      // The database as it was before 0014 (later migrations held back), with two invitations sent.
      await db.query(
        'CREATE TABLE schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
      );
      for (const name of later) await db.query('INSERT INTO schema_migrations (name) VALUES ($1)', [name]);
      // The function files come after every numbered migration, so not before the held-back ones.
      await migrate(db, undefined, { repeatable: false });
      const open = newToken();
      const accepted = newToken();
      await db.query(
        `INSERT INTO invites (token_hash, email, full_name, expires_at, consumed_at) VALUES
           ($1, 'ada@example.com', 'Ada Byron', now() + interval '7 days', NULL),
           ($2, 'alan@example.com', 'Alan Turing', now() + interval '7 days', now())`,
        [hashToken(open), hashToken(accepted)],
      );

      await db.query('DELETE FROM schema_migrations WHERE name = ANY ($1)', [later]);
      expect((await migrate(db)).filter((name) => !name.includes('/sql/'))).toEqual(later);

      const found = await lookUpInvite(db, open);
      expect(found).toMatchObject({ ok: true, invite: { email: 'ada@example.com', full_name: 'Ada Byron' } });
      const used = await lookUpInvite(db, accepted);
      expect(used).toMatchObject({ ok: true, invite: { email: 'alan@example.com' } });
      expect(used.ok && used.invite.consumed_at).toBeTruthy();
      const [token] = await db.query<{ used_at: Date | null }>(
        "SELECT used_at FROM link_tokens WHERE purpose = 'invitation' AND token_hash = $1",
        [hashToken(accepted)],
      );
      expect(token?.used_at).toBeTruthy();
      expect(await lookUpInvite(db, newToken())).toEqual({ ok: false, code: 'NotFound' });
    } finally {
      await db.close();
    }
  });
});
