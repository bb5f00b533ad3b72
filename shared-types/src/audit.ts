import * as yup from 'yup';
import { optionalDate, pageLimit, text } from './forms';

/**
 * The audit log: one entry per business write (create, update, delete, bulk
 * action, conversion), written in the write's own transaction. Entries are
 * never changed or deleted through the API.
 */

export const AUDIT_ACTIONS = ['create', 'update', 'delete', 'bulk_update', 'convert', 'import', 'send', 'approve', 'request_changes', 'expire', 'reveal', 'restore', 'enable_two_factor', 'disable_two_factor', 'reset_two_factor', 'regenerate_recovery_codes', 'reset_password'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Entity names as the audit log records them. */
export const AUDITED_ENTITIES = [
  'Lead',
  'Customer',
  'Project',
  'Vendor',
  'Employee',
  'Transaction',
  'Quotation',
  // Attendance records (attendance.ts).
  'Attendance',
  // The rate library (rate-library.ts).
  'RateUsageArea',
  'RateItem',
  'RateUnit',
  'RateBrand',
  'RatePrice',
  // System Settings, one item (settings.ts).
  'Settings',
  // A restore of a backup (jobs/backup.ts): the entry survives it and records it.
  'Backup',
  // Blog Management (blog.ts).
  'BlogPost',
] as const;
export type AuditedEntity = (typeof AUDITED_ENTITIES)[number];

/** Shown instead of a personal-data value (PRODUCT.md: never in logs or the audit log). */
export const MASKED_VALUE = '••••';

const actorSchema = yup.object({
  id: yup.string().defined(),
  name: yup.string().defined().default(''),
  email: yup.string().defined().default(''),
});

/** An audit entry as stored and as GET /api/audit-log returns it. */
export const auditEntrySchema = yup.object({
  id: yup.string().required(),
  at: yup.string().required(),
  actor: actorSchema.required(),
  entity: yup.string().required(),
  entityId: yup.string().required(),
  action: yup.mixed<AuditAction>().oneOf([...AUDIT_ACTIONS]).required(),
  /** field -> its value before and after; creates have no before, deletes no after. */
  changes: yup
    .mixed<Record<string, { before: unknown; after: unknown }>>()
    .test('changes', 'changes must be an object', (value) => typeof value === 'object' && value !== null && !Array.isArray(value))
    .required(),
  requestId: yup.string().defined().default(''),
});
export type AuditEntry = yup.InferType<typeof auditEntrySchema>;
export type AuditActor = AuditEntry['actor'];

/** GET /api/audit-log: newest first; one of entityId, entity or actorId picks the index, dates bound it. */
export const auditLogQuerySchema = yup.object({
  entityId: text().max(100, 'entityId is too long').optional(),
  entity: yup.mixed<AuditedEntity>().oneOf([...AUDITED_ENTITIES], 'Unknown entity').optional(),
  actorId: text().max(100, 'actorId is too long').optional(),
  from: optionalDate(),
  to: optionalDate().test('order', 'to must not be before from', function (to) {
    const from: unknown = this.parent.from;
    return !to || typeof from !== 'string' || to >= from;
  }),
  limit: pageLimit(50),
  cursor: yup.string().max(2048).optional(),
});
export type AuditLogQuery = yup.InferType<typeof auditLogQuerySchema>;
