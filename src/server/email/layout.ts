/** Shared look of every email: a plain, accessible, table-free layout that mail clients render well. */
export interface EmailContent {
  title: string;
  /** Paragraphs of the body (plain text; escaped here). */
  paragraphs: string[];
  /** The one action of the mail. */
  action?: { label: string; url: string };
  /** Bullet points (e.g. the VIP offer). */
  bullets?: string[];
  footer?: string;
}

export function renderEmail(brand: string, content: EmailContent): { html: string; text: string } {
  const esc = escapeHtml;
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${esc(content.title)}</title></head>
<body style="margin:0;background:#f7f5f2;font-family:Helvetica,Arial,sans-serif;color:#141414">
<div style="max-width:560px;margin:0 auto;padding:32px 24px">
<p style="font-family:Georgia,serif;letter-spacing:.12em;text-transform:uppercase;font-size:20px;margin:0 0 24px">${esc(brand)}</p>
<h1 style="font-family:Georgia,serif;font-size:26px;margin:0 0 16px">${esc(content.title)}</h1>
${content.paragraphs.map((p) => `<p style="font-size:16px;line-height:1.5">${esc(p)}</p>`).join('\n')}
${content.bullets ? `<ul>${content.bullets.map((b) => `<li style="font-size:16px;line-height:1.6">${esc(b)}</li>`).join('')}</ul>` : ''}
${content.action ? `<p style="margin:28px 0"><a href="${esc(content.action.url)}" style="background:#141414;color:#fff;padding:14px 28px;border-radius:999px;text-decoration:none;font-weight:bold;display:inline-block">${esc(content.action.label)}</a></p><p style="font-size:13px;color:#6b6b6b">If the button does not work, copy this link into your browser:<br>${esc(content.action.url)}</p>` : ''}
${content.footer ? `<p style="font-size:13px;color:#6b6b6b;margin-top:32px">${esc(content.footer)}</p>` : ''}
</div></body></html>`;
  const text = [
    brand.toUpperCase(),
    '',
    content.title,
    '',
    ...content.paragraphs.flatMap((p) => [p, '']),
    ...(content.bullets ? [...content.bullets.map((b) => `- ${b}`), ''] : []),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ''] : []),
    ...(content.footer ? [content.footer] : []),
  ].join('\n');
  return { html, text };
}

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}
