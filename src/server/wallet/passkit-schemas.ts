import { z } from 'zod';
import { text } from '#shared/api/text.ts';

/** The path, query and bodies of Apple's PassKit web service calls. */
export const deviceParams = z.object({
  deviceLibraryIdentifier: text({ trim: false }).min(1).max(256),
  passTypeIdentifier: text({ trim: false }).min(1).max(256),
});
export const passParams = deviceParams.extend({ serialNumber: text({ trim: false }).min(1).max(256) });
export const registrationBody = z.object({ pushToken: text({ trim: false }).min(1).max(512) });
export const updatedSinceQuery = z.object({
  passesUpdatedSince: z
    .string()
    .regex(/^\d{1,18}$/)
    .optional(),
});
export const logBody = z.object({ logs: z.array(z.string().max(4096)).max(100) });
