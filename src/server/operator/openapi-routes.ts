import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.ts';
import { errorStatus, errorsOf, openApiPath, partnerOpenApi } from './openapi.ts';
import { type PartnerOperation, partnerOperations } from './partner-operations.ts';

/**
 * The partner API's own description, without a key: GET /partner/v1/openapi.json (OpenAPI 3.1) and
 * GET /partner/v1/docs, a plain server-rendered page of every operation (no script, no outside
 * asset: the CSP holds), so a till or web-shop integrator needs nothing else.
 */
export function registerOpenApiRoutes(partner: FastifyInstance, ctx: AppContext): void {
  // Made on first request, not at start: turning every operation's zod schemas into JSON Schema
  // took about 0.15 s of the start, for two pages few servers are ever asked for.
  let made: { document: Document; page: string } | undefined;
  const docs = () => {
    if (!made) {
      const document = partnerOpenApi(ctx.origin);
      made = { document, page: docsPage(document) };
    }
    return made;
  };
  partner.get('/openapi.json', async () => docs().document);
  partner.get('/docs', async (_request, reply) => reply.type('text/html; charset=utf-8').send(docs().page));
}

const html = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const accessWords: Record<string, string> = {
  any: 'any valid key',
  bootstrap: 'the bootstrap key only (PARTNER_API_KEY)',
  public: 'no key',
};

type Document = ReturnType<typeof partnerOpenApi>;

function schemaBlock(title: string, schema: unknown): string {
  if (!schema) return '';
  return `<details><summary>${html(title)}</summary><pre>${html(JSON.stringify(schema, null, 2))}</pre></details>`;
}

function operationSection(document: Document, op: PartnerOperation): string {
  const spec = document.paths[openApiPath(op.path)]?.[op.method.toLowerCase()] as {
    operationId: string;
    parameters: { name: string; in: string; required: boolean }[];
    requestBody?: { content: Record<string, { schema: unknown }> };
    responses: Record<string, { content: Record<string, { schema: unknown }> }>;
  };
  const access = accessWords[op.access] ?? `scope <code>${html(op.access)}</code> (or the bootstrap key)`;
  const success = spec.responses[String(op.status)]?.content;
  const errors = errorsOf(op)
    .map((code) => `<li><code>${errorStatus[code] ?? 400} ${html(code)}</code></li>`)
    .join('');
  const parameters = spec.parameters
    .map((p) => `<li><code>${html(p.name)}</code> (${p.in}${p.required ? ', required' : ''})</li>`)
    .join('');
  return `<section id="${html(spec.operationId)}">
<h2><span class="method">${op.method}</span> <code>/partner/v1${html(op.path)}</code></h2>
<p>${html(op.summary)}</p>
<dl><dt>Key</dt><dd>${access}</dd>${op.audit ? `<dt>Audit action</dt><dd><code>${html(op.audit)}</code></dd>` : ''}
<dt>Success</dt><dd><code>${op.status}</code> ${html(op.contentType ?? 'application/json')}</dd></dl>
${parameters ? `<h3>Parameters</h3><ul>${parameters}</ul>` : ''}
${schemaBlock('Request body (JSON Schema)', spec.requestBody?.content['application/json']?.schema)}
${op.contentType ? '' : schemaBlock('Response body (JSON Schema)', success?.['application/json']?.schema)}
<h3>Errors</h3><ul>${errors || '<li>none of its own</li>'}</ul>
</section>`;
}

function docsPage(document: Document): string {
  const contents = partnerOperations
    .map((op) => {
      const spec = document.paths[openApiPath(op.path)]?.[op.method.toLowerCase()] as { operationId: string };
      return `<li><a href="#${html(spec.operationId)}">${op.method} /partner/v1${html(op.path)}</a></li>`;
    })
    .join('');
  const description = document.info.description
    .split('\n\n')
    .map((paragraph) => `<p>${html(paragraph).replace(/`([^`]+)`/g, '<code>$1</code>')}</p>`)
    .join('');
  return `<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${html(document.info.title)}</title>
<style>
body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:0 auto;padding:1rem;color:#1a1a1a}
code,pre{font-family:ui-monospace,monospace;font-size:.9em}pre{background:#f4f4f4;padding:.75rem;overflow:auto}
section{border-top:1px solid #ccc;padding-top:.5rem;margin-top:1.5rem}.method{background:#1a1a1a;color:#fff;padding:0 .4rem}
dt{font-weight:600}dd{margin:0 0 .5rem 1rem}a{color:#0b57d0}
</style></head><body>
<header><h1>${html(document.info.title)} (version ${html(document.info.version)})</h1>
<p>Machine-readable: <a href="openapi.json">openapi.json</a> (OpenAPI ${document.openapi}).</p></header>
<main>${description}<nav aria-label="Operations"><h2>Operations</h2><ul>${contents}</ul></nav>
${partnerOperations.map((op) => operationSection(document, op)).join('\n')}</main>
</body></html>`;
}
