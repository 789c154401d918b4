import { z } from 'zod';
import { type PartnerOperation, partnerOperations } from './partner-operations.ts';
import { failureResponse } from './partner-responses.ts';

/**
 * The partner API's OpenAPI 3.1 document, generated from the zod schemas the routes parse with
 * (partner-operations.ts), so the document and the API cannot disagree on a field. Served at
 * GET /partner/v1/openapi.json and as a page at /partner/v1/docs (openapi-routes.ts).
 */

/** The HTTP status each error code answers with. */
export const errorStatus: Record<string, number> = {
  InvalidRequest: 400,
  CurrencyNotAllowed: 400,
  OrderOfAnotherMember: 400,
  CurrencyMismatch: 400,
  NothingToChange: 400,
  InvalidPassword: 400,
  InvalidApiKey: 401,
  ApiKeyRevoked: 401,
  InsufficientScope: 403,
  BootstrapKeyRequired: 403,
  CannotRedeem: 403,
  NotFound: 404,
  MemberNotFound: 404,
  PurchaseNotFound: 404,
  MailNotFound: 404,
  ApiKeyNotFound: 404,
  MemberExists: 409,
  AlreadyMember: 409,
  EmailProvenElsewhere: 409,
  IdempotencyKeyReused: 409,
  ReturnExceedsPurchase: 409,
  PointsAlreadySpent: 409,
  BalanceWouldGoNegative: 409,
  NotEnoughCash: 409,
  PointsLimit: 409,
  ApiKeyNameTaken: 409,
  StaffExists: 409,
  TooManyRequests: 429,
};

/** Every error an operation may answer: its own, and those of validation, keys and scopes. */
export function errorsOf(op: PartnerOperation): string[] {
  const codes = new Set<string>();
  if (op.request || op.query || op.path.includes(':')) codes.add('InvalidRequest');
  if (op.access !== 'public') {
    codes.add('InvalidApiKey');
    codes.add('ApiKeyRevoked');
  }
  if (op.access === 'bootstrap') codes.add('BootstrapKeyRequired');
  else if (op.access !== 'any' && op.access !== 'public') codes.add('InsufficientScope');
  for (const code of op.errors) codes.add(code);
  return [...codes];
}

/** A schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect, so no `$schema` in each). */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    target: 'draft-2020-12',
  });
  return rest;
}

/** `/members/:member` as OpenAPI writes it: `/members/{member}`. */
export const openApiPath = (path: string) => path.replace(/:([A-Za-z]+)/g, '{$1}');

function queryParameters(schema: z.ZodType) {
  const object = jsonSchema(schema, 'input') as { properties?: Record<string, object>; required?: string[] };
  return Object.entries(object.properties ?? {}).map(([name, property]) => ({
    name,
    in: 'query',
    required: object.required?.includes(name) ?? false,
    schema: property,
  }));
}

function operationOf(op: PartnerOperation) {
  const errors = errorsOf(op);
  const byStatus = new Map<number, string[]>();
  for (const code of errors) {
    const status = errorStatus[code] ?? 400;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const pathParameters = [...op.path.matchAll(/:([A-Za-z]+)/g)].map(([, name]) => ({
    name,
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
  const scope = op.access === 'public' || op.access === 'any' ? [] : [op.access];
  return {
    operationId: `${op.method.toLowerCase()}${op.path.replace(/[/:.-]+([a-z])?/g, (_, c: string = '') => c.toUpperCase())}`,
    summary: op.summary,
    'x-access': op.access,
    ...(op.audit ? { 'x-audit-action': op.audit } : {}),
    security: op.access === 'public' ? [] : [{ partnerKey: scope }],
    parameters: [...pathParameters, ...(op.query ? queryParameters(op.query) : [])],
    ...(op.request
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: jsonSchema(op.request, 'input') } },
          },
        }
      : {}),
    responses: {
      [String(op.status)]: {
        description: 'Success',
        content: { [op.contentType ?? 'application/json']: { schema: jsonSchema(op.response, 'output') } },
      },
      ...Object.fromEntries(
        [...byStatus].map(([status, codes]) => [
          String(status),
          {
            description: `Refused: ${codes.join(', ')}`,
            content: {
              'application/json': {
                schema: {
                  allOf: [
                    { $ref: '#/components/schemas/Failure' },
                    { properties: { error: { enum: codes } } },
                  ],
                },
              },
            },
          },
        ]),
      ),
    },
  };
}

export function partnerOpenApi(origin: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of partnerOperations) {
    const path = openApiPath(op.path);
    paths[path] = { ...paths[path], [op.method.toLowerCase()]: operationOf(op) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Loyalty partner API',
      version: '1',
      description: [
        'The API tills, the web shop and staff tools use to record purchases, returns and redemptions, and to run members and invitations.',
        'Authenticate with `Authorization: Bearer <key>`: a named API key (created with `npm run loyalty -- keys create`) or the bootstrap key (PARTNER_API_KEY).',
        'Scopes: `purchases` (purchases, returns, redemptions), `members` (member administration and adjustments, member reads), `invites` (invitations). The bootstrap key has every scope and alone may manage keys, read the audit log, set the burn rate and retry mail.',
        'A key without the scope answers 403 InsufficientScope; a revoked key 401 ApiKeyRevoked. Every write leaves exactly one audit row (x-audit-action); an idempotent replay leaves none.',
        'Money is in minor units (pence), points are whole numbers. Every failure answers `{ success: false, error, message, fieldErrors? }`.',
      ].join('\n\n'),
    },
    servers: [{ url: `${origin}/partner/v1` }],
    security: [{ partnerKey: [] }],
    components: {
      securitySchemes: {
        partnerKey: {
          type: 'http',
          scheme: 'bearer',
          description: 'A named API key (its scopes are listed per operation) or the bootstrap key.',
        },
      },
      schemas: { Failure: jsonSchema(failureResponse, 'output') },
    },
    paths,
  };
}
