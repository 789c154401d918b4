import { describe, expect, it } from 'vitest';
import { initialStartSignupState, type StartSignupState, startSignupReducer } from './start-signup-state.ts';

const onConsents: StartSignupState = startSignupReducer(initialStartSignupState, {
  type: 'detailsDone',
  email: 'alex@example.com',
  password: 'velvet-harbour-7',
});

describe('invite accept steps (SPEC §2, §4)', () => {
  it('the page opens on step 1 announcing nothing; Next keeps the details and announces step 2', () => {
    expect(initialStartSignupState).toMatchObject({ step: 1, focus: null, email: null });
    expect(onConsents).toMatchObject({ step: 2, email: 'alex@example.com', focus: 'heading' });
  });

  it('Back keeps the consent answer for the way forward again', () => {
    const answered = startSignupReducer(onConsents, {
      type: 'consentChanged',
      consent: { email: 'decline', whatsapp: 'decline' },
    });
    const back = startSignupReducer(answered, { type: 'back' });
    expect(back).toMatchObject({ step: 1, focus: 'heading', consent: { email: 'decline' } });
  });

  it('a refused password goes back to step 1 cleared, flagged and focused, with the message (§4)', () => {
    const sending = startSignupReducer(onConsents, { type: 'sending' });
    expect(sending.busy).toBe(true);
    const refused = startSignupReducer(sending, { type: 'passwordRefused', message: 'Not that one' });
    expect(refused).toMatchObject({
      step: 1,
      busy: false,
      password: '',
      passwordRefused: true,
      message: 'Not that one',
      focus: 'password',
    });
    const again = startSignupReducer(refused, {
      type: 'detailsDone',
      email: 'alex@example.com',
      password: 'x',
    });
    expect(again).toMatchObject({ passwordRefused: false, message: null });
  });

  it('accepted goes to the success step with the address still to prove; Continue to the passkey offer', () => {
    const accepted = startSignupReducer(onConsents, { type: 'accepted', pendingEmail: 'new@example.com' });
    expect(accepted).toMatchObject({ step: 3, pendingEmail: 'new@example.com' });
    expect(startSignupReducer(accepted, { type: 'continue' }).step).toBe(4);
  });

  it('a failure stays on step 2 unless it is about the details', () => {
    expect(startSignupReducer(onConsents, { type: 'failed', message: 'No' })).toMatchObject({
      step: 2,
      message: 'No',
    });
    expect(
      startSignupReducer(onConsents, { type: 'failed', message: 'Exists', backToDetails: true }),
    ).toMatchObject({ step: 1, message: 'Exists', focus: 'heading' });
  });
});
