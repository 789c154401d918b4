import type { Serve } from '../http/serve.ts';
import type { Audit, AuditActor } from './audit-log.ts';

/**
 * The partner and staff doors' registrations as a feature's route file is handed them: each call's
 * actor and audit row are the audit log's (the door binds them; src/server/http knows neither).
 */
export type PartnerServe = Serve<unknown, 'partner', AuditActor, Audit>;
export type StaffServe = Serve<unknown, 'staff', AuditActor, Audit>;
