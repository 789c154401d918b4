import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Endpoint } from '#shared/api/endpoint.ts';
import { pathWith } from '#shared/api/endpoint.ts';
import * as admin from '#shared/api/partner-admin-endpoints.ts';
import { partnerEndpoints } from '#shared/api/partner-api.ts';
import * as till from '#shared/api/partner-endpoints.ts';
import { createTestApp, type TestApp, testPartnerKey } from '#tests/support/test-app.ts';
import { openApiPath } from './openapi.ts';

/**
 * The partner API's document against the server: real answers of every documented operation (its
 * successes and the failures a caller meets first) are validated with a JSON Schema validator
 * against the document's schema for that status, and a status the document does not list fails.
 */
let t: TestApp;
// biome-ignore lint/suspicious/noExplicitAny: the document is read as plain JSON.
let doc: any;
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);
const validators = new Map<string, ValidateFunction>();
/** Operations answered at least once, as `METHOD /path`. */
const answered = new Set<string>();

beforeAll(async () => {
  t = await createTestApp({ config: { pointsExpiry: { months: 12 } } });
  doc = (await t.partner('GET', '/openapi.json')).body;
});
afterAll(() => t.close());

/** A schema of the document, with the document's components beside it so its $refs resolve. */
function validatorOf(key: string, schema: object): ValidateFunction {
  let validate = validators.get(key);
  if (!validate) {
    validate = ajv.compile({ ...schema, components: doc.components });
    validators.set(key, validate);
  }
  return validate;
}

function operationOf(endpoint: Endpoint) {
  const op = doc.paths[openApiPath(endpoint.path)]?.[endpoint.method.toLowerCase()];
  expect(op, `${endpoint.method} ${endpoint.path} is documented`).toBeTruthy();
  return op;
}

interface Answer {
  status: number;
  body: unknown;
  headers: Record<string, unknown>;
}

