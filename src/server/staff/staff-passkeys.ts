import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.ts';
import { challengeOf, challengeStore, userHandleOf } from '../credentials/passkey-ceremonies.ts';
import {
  type StoredPasskey,
  verifiedCounter,
  verifiedRegistration,
  webauthn,
} from '../credentials/webauthn.ts';
import { type Queryable, queryOne } from '../db/database.ts';
import { badRequest, unauthorized } from '../http/errors.ts';
import { hashToken, newToken } from '../sessions/tokens.ts';
import { staffSignInLimits } from './staff-sign-in-limits.ts';
import { forgetStaffDevices, type StaffRow, spendEnrolment, staffOfLiveEnrolment } from './staff-store.ts';

type Flow = 'enrol' | 'sign-in';

const enrolmentInvalidMessage =
  'This enrolment link has expired or has already been used. Ask an admin for a new one.';
const staffPasskeyRefusedMessage = 'That passkey does not belong to an active staff member.';

/** Starts the staff member's session in the ceremony's transaction, with the passkey that proved them. */
type SignIn = (tx: Queryable, staffId: string, passkeyId: string) => Promise<void>;

/**
 * The staff passkey ceremonies (enrol by link, sign in): the same WebAuthn library, rpID and origin
 * as the members' (src/server/credentials), with challenges and passkeys in staff tables, so a
 * member's passkey never signs anyone into the console.
 */
