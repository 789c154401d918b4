import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allowMarketingToConsent,
  applyConsentOption,
  type ChannelConsentOption,
  type ConsentChoice,
  consentChoices,
  consentOptions,
  consentToAllowMarketing,
  consentUnanswered,
  isConsentOptionSelected,
  type MarketingConsentValue,
  type SingleConsentOption,
} from './consent.ts';

const C: ConsentChoice = 'consent';
const D: ConsentChoice = 'decline';
const U: ConsentChoice = 'unknown';

const everyState: MarketingConsentValue[] = consentChoices.flatMap((email) =>
  consentChoices.map((whatsapp) => ({ email, whatsapp })),
);

/** [email, whatsapp] before → option → [email, whatsapp] after, written out by hand from SPEC §4. */
const withTelephone: [ConsentChoice, ConsentChoice, ChannelConsentOption, ConsentChoice, ConsentChoice][] = [
  // Email toggles email; whatsapp moves from unknown to decline, else stays.
  [U, U, 'email', C, D],
  [U, C, 'email', C, C],
  [U, D, 'email', C, D],
  [C, U, 'email', D, D],
  [C, C, 'email', D, C],
  [C, D, 'email', D, D],
  [D, U, 'email', C, D],
  [D, C, 'email', C, C],
  [D, D, 'email', C, D],
  // WhatsApp toggles whatsapp; email moves from unknown to decline, else stays.
  [U, U, 'whatsapp', D, C],
  [C, U, 'whatsapp', C, C],
  [D, U, 'whatsapp', D, C],
  [U, C, 'whatsapp', D, D],
  [C, C, 'whatsapp', C, D],
  [D, C, 'whatsapp', D, D],
  [U, D, 'whatsapp', D, C],
  [C, D, 'whatsapp', C, C],
  [D, D, 'whatsapp', D, C],
  // No declines both, whatever came before.
  [U, U, 'no', D, D],
  [U, C, 'no', D, D],
  [U, D, 'no', D, D],
  [C, U, 'no', D, D],
  [C, C, 'no', D, D],
  [C, D, 'no', D, D],
  [D, U, 'no', D, D],
  [D, C, 'no', D, D],
  [D, D, 'no', D, D],
];

/** Without telephone numbers: a single yes/no on email; whatsapp is never touched. */
const withoutTelephone: [ConsentChoice, SingleConsentOption, ConsentChoice][] = [
  [U, 'yes', C],
  [C, 'yes', C],
  [D, 'yes', C],
  [U, 'no', D],
  [C, 'no', D],
  [D, 'no', D],
  [U, 'unknown', U],
  [C, 'unknown', C],
  [D, 'unknown', D],
];

describe('marketing consent with telephone numbers (SPEC §4)', () => {
  it('covers every state and option', () => {
    expect(withTelephone).toHaveLength(everyState.length * 3);
  });

  it.each(withTelephone)(
    'email %s, whatsapp %s, choose %s → email %s, whatsapp %s',
    (email, whatsapp, option, nextEmail, nextWhatsapp) => {
      expect(applyConsentOption({ email, whatsapp }, option, true)).toEqual({
        email: nextEmail,
        whatsapp: nextWhatsapp,
      });
    },
  );

  it('offers Email, WhatsApp and No in every state', () => {
    for (const state of everyState) expect(consentOptions(state, true)).toEqual(['email', 'whatsapp', 'no']);
  });

  it('ignores the single-question options', () => {
    for (const state of everyState) {
      expect(applyConsentOption(state, 'yes', true)).toEqual(state);
      expect(applyConsentOption(state, 'unknown', true)).toEqual(state);
    }
  });

  it('shows Email and WhatsApp chosen when consented, No when both declined', () => {
    for (const state of everyState) {
      expect(isConsentOptionSelected(state, 'email', true)).toBe(state.email === 'consent');
      expect(isConsentOptionSelected(state, 'whatsapp', true)).toBe(state.whatsapp === 'consent');
      expect(isConsentOptionSelected(state, 'no', true)).toBe(
        state.email === 'decline' && state.whatsapp === 'decline',
      );
    }
  });

  it('is unanswered while either channel is unknown (§5)', () => {
    const unanswered = everyState.filter((state) => consentUnanswered(state, true));
    expect(unanswered).toHaveLength(5);
    expect(unanswered).toEqual(
      expect.arrayContaining([
        { email: U, whatsapp: C },
        { email: U, whatsapp: D },
        { email: U, whatsapp: U },
        { email: C, whatsapp: U },
        { email: D, whatsapp: U },
      ]),
    );
  });

  it('any choice answers both channels', () => {
    const option = fc.constantFrom<ChannelConsentOption>('email', 'whatsapp', 'no');
    fc.assert(
      fc.property(fc.array(option, { minLength: 1, maxLength: 12 }), (options) => {
        const end = options.reduce((value, next) => applyConsentOption(value, next, true), {
          email: U,
          whatsapp: U,
        } as MarketingConsentValue);
        return !consentUnanswered(end, true);
      }),
    );
  });

  it('choosing a channel twice puts it back to decline, never to unknown', () => {
    const once = applyConsentOption({ email: U, whatsapp: U }, 'email', true);
    expect(applyConsentOption(once, 'email', true)).toEqual({ email: D, whatsapp: D });
  });
});

describe('marketing consent without telephone numbers (SPEC §4)', () => {
  it.each(withoutTelephone)(
    'email %s, answer %s → email %s; whatsapp untouched',
    (email, option, nextEmail) => {
      for (const whatsapp of consentChoices) {
        expect(applyConsentOption({ email, whatsapp }, option, false)).toEqual({
          email: nextEmail,
          whatsapp,
        });
      }
    },
  );

  it('ignores the channel options', () => {
    for (const state of everyState) {
      expect(applyConsentOption(state, 'email', false)).toEqual(state);
      expect(applyConsentOption(state, 'whatsapp', false)).toEqual(state);
    }
  });

  it('offers yes and no, plus unknown only while email is unknown', () => {
    for (const whatsapp of consentChoices) {
      expect(consentOptions({ email: U, whatsapp }, false)).toEqual(['unknown', 'yes', 'no']);
      expect(consentOptions({ email: C, whatsapp }, false)).toEqual(['yes', 'no']);
      expect(consentOptions({ email: D, whatsapp }, false)).toEqual(['yes', 'no']);
    }
  });

  it('shows the answer on email as chosen', () => {
    for (const state of everyState) {
      expect(isConsentOptionSelected(state, 'yes', false)).toBe(state.email === 'consent');
      expect(isConsentOptionSelected(state, 'no', false)).toBe(state.email === 'decline');
      expect(isConsentOptionSelected(state, 'unknown', false)).toBe(state.email === 'unknown');
      expect(isConsentOptionSelected(state, 'email', false)).toBe(false);
    }
  });

  it('is unanswered only while email is unknown; whatsapp does not matter (§5)', () => {
    for (const state of everyState) expect(consentUnanswered(state, false)).toBe(state.email === 'unknown');
  });
});

describe('consent on the wire (SPEC §7 allowMarketing)', () => {
  it('maps consent to true, decline to false and unknown to null, and back', () => {
    expect(consentToAllowMarketing({ email: C, whatsapp: D })).toEqual({
      allowMarketing: true,
      allowMarketingWhatsApp: false,
    });
    expect(consentToAllowMarketing({ email: D, whatsapp: U })).toEqual({
      allowMarketing: false,
      allowMarketingWhatsApp: null,
    });
    expect([true, false, null, undefined].map(allowMarketingToConsent)).toEqual([C, D, U, U]);
  });
});