/** Calls one operation and checks its answer against the document. */
async function call<P extends string>(
  endpoint: Endpoint & { path: P },
  options: {
    params?: Record<string, string>;
    body?: unknown;
    raw?: string;
    key?: string | null;
    query?: string;
  } = {},
): Promise<Answer> {
  const url = `${pathWith(endpoint.path, (options.params ?? {}) as never)}${options.query ? `?${options.query}` : ''}`;
  const key = options.key === undefined ? testPartnerKey : options.key;
  const payload = options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  const response = await t.app.inject({
    method: endpoint.method,
    url,
    headers: {
      ...(key ? { authorization: `Bearer ${key}` } : {}),
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(payload === undefined ? {} : { payload }),
  });
  await t.ctx.outbox.drain();
  const name = `${endpoint.method} ${endpoint.path} → ${response.statusCode}`;
  const documented = operationOf(endpoint).responses[String(response.statusCode)];
  expect(documented, `${name} is a documented status: ${response.body.slice(0, 300)}`).toBeTruthy();
  const type = String(response.headers['content-type'] ?? '');
  const body: unknown = type.includes('json') ? response.json() : response.body;
  if (type.includes('json')) {
    const schema = documented.content['application/json']?.schema;
    expect(schema, `${name} documents a JSON body`).toBeTruthy();
    const validate = validatorOf(`${name}`, schema);
    expect(validate(body), `${name}: ${JSON.stringify(validate.errors)}\n${JSON.stringify(body)}`).toBe(true);
  } else {
    expect(
      Object.keys(documented.content).some((media) => type.startsWith(media)) || type.startsWith('text/csv'),
      name,
    ).toBe(true);
  }
  answered.add(`${endpoint.method} ${endpoint.path}`);
  return { status: response.statusCode, body, headers: response.headers };
}

let n = 0;
const unique = (prefix: string) => `${prefix}-${++n}-${Date.now()}`;

describe('the OpenAPI document and the server agree', () => {
  it('every documented operation answers as documented, failures included', async () => {
    await call(admin.openApiDocument, { key: null });
    await call(admin.docsPage, { key: null });

    // Members.
    const email = `${unique('conform')}@example.com`;
    const created = await call(admin.createMember, {
      body: { email, name: 'Connie Form', password: 'a-long-password' },
    });
    expect(created.status).toBe(201);
    const loyaltyId = (created.body as { member: { loyaltyId: string } }).member.loyaltyId;
    expect((await call(admin.createMember, { body: { email, name: 'Again' } })).status).toBe(409);
    expect((await call(admin.getMember, { params: { member: loyaltyId } })).status).toBe(200);
    expect((await call(admin.getMember, { params: { member: '999999999' } })).status).toBe(404);
    expect(
      (await call(admin.updateMember, { params: { member: loyaltyId }, body: { canRedeem: true } })).status,
    ).toBe(200);
    expect((await call(admin.updateMember, { params: { member: loyaltyId }, body: {} })).status).toBe(400);

    // Keys and scopes: 401 without a key or with a revoked one, 403 naming the scope.
    const named = await call(admin.createKey, { body: { name: unique('till'), scopes: ['purchases'] } });
    expect(named.status).toBe(201);
    const tillKey = (named.body as { key: string }).key;
    const tillKeyId = (named.body as { apiKey: { id: string } }).apiKey.id;
    expect((await call(admin.listKeys)).status).toBe(200);
    const refused = await call(admin.getMember, { params: { member: loyaltyId }, key: tillKey });
    expect(refused.body).toMatchObject({ error: 'InsufficientScope', requiredScope: 'members' });
    expect((await call(admin.listKeys, { key: tillKey })).status).toBe(403);
    expect((await call(till.recordPurchase, { key: null, body: {} })).status).toBe(401);

    // Purchases: 201 for a member, 202 unmatched for an unknown card, 400 for bad JSON or no store.
    const purchase = { loyaltyId, channel: 'ecommerce', value: 10_000, currency: 'GBP', points: 1000 };
    const orderId = unique('ORD');
    expect((await call(till.recordPurchase, { key: tillKey, body: { ...purchase, orderId } })).status).toBe(
      201,
    );
    const unmatched = await call(till.recordPurchase, {
      body: { ...purchase, loyaltyId: '123456789', orderId: unique('ORD') },
    });
    expect(unmatched.status).toBe(202);
    const noStore = await call(till.recordPurchase, {
      body: { ...purchase, orderId: unique('ORD'), channel: 'in-store' },
    });
    expect(noStore.body).toMatchObject({ error: 'InvalidRequest' });
    expect((await call(till.recordPurchase, { raw: '{"orderId":' })).body).toMatchObject({
      error: 'InvalidJson',
    });
    const batch = await call(till.recordPurchaseBatch, {
      body: {
        purchases: [
          { ...purchase, orderId: unique('ORD') },
          { ...purchase, loyaltyId: '123456789', orderId: unique('ORD') },
          { orderId: 'x' },
        ],
      },
    });
    expect(batch.status).toBe(200);

    expect(
      (await call(till.recordReturn, { body: { returnId: unique('RET'), orderId, points: 100 } })).status,
    ).toBe(201);
    expect(
      (await call(till.recordReturn, { body: { returnId: unique('RET'), orderId: unique('none') } })).status,
    ).toBe(404);
    const adjustment = { adjustmentId: unique('ADJ'), loyaltyId, points: 500, reason: 'Goodwill' };
    expect((await call(till.recordAdjustment, { body: adjustment })).status).toBe(201);
    expect((await call(till.recordAdjustment, { body: { ...adjustment, points: 7 } })).status).toBe(409);
    const redemption = {
      redemptionId: unique('RED'),
      loyaltyId,
      amount: 100,
      storeDisplayName: 'Regent Street',
    };
    expect([201, 409]).toContain((await call(till.recordRedemption, { body: redemption })).status);
    expect((await call(till.getBurnRates, { key: tillKey })).status).toBe(200);
    expect((await call(till.setBurnRate, { body: { pointsLevel: 100, cashValue: 100 } })).status).toBe(200);
    expect((await call(till.runPointsExpiry)).status).toBe(200);

    // Claims (none made here: the list, and the 404s of one that does not exist).
    expect((await call(till.listClaims)).status).toBe(200);
    expect((await call(till.listClaims, { query: 'status=lost' })).status).toBe(400);
    expect((await call(till.getClaim, { params: { id: '999999' } })).status).toBe(404);
    expect((await call(till.approveClaim, { params: { id: '999999' }, body: {} })).status).toBe(404);
    expect((await call(till.refuseClaim, { params: { id: '999999' }, body: { reason: 'No.' } })).status).toBe(
      404,
    );

    // Invitations, staff, mail, the demo, the audit log.
    expect(
      (await call(admin.createInvite, { body: { email: `${unique('inv')}@example.com`, name: 'Ina Vite' } }))
        .status,
    ).toBe(201);
    const staffEmail = `${unique('staff')}@example.com`;
    expect(
      (await call(admin.createStaff, { body: { email: staffEmail, name: 'Sam Staff', role: 'support' } }))
        .status,
    ).toBe(201);
    expect((await call(admin.staffEnrolmentLink, { body: { email: staffEmail } })).status).toBe(200);
    expect((await call(admin.staffEnrolmentLink, { body: { email: 'nobody@example.com' } })).status).toBe(
      404,
    );
    expect((await call(admin.mailStatus)).status).toBe(200);
    expect((await call(admin.retryMail, { params: { id: '999999' } })).status).toBe(404);
    expect((await call(admin.seedDemo, { body: {} })).status).toBe(200);
    expect((await call(admin.listAudit, { query: `member=${loyaltyId}` })).status).toBe(200);
    expect((await call(admin.listAudit, { query: 'format=csv' })).status).toBe(200);
    expect((await call(admin.listAudit, { query: 'from=yesterday' })).status).toBe(400);

    // A member's credentials and deletion, last.
    expect((await call(admin.sendPasswordReset, { body: { member: email } })).status).toBe(200);
    expect((await call(admin.signOutEverywhere, { body: { member: loyaltyId } })).status).toBe(200);
    expect((await call(admin.deleteMember, { body: { member: loyaltyId } })).status).toBe(200);
    expect((await call(admin.deleteMember, { body: { member: loyaltyId } })).status).toBe(404);
    expect((await call(admin.revokeKey, { params: { id: tillKeyId } })).status).toBe(200);
    expect((await call(till.getBurnRates, { key: tillKey })).body).toMatchObject({ error: 'ApiKeyRevoked' });
    expect(
      (await call(admin.revokeKey, { params: { id: '00000000-0000-0000-0000-000000000000' } })).status,
    ).toBe(404);

    expect([...answered].sort()).toEqual(partnerEndpoints.map((op) => `${op.method} ${op.path}`).sort());
  });

  it('the request schemas hold the rules the server checks, and every example passes them', () => {
    const purchase = validatorOf(
      'purchase',
      doc.paths['/purchases'].post.requestBody.content['application/json'].schema,
    );
    const base = { orderId: 'A1', channel: 'ecommerce', value: 1, currency: 'GBP', points: 1 };
    expect(purchase({ ...base, loyaltyId: '4000' })).toBe(true);
    expect(purchase({ ...base, email: 'a@example.com' })).toBe(true);
    expect(purchase({ ...base }), 'one of loyaltyId or email').toBe(false);
    expect(purchase({ ...base, loyaltyId: '4000', email: 'a@example.com' }), 'not both').toBe(false);
    expect(purchase({ ...base, loyaltyId: '4000', channel: 'in-store' }), 'in store names its store').toBe(
      false,
    );
    expect(purchase({ ...base, loyaltyId: '4000', channel: 'in-store', storeDisplayName: 'Leeds' })).toBe(
      true,
    );

    const batch = doc.paths['/purchases/batch'].post.requestBody.content['application/json'].schema;
    expect(batch.properties.purchases.items).toEqual({ $ref: '#/components/schemas/Purchase' });
    expect(validatorOf('batch', batch)({ purchases: [{ ...base }] }), 'batch items are purchases').toBe(
      false,
    );

    let examples = 0;
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(
        operations as Record<
          string,
          { requestBody?: { content: Record<string, { schema: { examples?: unknown[] } }> } }
        >,
      )) {
        const schema = op.requestBody?.content['application/json']?.schema;
        for (const example of schema?.examples ?? []) {
          const validate = validatorOf(`${method} ${path} request`, schema as object);
          expect(validate(example), `${method} ${path} example: ${JSON.stringify(validate.errors)}`).toBe(
            true,
          );
          examples += 1;
        }
      }
    }
    expect(examples).toBeGreaterThanOrEqual(5);
    // Fields say what they are.
    expect(
      doc.paths['/purchases'].post.requestBody.content['application/json'].schema.properties.value
        .description,
    ).toMatch(/minor units/);
  });
});
