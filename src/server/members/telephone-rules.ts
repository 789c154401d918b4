import type { Config } from '#shared/config.ts';
import { normaliseTelephone } from '#shared/domain/telephone.ts';
import { badRequest, type HttpError } from '../http/errors.ts';

/**
 * The telephone number rules every door that keeps a number or a WhatsApp choice applies (edit
 * details, accepting an invitation, signing up): a number only with telephone numbers on, in the
 * scheme's country's format (shared/domain/telephone.ts), and WhatsApp messages only with a number
 * to send them to, so staff never see a WhatsApp consent they cannot act on.
 */

const telephoneOffMessage = 'This membership scheme does not keep telephone numbers.';
const telephoneInvalidMessage = (locale: Config['locale']) =>
  locale === 'da-DK'
    ? 'Enter a Danish telephone number, like 20 30 40 50.'
    : 'Enter a UK telephone number, like 07700 900123.';
const telephoneRequiredMessage = 'Add your telephone number to hear from us on WhatsApp.';

/**
 * The number as it is to be kept (undefined: the request does not give one; null: it removes it).
 * Refused (400 InvalidRequest) with telephone numbers off, or when not a number of the country.
 */
export function requestedTelephone(
  config: Config,
  typed: string | null | undefined,
): string | null | undefined {
  if (typed === undefined) return undefined;
  if (!config.enableTelephoneNumber) {
    throw badRequest('InvalidRequest', telephoneOffMessage, {
      fieldErrors: { telephoneNumber: telephoneOffMessage },
    });
  }
  if (typed === null || typed.trim() === '') return null;
  const number = normaliseTelephone(typed, config.locale);
  if (number === null) {
    const message = telephoneInvalidMessage(config.locale);
    throw badRequest('InvalidRequest', message, { fieldErrors: { telephoneNumber: message } });
  }
  return number;
}

/** 400 TelephoneRequired: WhatsApp asked for with no number to send the messages to. */
export function telephoneRequired(): HttpError {
  return badRequest('TelephoneRequired', telephoneRequiredMessage, {
    fieldErrors: { telephoneNumber: telephoneRequiredMessage },
  });
}
