/**
 * What a backup holds: the business data, i.e. every item of the table except
 * the kinds below. Business data includes what keeps it consistent (unique
 * markers, kept counters and figures, number sequences, search tokens, the
 * rate library, settings, photos' records). Every entityType the code writes
 * is named in one of the two lists; backup.test.ts reads the sources and fails
 * when a new one is in neither.
 */

/** Kinds a backup leaves out and a restore never touches. */
export const EXCLUDED_ENTITY_TYPES: ReadonlySet<string> = new Set([
  // Who is signed in, and the defences around signing in.
  'Session',
  'LoginAttempts',
  'LoginChallenge',
  'RateLimitWindow',
  // A visitor's once-a-day view marker of a blog post (expires by TTL); the post's count is kept.
  'BlogView',
  // The audit log: it outlives every restore (and records it).
  'AuditEntry',
  // Mail and notifications (issue 15): delivery state, not business data.
  'Outbox',
  'Notification',
  'NotificationUnread',
  // Backups themselves: their job records, the one-at-a-time lock and when the schedule began.
  'BackupJob',
  'BackupLock',
  'BackupSchedule',
  // Local start-up bookkeeping: which data upgrades and seeding this table has had.
  'DataVersion',
  'SeedMarker',
]);

/** Kinds a backup holds (items without an entityType, the kept counters and figures, are held too). */
export const BACKED_UP_ENTITY_TYPES: ReadonlySet<string> = new Set([
  'Settings',
  'Lead',
  'LeadPhone',
  'LeadCommunication',
  'Customer',
  'Project',
  'ProjectSlug',
  'Vendor',
  'BlogPost',
  'BlogSlug',
  'CalculatorEstimate',
  'ContactSubmission',
  'Employee',
  // An employee's two-factor sign-in (sealed secret, recovery code hashes): part of the account, like its password hash.
  'TwoFactor',
  'EmployeeEmail',
  'Transaction',
  'TransactionListCopy',
  'TransactionDue',
  'TransactionCounter',
  'IdempotencyKey',
  'StageDemand',
  'Quotation',
  'QuotationRevision',
  'QuotationNumber',
  'QuotationCounter',
  'QuotationLink',
  'QuotationResponse',
  'Attendance',
  'AttendanceDay',
  'AttendanceMonth',
  'RateUsageArea',
  'RateUsageAreaName',
  'RateItem',
  'RateItemName',
  'RateUnit',
  'RateUnitName',
  'RateBrand',
  'RateBrandName',
  'RatePrice',
  'RatePriceFor',
  'RateLibraryVersion',
  'SearchToken',
  'Department',
  'DepartmentName',
  'JobRole',
  'JobRoleName',
]);

/**
 * Partitions left out whatever their entityType says (an item written before
 * it had one): the same kinds as EXCLUDED_ENTITY_TYPES, by their keys.ts prefix.
 */
const EXCLUDED_PARTITION_PREFIXES = ['SESSION#', 'RATE#', 'AUDIT#', 'OUTBOX#', 'BELL#', 'BACKUP', 'META'];

/** Whether an item is business data a backup holds and a restore replaces. */
export function isBackedUp(item: { pk?: unknown; sk?: unknown; entityType?: unknown }): boolean {
  if (typeof item.entityType === 'string' && EXCLUDED_ENTITY_TYPES.has(item.entityType)) return false;
  const pk = String(item.pk ?? '');
  return !EXCLUDED_PARTITION_PREFIXES.some((prefix) => pk.startsWith(prefix));
}
