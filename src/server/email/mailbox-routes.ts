import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.ts';
import { listMailbox, mailHtml } from './outbox-status.ts';

/** /dev/mailbox: the outbox table in a browser, for development (never registered in production). */
export function registerMailbox(app: FastifyInstance, ctx: AppContext): void {
  if (ctx.production) return;
  app.get('/dev/mailbox', async (_request, reply) => {
    const mails = await listMailbox(ctx.db);
    const rows = mails
      .map(
        (mail) =>
          `<li><a href="/dev/mailbox/${encodeURIComponent(mail.id)}">${escapeHtml(mail.subject)}</a> — to ${escapeHtml(mail.to)} <small>${escapeHtml(mail.sentAt ?? mail.createdAt)} ${mail.state}</small></li>`,
      )
      .join('');
    return reply
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Mailbox</title></head><body style="font-family:system-ui;max-width:760px;margin:2rem auto;padding:0 1rem"><h1>Development mailbox</h1><p>Emails the server wrote to its outbox (newest first), and whether each was delivered.</p><ul>${rows || '<li>No emails yet.</li>'}</ul></body></html>`,
      );
  });
  app.get<{ Params: { id: string } }>('/dev/mailbox/:id', async (request, reply) => {
    const html = await mailHtml(ctx.db, request.params.id);
    if (html === undefined) return reply.code(404).type('text/plain').send('No such email.');
    return reply.type('text/html; charset=utf-8').send(html);
  });
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);
}
