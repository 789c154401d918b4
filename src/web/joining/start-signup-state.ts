import { type MarketingConsentValue, unknownConsent } from '#shared/domain/consent.ts';

/** SPEC §2 Invite accept: 1 details, 2 consents, 3 success, 4 passkey offer. */
export type InviteStep = 1 | 2 | 3 | 4;

/** What a step focuses when it appears: its heading (announcing it) or the refused password. */
type FocusRequest = 'heading' | 'password' | null;

export interface StartSignupState {
  step: InviteStep;
  /** The details step 1 settled on; null until then (the invited address is the starting value). */
  email: string | null;
  password: string;
  /** The server refused the password (SPEC §4): step 1 shows it cleared and flagged. */
  passwordRefused: boolean;
  consent: MarketingConsentValue;
  /** The number typed in step 2 (telephone numbers on, none kept yet): WhatsApp needs one. */
  telephone: string;
  /** The typed number is not one of the scheme's country: flagged until it is changed. */
  telephoneFlagged: boolean;
  showConsentErrors: boolean;
  busy: boolean;
  /** A failure of the accept call, shown above the form. */
  message: string | null;
  /** A new address asked for at step 1 and still to be proven by its link (step 3 says so). */
  pendingEmail: string | null;
  focus: FocusRequest;
}

export type StartSignupAction =
  | { type: 'detailsDone'; email: string; password: string }
  | { type: 'back' }
  | { type: 'consentChanged'; consent: MarketingConsentValue }
  | { type: 'consentMissing' }
  | { type: 'telephoneChanged'; telephone: string }
  | { type: 'telephoneInvalid' }
  | { type: 'sending' }
  | { type: 'accepted'; pendingEmail: string | null }
  | { type: 'passwordRefused'; message: string }
  | { type: 'failed'; message: string | null; backToDetails?: boolean }
  | { type: 'continue' };

/** The first render has nothing to announce: the page itself is new. */
export const initialStartSignupState: StartSignupState = {
  step: 1,
  email: null,
  password: '',
  passwordRefused: false,
  consent: unknownConsent,
  telephone: '',
  telephoneFlagged: false,
  showConsentErrors: false,
  busy: false,
  message: null,
  pendingEmail: null,
  focus: null,
};

export function startSignupReducer(state: StartSignupState, action: StartSignupAction): StartSignupState {
  switch (action.type) {
    case 'detailsDone':
      return {
        ...state,
        step: 2,
        email: action.email,
        password: action.password,
        passwordRefused: false,
        message: null,
        focus: 'heading',
      };
    case 'back':
      return { ...state, step: 1, focus: 'heading' };
    case 'consentChanged':
      return { ...state, consent: action.consent };
    case 'consentMissing':
      return { ...state, showConsentErrors: true };
    case 'telephoneChanged':
      return { ...state, telephone: action.telephone, telephoneFlagged: false };
    case 'telephoneInvalid':
      return { ...state, telephoneFlagged: true };
    case 'sending':
      return { ...state, busy: true, message: null };
    case 'accepted':
      return { ...state, step: 3, busy: false, pendingEmail: action.pendingEmail };
    case 'passwordRefused':
      // SPEC §4: back to step 1 with the password cleared and focused.
      return {
        ...state,
        step: 1,
        busy: false,
        password: '',
        passwordRefused: true,
        message: action.message,
        focus: 'password',
      };
    case 'failed':
      return action.backToDetails
        ? { ...state, step: 1, busy: false, message: action.message, focus: 'heading' }
        : { ...state, busy: false, message: action.message };
    case 'continue':
      return { ...state, step: 4 };
  }
}
