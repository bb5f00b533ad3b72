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
  // Attendance records (attendance.ts) and the firm's holidays (holidays.ts).
  'Attendance',
  'Holiday',
  // The rate library (rate-library.ts).
  'RateUsageArea',
  'RateItem',
  'RateUnit',
  'RateBrand',
  'RatePrice',
  // The calculator's package rules (package-rules.ts, issue 26).
  'PackageRule',
  // System Settings, one item (settings.ts).
  'Settings',
  // A restore of a backup (jobs/backup.ts): the entry survives it and records it.
  'Backup',
  // Blog Management (blog.ts).
  'BlogPost',
  // A campaign's spend in a month (attribution.ts, issue 26).
  'CampaignSpend',
] as const;
export type AuditedEntity = (typeof AUDITED_ENTITIES)[number];

/** Shown instead of a personal-data value (PRODUCT.md: never in logs or the audit log). */
export const MASKED_VALUE = '••••';

/**
 * Fields whose values never leave the server in an audit entry, at any depth
 * of its changes (an entry written before they were masked included): the
 * audit log answers MASKED_VALUE for them (redactSecrets).
 */
export const SECRET_FIELDS: readonly string[] = ['passwordHash', 'smtpPasswordSealed', 'smtpPassword', 'secretSealed', 'recoveryHashes', 'tokenHash'];

/** A value with every SECRET_FIELDS field, at any depth, replaced by MASKED_VALUE (null stays null). */
export function redactSecrets(value: unknown, secret = false): unknown {
  if (secret) return value === null || value === undefined || value === '' ? value : MASKED_VALUE;
  if (Array.isArray(value)) return value.map((inner) => redactSecrets(inner));
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, redactSecrets(inner, SECRET_FIELDS.includes(key))]));
}

/** An entry's changes with redactSecrets applied to each before and after (a secret field's own values masked). */
export function redactChanges(changes: Record<string, { before: unknown; after: unknown }>): Record<string, { before: unknown; after: unknown }> {
  return Object.fromEntries(
    Object.entries(changes).map(([field, change]) => {
      const secret = SECRET_FIELDS.includes(field);
      return [field, { before: redactSecrets(change.before, secret), after: redactSecrets(change.after, secret) }];
    }),
  );
}

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
  /** The record's name when the entry was written (a lead's name, a quote's number); '' in entries written before. */
  title: yup.string().defined().default(''),
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
