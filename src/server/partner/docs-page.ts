import type { Endpoint } from '#shared/api/endpoint.ts';
import { partnerEndpoints } from '#shared/api/partner-api.ts';
import { errorStatus, errorsOf, openApiPath, type partnerOpenApi } from './openapi.ts';

/** The partner API's documentation page: every operation of the OpenAPI document, readable at 375 px. */

type Document = ReturnType<typeof partnerOpenApi>;

const html = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** Escaped text whose Markdown `code` spans become <code>. */
const prose = (text: string) => html(text).replace(/`([^`]+)`/g, '<code>$1</code>');

const accessWords: Record<string, string> = {
  any: 'any valid key',
  bootstrap: 'the bootstrap key only (PARTNER_API_KEY)',
  public: 'no key',
};

function schemaBlock(title: string, schema: unknown): string {
  if (!schema) return '';
  return `<details><summary>${html(title)}</summary><pre>${html(JSON.stringify(schema, null, 2))}</pre></details>`;
}

interface Spec {
  operationId: string;
  parameters: { name: string; in: string; required: boolean; description?: string }[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { description: string; content: Record<string, { schema: unknown }> }>;
}

function operationSection(document: Document, op: Endpoint): string {
  const spec = document.paths[openApiPath(op.path)]?.[op.method.toLowerCase()] as unknown as Spec;
  const key = op.access?.door === 'partner' ? op.access.key : 'public';
  const access = accessWords[key] ?? `scope <code>${html(key)}</code> (or the bootstrap key)`;
  const others = (op.otherAnswers ?? [])
    .map((other) => `<dt>Also</dt><dd><code>${other.status}</code> ${prose(other.description)}</dd>`)
    .join('');
  const errors = errorsOf(op)
    .map((code) => `<li><code>${errorStatus[code] ?? 400} ${html(code)}</code></li>`)
    .join('');
  const parameters = spec.parameters
    .map(
      (p) =>
        `<li><code>${html(p.name)}</code> (${p.in}${p.required ? ', required' : ''})${p.description ? `: ${prose(p.description)}` : ''}</li>`,
    )
    .join('');
  const success = spec.responses[String(op.status ?? 200)]?.content;
  return `<section id="${html(spec.operationId)}">
<h2><span class="method">${op.method}</span> <code>${html(op.path)}</code></h2>
<p>${prose(op.summary ?? '')}</p>
<dl><dt>Key</dt><dd>${access}</dd>${op.audit ? `<dt>Audit action</dt><dd><code>${html(op.audit)}</code></dd>` : ''}
<dt>Success</dt><dd><code>${op.status ?? 200}</code> ${html(op.contentType ?? 'application/json')}</dd>${others}</dl>
${parameters ? `<h3>Parameters</h3><ul>${parameters}</ul>` : ''}
${schemaBlock('Request body (JSON Schema)', spec.requestBody?.content['application/json']?.schema)}
${op.contentType ? '' : schemaBlock('Response body (JSON Schema)', success?.['application/json']?.schema)}
<h3>Errors</h3><ul>${errors || '<li>none of its own</li>'}</ul>
</section>`;
}

export function docsPageHtml(document: Document): string {
  const contents = partnerEndpoints
    .map((op) => {
      const spec = document.paths[openApiPath(op.path)]?.[op.method.toLowerCase()] as { operationId: string };
      return `<li><a href="#${html(spec.operationId)}">${op.method} ${html(op.path)}</a></li>`;
    })
    .join('');
  const description = document.info.description
    .split('\n\n')
    .map((paragraph) => `<p>${prose(paragraph)}</p>`)
    .join('');
  // Long paths, codes and schema lines wrap or scroll inside their box: the page fits a 375 px phone.
  return `<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${html(document.info.title)}</title>
<style>
*{box-sizing:border-box}
body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:0 auto;padding:1rem;color:#1a1a1a;overflow-wrap:anywhere}
code,pre{font-family:ui-monospace,monospace;font-size:.9em}pre{background:#f4f4f4;padding:.75rem;overflow:auto;max-width:100%}
h1{font-size:1.6rem}h2{font-size:1.25rem}
section{border-top:1px solid #ccc;padding-top:.5rem;margin-top:1.5rem}.method{background:#1a1a1a;color:#fff;padding:0 .4rem}
ul{padding-left:1.25rem}dt{font-weight:600}dd{margin:0 0 .5rem 1rem}a{color:#0b57d0}
</style></head><body>
<header><h1>${html(document.info.title)} (version ${html(document.info.version)})</h1>
<p>Machine-readable: <a href="openapi.json">openapi.json</a> (OpenAPI ${document.openapi}).</p></header>
<main>${description}<nav aria-label="Operations"><h2>Operations</h2><ul>${contents}</ul></nav>
${partnerEndpoints.map((op) => operationSection(document, op)).join('\n')}</main>
</body></html>`;
}
