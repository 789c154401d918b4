import { useCallback, useEffect, useState } from 'react';
import type { ResponseOf } from '#shared/api/descriptor.ts';
import type { acceptInviteStatus } from '#shared/api/joining-endpoints.ts';
import { useFailureText } from '../i18n/failure-text.ts';
import { useMessages } from '../i18n/messages.tsx';
import { inviteStatus } from './api.ts';

type InviteDetails = ResponseOf<typeof acceptInviteStatus>;
export type InviteCustomer = NonNullable<InviteDetails['customer']>;

export type InviteLoad =
  | { status: 'loading' }
  | { status: 'failed'; message: string; used?: boolean }
  | {
      status: 'ready';
      customer: InviteCustomer;
      invitedBy: string | null;
      /** A password is asked of a new customer when magic-link logins are off (SPEC §2, §5). */
      passwordRequired: boolean;
      /** The customer's account already has a telephone number: WhatsApp is offered at once. */
      hasTelephoneNumber: boolean;
      /** An expired link keeps the form on screen, locked, with the §8 message (SPEC §4). */
      locked: boolean;
      message: string | null;
    };

/**
 * SPEC §2, §8: the invitation behind `token` (loaded once `enabled`), or the §8 words of why it
 * cannot be accepted. `lock` locks a loaded form when accepting finds the link expired.
 */
export function useInviteStatus(token: string, enabled: boolean) {
  const m = useMessages().joining;
  const failureText = useFailureText();
  const [load, setLoad] = useState<InviteLoad>({ status: 'loading' });
  const loading = load.status === 'loading';

  useEffect(() => {
    if (!token || !enabled || !loading) return;
    let cancelled = false;
    void inviteStatus(token).then((result) => {
      if (cancelled) return;
      if (result.ok) {
        const { customer, invitedBy, passwordRequired, hasTelephoneNumber } = result.data;
        setLoad(
          customer
            ? {
                status: 'ready',
                customer,
                invitedBy: invitedBy ?? null,
                passwordRequired: Boolean(passwordRequired) && !customer.existingCustomer,
                hasTelephoneNumber: hasTelephoneNumber === true,
                locked: false,
                message: null,
              }
            : { status: 'failed', message: m.codes.ServiceError },
        );
        return;
      }
      const message = failureText(result, {
        ...m.codes,
        // SPEC §8: a fetch failure shows the service-error message and nothing else.
        Unreachable: m.codes.ServiceError,
        Unknown: m.codes.ServiceError,
      });
      // An expired link still says whose invitation it is, so the locked form can show it.
      const customer = result.details.isExpired === true ? customerOf(result.details.customer) : null;
      setLoad(
        customer
          ? {
              status: 'ready',
              customer,
              invitedBy: typeof result.details.invitedBy === 'string' ? result.details.invitedBy : null,
              passwordRequired: false,
              hasTelephoneNumber: false,
              locked: true,
              message,
            }
          : { status: 'failed', message, used: result.code === 'InviteConsumed' },
      );
    });
    return () => {
      cancelled = true;
    };
  }, [token, enabled, loading, failureText, m.codes]);

  const lock = useCallback(
    (message: string) => setLoad((now) => (now.status === 'ready' ? { ...now, locked: true, message } : now)),
    [],
  );
  return { load, lock };
}

/** The invitation's customer carried beside an expiry code, if the failure has one. */
function customerOf(value: unknown): InviteCustomer | null {
  if (typeof value !== 'object' || value === null) return null;
  if (!('fullName' in value && 'email' in value && 'existingCustomer' in value)) return null;
  const { fullName, email, existingCustomer } = value;
  return typeof fullName === 'string' && typeof email === 'string' && typeof existingCustomer === 'boolean'
    ? { fullName, email, existingCustomer }
    : null;
}
