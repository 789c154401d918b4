import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as account from '#shared/api/account.ts';
import * as apiKeys from '#shared/api/api-keys.ts';
import * as auth from '#shared/api/auth.ts';
import * as claims from '#shared/api/claims.ts';
import * as credentials from '#shared/api/credentials.ts';
import * as joining from '#shared/api/joining.ts';
import * as nikeLink from '#shared/api/nike-link.ts';
import { refusal } from '#shared/api/partner-claims.ts';
import { createMemberRequest, namedMemberRequest } from '#shared/api/partner-members.ts';
import * as partner from '#shared/api/partner-points.ts';
import * as points from '#shared/api/points.ts';
import * as reauthentication from '#shared/api/reauthentication.ts';
import * as staff from '#shared/api/staff.ts';
import * as staffClaims from '#shared/api/staff-claims.ts';
import * as staffMembers from '#shared/api/staff-members.ts';
import { controlCharacterMessage, invalidTextMessage } from '#shared/api/text.ts';
import * as viewer from '#shared/api/viewer.ts';
import * as wallet from '#shared/api/wallet.ts';
import { deviceParams, passParams } from '../wallet/passkit-schemas.ts';

/** Every request schema the server parses: the SPEC §7 endpoints, the staff console's and the partner API bodies. */
function requestSchemas(): [string, z.ZodType][] {
  const found: [string, z.ZodType][] = [];
  for (const module of [
    account,
    auth,
    claims,
    credentials,
    joining,
    nikeLink,
    points,
    reauthentication,
    staff,
    staffClaims,
    staffMembers,
    viewer,
    wallet,
  ]) {
    for (const [name, value] of Object.entries(module)) {
      if (value && typeof value === 'object' && 'request' in value && value.request instanceof z.ZodType) {
        found.push([name, value.request]);
      }
    }
  }
  found.push(
    ['createInviteRequest', joining.createInviteRequest],
    ['passkitQuery', wallet.passkitQuerySchema],
    ['createApiKeyRequest', apiKeys.createApiKeyRequest],
    ['claimRequest', claims.claimRequest],
    ['claimRefusal', refusal],
  );
  for (const [name, value] of Object.entries(partner)) {
    if (value instanceof z.ZodType) found.push([name, value]);
  }
  found.push(
    ['createMemberRequest', createMemberRequest],
    ['namedMemberRequest', namedMemberRequest],
    ['deviceParams', deviceParams],
    ['passParams', passParams],
  );
  return found;
}

/** The text fields of a schema: every leaf that takes a string, with its path. */
function textFields(schema: z.ZodType, path: string): [string, z.ZodType][] {
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> } })._zod.def;
  switch (def.type) {
    case 'object':
      return Object.entries(def.shape as Record<string, z.ZodType>).flatMap(([key, field]) =>
        textFields(field, `${path}.${key}`),
      );
    case 'optional':
    case 'nullable':
    case 'catch':
      // A field that drops what it does not accept (e.g. an unknown `next`): checked separately below.
      return [];
    case 'default':
    case 'prefault':
      return textFields(def.innerType as z.ZodType, path);
    case 'pipe':
      // A string checked, then handed on (an email): the whole pipe is the field.
      return textFields(def.in as z.ZodType, path).length ? [[path, schema]] : [];
    case 'string':
      return [[path, schema]];
    default:
      return [];
  }
}

function hasFormat(schema: z.ZodType): boolean {
  return Boolean((schema as unknown as { _zod: { def: { format?: string } } })._zod.def.format);
}

describe('request schemas: no control characters in any text field', () => {
  const fields = requestSchemas().flatMap(([name, schema]) => textFields(schema, name));

  it('finds the text fields of every request schema', () => {
    expect(fields.length).toBeGreaterThan(40);
    expect(fields.map(([path]) => path)).toEqual(
      expect.arrayContaining([
        'loginEndpoint.username',
        'loginEndpoint.password',
        'createMemberRequest.name',
      ]),
    );
  });

  const controls = {
    NUL: '\u0000',
    BEL: '\u0007',
    'line feed': '\n',
    tab: '\t',
    escape: '\u001b',
    DEL: '\u007f',
    'next line (C1)': '\u0085',
    'line separator': '\u2028',
  };

  it.each(Object.entries(controls))('refuses %s inside every text field, saying why', (_name, control) => {
    const accepting = fields.filter(([, field]) => {
      const result = field.safeParse(`a${control}b@example.com`);
      if (result.success) return true;
      // A formatted string (uuid, ISO date-time) refuses it with its own message.
      if (hasFormat(field)) return false;
      return !result.error.issues.some((issue) => issue.message === controlCharacterMessage);
    });
    expect(accepting.map(([path]) => path)).toEqual([]);
  });
});

describe('request schemas: no unpaired UTF-16 surrogate in any text field', () => {
  const fields = requestSchemas().flatMap(([name, schema]) => textFields(schema, name));

  it.each([
    ['a lone high surrogate', '\ud800'],
    ['a lone low surrogate', '\udc00'],
    ['a high surrogate at the end', 'ab\udbff'],
    ['two high surrogates', '\ud800\ud800\udc00'],
  ])('refuses %s inside every text field as invalid text', (_name, bad) => {
    const accepting = fields.filter(([, field]) => {
      const result = field.safeParse(`a${bad}b@example.com`);
      if (result.success) return true;
      if (hasFormat(field)) return false;
      return !result.error.issues.some((issue) => issue.message === invalidTextMessage);
    });
    expect(accepting.map(([path]) => path)).toEqual([]);
  });

  it('a surrogate pair (an emoji) is text: a free text field still takes it', () => {
    expect(createMemberRequest.parse({ email: 'kim@example.com', name: 'Kim 🎂' }).name).toBe('Kim 🎂');
  });
});

describe('request schemas: a field that drops bad values drops control characters too', () => {
  it('request-magic-link: a `next` with a NUL is dropped, never passed on', async () => {
    const { requestMagicLinkEndpoint } = await import('#shared/api/credentials.ts');
    const parsed = requestMagicLinkEndpoint.request.parse({
      email: 'kim@example.com',
      next: 'add-to-google-wallet\u0000',
    });
    expect(parsed.next).toBeUndefined();
  });
});