export function staffPasskeys(ctx: AppContext) {
  const rpID = new URL(ctx.origin).hostname;
  const expectedOrigin = ctx.origin;
  const minutes = ctx.config.passkeyChallengeMinutes;
  const flowCookie = {
    name: new URL(ctx.origin).protocol === 'https:' ? '__Secure-staff-flow' : 'staff-flow',
    path: '/staff-api/signin',
  };

  const { storeChallenge, takeChallenge } = challengeStore<Flow>(
    ctx.db,
    'staff_webauthn_challenges',
    'staff_id',
    minutes,
  );

  const limits = staffSignInLimits(ctx);

  return {
    /** Registration options for the staff member of a live enrolment link (the link stays live). */
    async enrolmentOptions(request: FastifyRequest, reply: FastifyReply, token: string) {
      const staff = await staffOfLiveEnrolment(ctx.db, token);
      await limits.enrolment(request, reply, staff?.id ?? null);
      if (!staff) throw badRequest('EnrolmentInvalid', enrolmentInvalidMessage);
      const options = await (await webauthn()).generateRegistrationOptions({
        rpName: `${ctx.config.title} staff`,
        rpID,
        userName: staff.email,
        userDisplayName: staff.full_name,
        userID: userHandleOf(staff.id),
        attestationType: 'none',
        timeout: minutes * 60_000,
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      });
      await storeChallenge(options.challenge, 'enrol', hashToken(token), staff.id);
      return { options: { ...options }, email: staff.email, fullName: staff.full_name };
    },

    /**
     * Verifies the new passkey, then in one transaction spends the link (of parallel uses one wins),
     * cuts off every passkey, session and browser the staff member had (a new link is how a lost
     * device is replaced) and stores the new passkey; `signIn` starts the session in that
     * transaction. Answers the staff id.
     */
    async enrol(
      request: FastifyRequest,
      token: string,
      credential: RegistrationResponseJSON,
      signIn: SignIn,
    ): Promise<string> {
      const challenge = challengeOf(credential.response.clientDataJSON);
      const taken = await takeChallenge(challenge, 'enrol', hashToken(token));
      if (!challenge || !taken?.owner) throw badRequest('EnrolmentInvalid', enrolmentInvalidMessage);
      const registration = await verifiedRegistration(request, {
        credential,
        challenge,
        expectedOrigin,
        rpID,
      });
      if (!registration) throw badRequest('StaffPasskeyRefused', 'The passkey could not be verified.');
      const made = registration.credential;
      const staffId = taken.owner;
      await ctx.db.transaction(async (tx) => {
        const spentBy = await spendEnrolment(tx, token);
        if (spentBy !== staffId) throw badRequest('EnrolmentInvalid', enrolmentInvalidMessage);
        await forgetStaffDevices(tx, staffId);
        const added = await queryOne<{ id: string }>(
          tx,
          `INSERT INTO staff_passkeys (staff_id, credential_id, public_key, counter, transports)
           VALUES ($1, $2, $3, $4, $5) ON CONFLICT (credential_id) DO NOTHING RETURNING id`,
          [
            staffId,
            made.id,
            Buffer.from(made.publicKey),
            made.counter,
            JSON.stringify(made.transports ?? []),
          ],
        );
        if (!added) throw badRequest('StaffPasskeyRefused', 'This passkey is already registered.');
        await signIn(tx, staffId, added.id);
      });
      return staffId;
    },

    /** Discoverable credentials only; limited (staff-sign-in-limits.ts); bound to this browser. */
    async signInOptions(request: FastifyRequest, reply: FastifyReply) {
      await limits.signIn(request, reply);
      let nonce = request.cookies[flowCookie.name];
      if (!nonce || !/^[A-Za-z0-9_-]{43}$/.test(nonce)) nonce = newToken();
      reply.setCookie(flowCookie.name, nonce, {
        path: flowCookie.path,
        httpOnly: true,
        sameSite: 'strict',
        secure: new URL(ctx.origin).protocol === 'https:',
        maxAge: minutes * 60,
      });
      const options = await (await webauthn()).generateAuthenticationOptions({
        rpID,
        userVerification: 'required',
        timeout: minutes * 60_000,
      });
      await storeChallenge(options.challenge, 'sign-in', hashToken(nonce), null);
      return { options: { ...options } };
    },

    /**
     * The active staff member a sign-in answer proves; the counter only moves forward. The counter's
     * update locks the passkey's row and `signIn` starts the session in the same transaction, so a
     * revocation or an enrolment running alongside either comes first (this sign-in is refused) or
     * waits and then ends the session made here.
     */
    async signIn(
      request: FastifyRequest,
      credential: AuthenticationResponseJSON,
      signIn: SignIn,
    ): Promise<StaffRow['id']> {
      const challenge = challengeOf(credential.response.clientDataJSON);
      const nonce = request.cookies[flowCookie.name];
      const taken = await takeChallenge(challenge, 'sign-in', nonce ? hashToken(nonce) : null);
      if (!challenge || !taken)
        throw badRequest('ChallengeExpired', 'This sign-in has expired. Please try again.');
      const refused = () => unauthorized('StaffPasskeyRefused', staffPasskeyRefusedMessage);
      const passkey = await queryOne<StoredPasskey & { staff_id: string }>(
        ctx.db,
        `SELECT p.* FROM staff_passkeys p JOIN staff_members m ON m.id = p.staff_id
          WHERE p.credential_id = $1 AND m.deactivated_at IS NULL`,
        [credential.id],
      );
      if (!passkey) throw refused();
      const handle = credential.response.userHandle;
      if (handle && handle !== Buffer.from(userHandleOf(passkey.staff_id)).toString('base64url'))
        throw refused();
      const newCounter = await verifiedCounter(request, {
        credential,
        challenge,
        expectedOrigin,
        rpID,
        passkey,
      });
      if (newCounter === null) throw refused();
      await ctx.db.transaction(async (tx) => {
        // Of two answers with the same count (a replay or a clone), one wins.
        const updated = await queryOne(
          tx,
          `UPDATE staff_passkeys SET counter = $2, last_used_at = now()
            WHERE id = $1 AND (counter < $2 OR (counter = 0 AND $2 = 0)) RETURNING id`,
          [passkey.id, newCounter],
        );
        if (!updated) throw refused();
        await signIn(tx, passkey.staff_id, passkey.id);
      });
      return passkey.staff_id;
    },
  };
}
