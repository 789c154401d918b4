import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';

/**
 * The header by which the members' service worker (src/web/offline/sw.js) learns whose card it may
 * keep: every page, the offline card and every answer that starts or ends a session carry it. Its
 * value names the session the browser holds after this answer (a one-way tag of the session's token
 * hash, useless to sign in with), or `none` when the browser holds none. A tag that differs from the
 * kept card's drops that card, so one member's card is never shown after another member, or nobody,
 * is signed in on the browser (docs/decisions/0085-the-card-offline.md).
 */
const offlineCardHeader = 'x-offline-card';

const noOfflineCard = 'none';

function offlineCardTag(tokenHash: string): string {
  return createHash('sha256').update(`offline-card:${tokenHash}`).digest('base64url').slice(0, 22);
}

/** Tells the service worker which session the browser holds after this answer (null: none). */
export function tellOfflineCard(reply: FastifyReply, tokenHash: string | null): void {
  reply.header(offlineCardHeader, tokenHash ? offlineCardTag(tokenHash) : noOfflineCard);
}
