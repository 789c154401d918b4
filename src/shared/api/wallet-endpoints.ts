import { describe } from './descriptor.ts';
import type { googlePayPassEndpoint } from './wallet.ts';

/** The browser's view of the wallet endpoints of wallet.ts (zod-free: see descriptor.ts). */
export const googlePayPass = describe<typeof googlePayPassEndpoint>('GET', '/api/google-pay/pass');
