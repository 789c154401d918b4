import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/support/test-app.ts';

/** The partner API described by an OpenAPI 3.1 document generated from the zod contract. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Every route the server registered, read from Fastify's own route tree. */
function registeredRoutes(): { method: string; path: string }[] {
  const routes: { method: string; path: string }[] = [];
  const stack: string[] = [];
  for (const line of t.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:│ {3}| {4})*)(?:├── |└── )(.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    stack.length = depth;
    const path = (stack[depth - 1] ?? '') + (match[2] ?? '');
    stack[depth] = path;
    for (const method of match[3]?.split(', ') ?? []) routes.push({ method, path });
  }
  return routes;
}

interface Operation {
  operationId: string;
  security: Record<string, string[]>[];
  responses: Record<string, { content: Record<string, { schema: unknown }> }>;
  requestBody?: { content: { 'application/json': { schema: { type?: string } } } };
  parameters: { name: string; in: string }[];
}
interface Document {
  openapi: string;
  info: { title: string; version: string };
  servers: { url: string }[];
  components: {
    securitySchemes: Record<string, { type: string; scheme: string }>;
    schemas: Record<string, unknown>;
  };
  paths: Record<string, Record<string, Operation>>;
}

describe('GET /partner/v1/openapi.json', () => {
  it('answers without a key: an OpenAPI 3.1 document of every registered partner route', async () => {
    const res = await t.client().get<Document>('/partner/v1/openapi.json');
    expect(res.status).toBe(200);
    const doc = res.body;
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(doc.info.title).toBeTruthy();
    expect(doc.servers[0]?.url).toBe('http://localhost:3000/partner/v1');
    expect(doc.components.securitySchemes.partnerKey).toEqual(
      expect.objectContaining({ type: 'http', scheme: 'bearer' }),
    );

    const registered = registeredRoutes()
      .filter((r) => r.path.startsWith('/partner/v1/') && r.method !== 'HEAD')
      .map((r) => `${r.method} ${r.path.slice('/partner/v1'.length).replace(/:([A-Za-z]+)/g, '{$1}')}`)
      .sort();
    const documented = Object.entries(doc.paths)
      .flatMap(([path, ops]) => Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`))
      .sort();
    expect(registered.length).toBeGreaterThan(20);
    expect(documented).toEqual(registered);

    const ids = new Set<string>();
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        const name = `${method} ${path}`;
        expect(ids.has(op.operationId), name).toBe(false);
        ids.add(op.operationId);
        const statuses = Object.keys(op.responses);
        expect(
          statuses.some((s) => s.startsWith('2')),
          name,
        ).toBe(true);
        for (const s of statuses) expect(s, name).toMatch(/^[1-5]\d\d$/);
        // Each path parameter is declared.
        for (const [, param] of path.matchAll(/\{(\w+)\}/g)) {
          expect(
            op.parameters.some((p) => p.in === 'path' && p.name === param),
            `${name} ${param}`,
          ).toBe(true);
        }
        if (op.security.length === 0) continue;
        // Every keyed operation names the scheme and can be refused with 401.
        expect(Object.keys(op.security[0] ?? {}), name).toEqual(['partnerKey']);
        expect(statuses, name).toContain('401');
        if (method === 'post' && op.requestBody) {
          expect(op.requestBody.content['application/json'].schema.type, name).toBe('object');
          expect(statuses, name).toContain('400');
        }
      }
    }
    // Scopes are the roles of the security requirement.
    expect(doc.paths['/purchases']?.post?.security).toEqual([{ partnerKey: ['purchases'] }]);
    expect(doc.paths['/members/{member}']?.get?.security).toEqual([{ partnerKey: ['members'] }]);
    expect(doc.paths['/invites']?.post?.security).toEqual([{ partnerKey: ['invites'] }]);
    expect(doc.paths['/openapi.json']?.get?.security).toEqual([]);
    // Every $ref points at a schema the document holds.
    for (const [, ref] of JSON.stringify(doc).matchAll(/"\$ref":"#\/components\/schemas\/(\w+)"/g)) {
      expect(doc.components.schemas, ref).toHaveProperty(ref as string);
    }
  });

  it('the request schemas come from the zod contract the routes parse with', async () => {
    const doc = (await t.client().get<Document>('/partner/v1/openapi.json')).body;
    const purchase = doc.paths['/purchases']?.post?.requestBody?.content['application/json'].schema as {
      properties: Record<string, { enum?: string[]; maximum?: number }>;
      required: string[];
    };
    expect(purchase.required).toEqual(
      expect.arrayContaining(['orderId', 'channel', 'value', 'currency', 'points']),
    );
    expect(purchase.properties.channel?.enum).toEqual(['ecommerce', 'in-store']);
    expect(purchase.properties.points?.maximum).toBe(10_000_000);
  });
});

describe('GET /partner/v1/docs', () => {
  it('a readable page of every operation with its key, schemas and errors; no script, no outside asset', async () => {
    const res = await t.client().get<string>('/partner/v1/docs');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(String(res.headers['content-security-policy'])).toContain("default-src 'self'");
    const page = res.body;
    expect(page).not.toMatch(/<script|https?:\/\/(?!localhost)/i);
    for (const path of [
      '/partner/v1/purchases',
      '/partner/v1/members/:member',
      '/partner/v1/keys/:id/revoke',
    ]) {
      expect(page).toContain(`<code>${path}</code>`);
    }
    expect(page).toContain('scope <code>purchases</code>');
    expect(page).toContain('403 InsufficientScope');
    expect(page).toContain('409 IdempotencyKeyReused');
    expect(page).toContain('Request body (JSON Schema)');
  });
});
