import { describe } from './descriptor.ts';
import type { unsubscribeEndpoint } from './marketing-mail.ts';

/** The browser's descriptor of the unsubscribe page's button (zod-free). */
export const unsubscribe = describe<typeof unsubscribeEndpoint>('POST', '/unsubscribe/:token');
