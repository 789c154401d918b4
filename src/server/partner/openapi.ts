import { z } from 'zod';
import type { Endpoint } from '#shared/api/endpoint.ts';
import { type PartnerEndpoint, partnerEndpoints, partnerPrefix } from '#shared/api/partner-api.ts';
import { noInput } from '#shared/api/partner-endpoints.ts';
import { purchaseRequest } from '#shared/api/partner-points.ts';
import { failureResponse } from '#shared/api/partner-responses.ts';

/**
 * The partner API's OpenAPI 3.1 document, generated from the endpoint declarations the routes are
 * registered from (src/shared/api/partner-*.ts), so the document and the API cannot disagree on a
 * field. Served at GET /partner/v1/openapi.json and as a page at /partner/v1/docs (openapi-routes.ts);
 * openapi-conformance.api.test.ts validates real answers against it.
 */

/** The HTTP status each error code answers with. */
export const errorStatus: Record<string, number> = {
  InvalidRequest: 400,
  InvalidJson: 400,
  CurrencyNotAllowed: 400,
  OrderOfAnotherMember: 400,
  CurrencyMismatch: 400,
  NothingToChange: 400,
  InvalidPassword: 400,
  PointsRequired: 400,
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
  ClaimNotFound: 404,
  StaffNotFound: 404,
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
  ClaimDecided: 409,
  PointsExpiryOff: 409,
  BodyTooLarge: 413,
  UnsupportedMediaType: 415,
  TooManyRequests: 429,
};

const accessOf = (op: Endpoint) => (op.access?.door === 'partner' ? op.access.key : 'public');

/** A path as the document writes it: relative to the server, `{member}` for `:member`. */
export const openApiPath = (path: string) =>
  path.slice(partnerPrefix.length).replace(/:([A-Za-z]+)/g, '{$1}');

/** Every error an operation may answer: its own, and those of bodies, validation, keys and scopes. */
export function errorsOf(op: Endpoint): string[] {
  const codes = new Set<string>();
  if (op.request !== noInput || op.path.includes(':')) codes.add('InvalidRequest');
  if (op.method === 'POST') {
    codes.add('InvalidJson');
    codes.add('UnsupportedMediaType');
    codes.add('BodyTooLarge');
  }
  const access = accessOf(op);
  if (access !== 'public') {
    codes.add('InvalidApiKey');
    codes.add('ApiKeyRevoked');
  }
  if (access === 'bootstrap') codes.add('BootstrapKeyRequired');
  else if (access !== 'any' && access !== 'public') codes.add('InsufficientScope');
  for (const code of op.errors ?? []) codes.add(code);
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

function queryParameters(schema: z.ZodType) {
  const object = jsonSchema(schema, 'input') as { properties?: Record<string, object>; required?: string[] };
  return Object.entries(object.properties ?? {}).map(([name, property]) => ({
    name,
    in: 'query',
    required: object.required?.includes(name) ?? false,
    schema: property,
    ...('description' in property ? { description: property.description } : {}),
  }));
}

/** The usual success's schema: a union's options less the ones documented as other answers. */
function successSchema(op: Endpoint): z.ZodType {
  const others = new Set((op.otherAnswers ?? []).map((answer) => answer.response));
  if (!others.size || !(op.response instanceof z.ZodUnion)) return op.response;
  const options = (op.response.options as z.ZodType[]).filter((option) => !others.has(option));
  return options.length === 1 ? (options[0] as z.ZodType) : z.union(options);
}

const pathParameterWords: Record<string, string> = {
  member: 'The member: card number (loyaltyId) or email.',
  id: 'The id, as listed.',
};

function responsesOf(op: Endpoint) {
  const byStatus = new Map<number, string[]>();
  for (const code of errorsOf(op)) {
    const status = errorStatus[code] ?? 400;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const success = {
    [String(op.status ?? 200)]: {
      description: 'Success',
      content: {
        [op.contentType ?? 'application/json']: { schema: jsonSchema(successSchema(op), 'output') },
      },
    },
  };
  for (const other of op.otherAnswers ?? []) {
    success[String(other.status)] = {
      description: other.description,
      content: { 'application/json': { schema: jsonSchema(other.response, 'output') } },
    };
  }
  const failures = [...byStatus].map(([status, codes]) => [
    String(status),
    {
      description: `Refused: ${codes.join(', ')}`,
      content: {
        'application/json': {
          schema: {
            allOf: [{ $ref: '#/components/schemas/Failure' }, { properties: { error: { enum: codes } } }],
          },
        },
      },
    },
  ]);
  return { ...success, ...Object.fromEntries(failures) };
}

function operationOf(op: PartnerEndpoint) {
  const pathParameters = [...op.path.matchAll(/:([A-Za-z]+)/g)].map(([, name = '']) => ({
    name,
    in: 'path',
    required: true,
    description: pathParameterWords[name] ?? name,
    schema: { type: 'string' },
  }));
  const access = accessOf(op);
  const scope = access === 'public' || access === 'any' ? [] : [access];
  const path = op.path.slice(partnerPrefix.length);
  const hasBody = op.method === 'POST' && op.request !== noInput;
  return {
    operationId: `${op.method.toLowerCase()}${path.replace(/[/:.-]+([a-z])?/g, (_, c: string = '') => c.toUpperCase())}`,
    summary: op.summary ?? '',
    'x-access': access,
    ...(op.audit ? { 'x-audit-action': op.audit } : {}),
    security: access === 'public' ? [] : [{ partnerKey: scope }],
    parameters: [
      ...pathParameters,
      ...(op.method === 'GET' && op.request !== noInput ? queryParameters(op.request) : []),
    ],
    ...(hasBody
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: jsonSchema(op.request, 'input') } },
          },
        }
      : {}),
    responses: responsesOf(op),
  };
}

export function partnerOpenApi(origin: string) {
  const paths: Record<string, Record<string, ReturnType<typeof operationOf>>> = {};
  for (const op of partnerEndpoints) {
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
        'A key without the scope answers 403 `InsufficientScope` (naming the `requiredScope`); a revoked key 401 `ApiKeyRevoked`. Every write leaves exactly one audit row (`x-audit-action`); an idempotent replay leaves none.',
        'Money is in minor units (pence), points are whole numbers. Every failure answers `{ success: false, error, message, fieldErrors? }`.',
      ].join('\n\n'),
    },
    servers: [{ url: `${origin}${partnerPrefix}` }],
    security: [{ partnerKey: [] }],
    components: {
      securitySchemes: {
        partnerKey: {
          type: 'http',
          scheme: 'bearer',
          description: 'A named API key (its scopes are listed per operation) or the bootstrap key.',
        },
      },
      schemas: {
        Failure: jsonSchema(failureResponse, 'output'),
        Purchase: jsonSchema(purchaseRequest, 'input'),
      },
    },
    paths,
  };
}
