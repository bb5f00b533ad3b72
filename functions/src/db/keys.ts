/**
 * Every key of the table is built here. An entity's item has pk/sk; list access
 * patterns use gsi1/gsi2/gsi3. Repositories use these builders, never string literals.
 */

/** Sort keys that list newest first when read in ascending order. */
export function newestFirst(iso: string, id: string): string {
  const inverted = (9_999_999_999_999 - new Date(iso).getTime()).toString().padStart(13, '0');
  return `${inverted}#${id}`;
}

/** A calendar date (YYYY-MM-DD) as 8 digits that sort newest first: 99999999 - YYYYMMDD. */
export function invertedDate(date: string): string {
  return String(99_999_999 - Number(date.replace(/-/g, ''))).padStart(8, '0');
}

/** Sorts after every real date in the follow-up index. */
export const NO_FOLLOW_UP = '9999-12-31';

export const keys = {
  settings: () => ({ pk: 'SETTINGS', sk: 'SETTINGS' }),

  project: (id: string) => ({ pk: `PROJECT#${id}`, sk: 'PROJECT' }),
  /** gsi1: projects shown on the website, grouped by public status, newest first. */
  publicProjects: () => 'PUBLIC_PROJECTS',
  publicProjectSort: (status: string, createdAt: string, id: string) => `${status}#${newestFirst(createdAt, id)}`,
  /** gsi2: every project, newest first (the portal's list). */
  projects: () => 'PROJECTS',
  projectCreatedSort: (createdAt: string, id: string) => newestFirst(createdAt, id),
  /** gsi3: the projects in one internal status, newest first. */
  projectsByStatus: (status: string) => `PROJECTSTATUS#${status}`,
  /** Marker of a project's slug (its website address): one project per slug. */
  projectSlug: (slug: string) => ({ pk: `PROJSLUG#${slug}`, sk: 'PROJSLUG' }),

  customer: (id: string) => ({ pk: `CUSTOMER#${id}`, sk: 'CUSTOMER' }),
  /** gsi1: every customer, by name. */
  customers: () => 'CUSTOMERS',
  customerNameSort: (name: string, id: string) => `${name.toLowerCase()}#${id}`,

  blogPost: (id: string) => ({ pk: `BLOGPOST#${id}`, sk: 'BLOGPOST' }),
  blogSlug: (slug: string) => ({ pk: `BLOGSLUG#${slug}`, sk: 'BLOGSLUG' }),
  /** gsi1: posts by status, newest publication first. */
  blogPostsByStatus: (status: string) => `BLOGPOSTS#${status}`,
  /** gsi2: every post, newest first (Blog Management's list). */
  blogPosts: () => 'BLOGPOSTS',
  /** Marker of one visitor's (hashed) view of a post on one day (TTL): a repeat view is not counted. */
  blogView: (postId: string, day: string, visitor: string) => ({ pk: `BLOGVIEW#${postId}#${day}#${visitor}`, sk: 'BLOGVIEW' }),
  /**
   * A post's views, spread over shards in a small partition of its own: a view adds to one shard
   * (never to the post item, which is up to 100 KB with two index copies), a read adds them up.
   */
  blogViewCount: (postId: string, shard: number) => ({ pk: `BLOGVIEWCOUNT#${postId}`, sk: `SHARD#${shard}` }),

  estimate: (id: string) => ({ pk: `ESTIMATE#${id}`, sk: 'ESTIMATE' }),
  contactSubmission: (id: string) => ({ pk: `CONTACT#${id}`, sk: 'CONTACT' }),
  /** gsi1 partition of a submission list: 'ESTIMATES', 'CONTACTS' or their 'SPAM#' twins. */
  submissions: (kind: 'ESTIMATES' | 'CONTACTS', spam: boolean) => (spam ? `SPAM#${kind}` : kind),

  lead: (id: string) => ({ pk: `LEAD#${id}`, sk: 'LEAD' }),
  /** Marker that makes a phone number belong to one lead. */
  leadPhone: (phoneKey: string) => ({ pk: `LEADPHONE#${phoneKey}`, sk: 'LEADPHONE' }),
  leadCommunication: (leadId: string, createdAt: string, id: string) => ({
    pk: `LEAD#${leadId}`,
    sk: `COMM#${createdAt}#${id}`,
  }),
  leadCommunicationPrefix: () => 'COMM#',
  // Speed-to-lead (issue 26)
  /** A taker's count of turns in one pool of takers ('all#<id>', or a rule's: 'rule:<rule id>#<id>'). */
  leadRotation: (poolTaker: string) => ({ pk: 'LEADROTATION', sk: poolTaker }),
  /** A lead awaiting its first response (the SLA job's list), by creation. */
  leadAwaitingResponse: (createdAt: string, leadId: string) => ({ pk: 'LEADAWAITING', sk: `${createdAt}#${leadId}` }),
  leadsAwaitingResponse: () => 'LEADAWAITING',
  /** One first response, in the month it was made (the per-salesperson report). */
  leadFirstResponse: (month: string, employeeId: string, leadId: string) => ({ pk: `LEADRESPONSE#${month}`, sk: `${employeeId}#${leadId}` }),
  /** gsi1: all leads, by creation (newest first when read backwards). */
  leads: () => 'LEADS',
  leadCreatedSort: (createdAt: string, id: string) => `${createdAt}#${id}`,
  /** gsi2: the leads in one status, by creation. */
  leadsByStatus: (status: string) => `LEADSTATUS#${status}`,
  /** gsi3: all leads by next follow-up date; leads without one sort last. */
  leadFollowUps: () => 'LEADFOLLOWUP',
  leadFollowUpSort: (nextFollowUp: string | null, createdAt: string, id: string) =>
    `${nextFollowUp ?? NO_FOLLOW_UP}#${createdAt}#${id}`,

  vendor: (id: string) => ({ pk: `VENDOR#${id}`, sk: 'VENDOR' }),
  /** gsi1: all vendors, by name. */
  vendors: () => 'VENDORS',
  /** gsi2: the vendors of one category, by name. */
  vendorsByCategory: (category: string) => `VENDORCATEGORY#${category}`,
  /** gsi3: the vendors in one status, by name. */
  vendorsByStatus: (status: string) => `VENDORSTATUS#${status}`,
  /** Sort key of every vendor list: the name ignoring case, then the id (names repeat). */
  vendorNameSort: (name: string, id: string) => `${name.toLowerCase()}#${id}`,

  /**
   * Counters kept by every write that changes them: 'LEADS' (analytics) and
   * 'DASHBOARD', each spread over shards so concurrent writes rarely meet on one item.
   */
  stats: (name: 'LEADS' | 'DASHBOARD' | 'TAKERS', shard: number) => ({ pk: 'STATS', sk: `${name}#${shard}` }),
  statsPartition: () => 'STATS',

  // Attribution (issue 26): the Campaigns report's rows (kept by lead writes, over shards) and the spend entered, one partition a month.
  campaignMonth: (month: string) => `CAMPAIGN#${month}`,
  campaignFigure: (month: string, source: string, campaign: string, shard: number) => ({
    pk: `CAMPAIGN#${month}`,
    sk: `ROW#${encodeURIComponent(source)}#${encodeURIComponent(campaign)}#${shard}`,
  }),
  campaignFigurePrefix: () => 'ROW#',
  // Spend in a partition of its own: the website's function adds to the figures, never to what managers enter.
  campaignSpendMonth: (month: string) => `CAMPAIGNSPEND#${month}`,
  campaignSpend: (month: string, source: string, campaign: string) => ({ pk: `CAMPAIGNSPEND#${month}`, sk: `SPEND#${encodeURIComponent(source)}#${encodeURIComponent(campaign)}` }),
  campaignSpendPrefix: () => 'SPEND#',

  transaction: (id: string) => ({ pk: `TXN#${id}`, sk: 'TXN' }),
  /** A copy of a transaction in one filtered list (type, status, project, vendor, customer), in its item's partition. */
  transactionListCopy: (id: string, list: string) => ({ pk: `TXN#${id}`, sk: `LIST#${list}` }),
  /** gsi1: every transaction (no filter), or the copies of one filter's list, by transactionDate (read backwards: newest first). */
  transactions: (filter?: string, value?: string) => (filter ? `TXNS#${filter}#${value}` : 'TXNS'),
  transactionDateSort: (transactionDate: string, createdAt: string, id: string) => `${transactionDate}#${createdAt}#${id}`,
  /** A small marker per pending transaction with a due date, sorted by due date: the overdue count is a COUNT of those before today. */
  transactionDue: (dueDate: string, id: string) => ({ pk: 'TXNDUE', sk: `${dueDate}#${id}` }),
  transactionsDue: () => 'TXNDUE',
  /** gsi3: the transactions marked recurring (the monthly job reads them). */
  transactionsRecurring: () => 'TXNRECURRING',
  /** The per-year counter of readable transaction numbers (TXN-2026-00042). */
  transactionCounter: (year: string) => ({ pk: 'TXNCOUNTER', sk: year }),
  /** Marker of one Idempotency-Key of one user (24 h TTL): the transaction it created. */
  idempotencyKey: (scope: string, key: string) => ({ pk: `IDEMPOTENCY#${scope}#${key}`, sk: 'IDEMPOTENCY' }),
  /** Finance figures kept by every transaction write: all-time totals and months, each over shards. */
  financeTotal: (shard: number) => ({ pk: 'FINANCE', sk: `TOTAL#${shard}` }),
  financeMonth: (month: string, shard: number) => ({ pk: 'FINANCE', sk: `MONTH#${month}#${shard}` }),
  financePartition: () => 'FINANCE',
  /** A project's kept figures, its payment plan and received per stage. */
  financeProject: (projectId: string) => ({ pk: `FINPROJECT#${projectId}`, sk: 'FINANCE' }),
  /** Marker of a stage's demand (a stage is demanded once), beside the project's figures. */
  stageDemand: (projectId: string, stageName: string) => ({ pk: `FINPROJECT#${projectId}`, sk: `DEMAND#${stageName.toLowerCase()}` }),
  /** A vendor's kept ledger: payable, paid, count. */
  financeVendor: (vendorId: string) => ({ pk: `FINVENDOR#${vendorId}`, sk: 'FINANCE' }),

  quotation: (id: string) => ({ pk: `QUOTE#${id}`, sk: 'QUOTE' }),
  /** A kept earlier version of a quotation, in its partition (REV#000001 is the first). */
  quotationRevision: (id: string, revision: number) => ({ pk: `QUOTE#${id}`, sk: `REV#${String(revision).padStart(6, '0')}` }),
  quotationRevisionPrefix: () => 'REV#',
  /** gsi1: every quotation, newest first. */
  quotations: () => 'QUOTES',
  /** gsi2: the quotations in one stored status, newest first. */
  quotationsByStatus: (status: string) => `QUOTESTATUS#${status}`,
  /** gsi3: drafts and sent quotations by validUntil (the expiry job reads those past it). */
  quotationsOpen: () => 'QUOTEOPEN',
  quotationOpenSort: (validUntil: string, id: string) => `${validUntil}#${id}`,
  /** Marker that makes a quotation number belong to one quotation. */
  quotationNumber: (quotationNumber: string) => ({ pk: `QUOTENO#${quotationNumber}`, sk: 'QUOTENO' }),
  /** The per-fiscal-year counter of quotation numbers (KDS/2026-27/0042). */
  quotationCounter: (fiscalYear: string) => ({ pk: 'QUOTECOUNTER', sk: fiscalYear }),
  /** A share link, by the SHA-256 of its token: the quotation it opens. */
  quotationLink: (tokenHash: string) => ({ pk: `QUOTELINK#${tokenHash}`, sk: 'QUOTELINK' }),
  /** The clients' answers through share links, newest last (the dashboard's card). */
  quotationResponse: (at: string, quotationId: string) => ({ pk: 'QUOTERESPONSES', sk: `${at}#${quotationId}` }),
  quotationResponses: () => 'QUOTERESPONSES',

  /** An attendance record. Its id is `<userId>-<date>`, so the key itself allows one record per employee per day. */
  attendance: (id: string) => ({ pk: `ATTENDANCE#${id}`, sk: 'ATTENDANCE' }),
  /** gsi1: every attendance record, newest date first (a date or a month is a range of it). */
  attendanceAll: () => 'ATTENDANCES',
  /** gsi2: one employee's attendance records, newest date first. */
  attendanceByUser: (userId: string) => `ATTENDANCEUSER#${userId}`,
  /** gsi3: the attendance records in one status, newest date first. */
  attendanceByStatus: (status: string) => `ATTENDANCESTATUS#${status}`,
  /** Sort key of the attendance lists: newest date first when read ascending (an inverted YYYYMMDD), then by name. */
  attendanceSort: (date: string, name: string, userId: string) => `${invertedDate(date)}#${name.trim().toLowerCase()}#${userId}`,
  /** Kept counts of one day's attendance by status, over shards (today's cards). */
  attendanceDay: (date: string, shard: number) => ({ pk: `ATTENDANCEDAY#${date}`, sk: `COUNTS#${shard}` }),
  attendanceDayPartition: (date: string) => `ATTENDANCEDAY#${date}`,
  /** Kept figures of one employee's month (the monthly report), in the month's partition. */
  attendanceMonth: (month: string, userId: string) => ({ pk: `ATTENDANCEMONTH#${month}`, sk: `EMP#${userId}` }),
  attendanceMonthPartition: (month: string) => `ATTENDANCEMONTH#${month}`,

  employee: (id: string) => ({ pk: `EMPLOYEE#${id}`, sk: 'EMPLOYEE' }),
  /** Marker that makes an email address (lower-cased) belong to one employee. */
  employeeEmail: (email: string) => ({ pk: `USER#${email}`, sk: 'USER' }),
  /** gsi1: all employees, by name. */
  employees: () => 'EMPLOYEES',
  /** gsi2: the active superadmins (the last one is never demoted, deactivated or deleted). */
  activeSuperadmins: () => 'EMPLOYEES#ACTIVE_SUPERADMIN',
  session: (id: string) => ({ pk: `SESSION#${id}`, sk: 'SESSION' }),
  /** An employee's two-factor sign-in, in their partition: the sealed TOTP secret, the last step used, the recovery codes' hashes. */
  twoFactor: (employeeId: string) => ({ pk: `EMPLOYEE#${employeeId}`, sk: 'TWOFACTOR' }),
  /** A sign-in waiting for its second step (a code, or enrolment), by the SHA-256 of its token; removed by TTL. */
  loginChallenge: (tokenHash: string) => ({ pk: `LOGINCHALLENGE#${tokenHash}`, sk: 'LOGINCHALLENGE' }),
  /** An emailed password reset link, by the SHA-256 of its token; single-use, removed by TTL. */
  passwordReset: (tokenHash: string) => ({ pk: `PWRESET#${tokenHash}`, sk: 'PWRESET' }),

  /** Which one-off data upgrades a table has had (local start-up). */
  dataVersion: () => ({ pk: 'META', sk: 'DATAVERSION' }),

  /**
   * The search index: one item per token of a searchable entity, in the
   * token's partition, sorted as search results show (newest first).
   */
  searchToken: (entity: string, token: string, sort: string) => ({ pk: `SEARCH#${entity}#${token}`, sk: sort }),

  /** An audit entry, in its entity's partition by time (the entity's history, date ranges). */
  auditEntry: (entityId: string, sort: string) => ({ pk: `AUDIT#${entityId}`, sk: sort }),
  /** gsi1: every audit entry by time. */
  auditLog: () => 'AUDITLOG',
  /** gsi2: the audit entries of one entity type by time. */
  auditByEntity: (entity: string) => `AUDITENTITY#${entity}`,
  /** gsi3: the audit entries of one actor by time. */
  auditByActor: (actorId: string) => `AUDITACTOR#${actorId}`,

  /**
   * The rate library: one small partition read whole by one Query (the
   * lookups cache it per process by the library's version item). Entries sort
   * by kind: 'AREA#', 'ITEM#', 'UNIT#', 'BRAND#', 'PRICE#'; 'NAME#' markers
   * keep names unique in their scope; 'VERSION' moves on every write.
   */
  rateLibrary: () => 'RATELIB',
  rateLibraryVersion: () => ({ pk: 'RATELIB', sk: 'VERSION' }),
  rateLibraryEntry: (kind: 'AREA' | 'ITEM' | 'UNIT' | 'BRAND' | 'PRICE', id: string) => ({ pk: 'RATELIB', sk: `${kind}#${id}` }),
  /** Marker of a name in its scope (lower-cased): 'AREA', 'UNIT', 'BRAND', 'ITEM#<areaId>', 'PRICE#<itemId>'. */
  rateLibraryName: (scope: string, name: string) => ({ pk: 'RATELIB', sk: `NAME#${scope}#${name}` }),

  /** Package rules (issue 26): the calculator's draft quote per type, band and rooms ('3bhk.premium.all'), one small partition. */
  packageRules: () => 'PACKAGERULES',
  packageRule: (id: string) => ({ pk: 'PACKAGERULES', sk: `RULE#${id}` }),

  /** A notification event waiting for, or done with, its delivery (jobs/outbox.ts). Ids sort by time. */
  outbox: (id: string) => ({ pk: `OUTBOX#${id}`, sk: 'OUTBOX' }),
  /** gsi1: the outbox items in one status; pending ones by nextAttemptAt (the sender's Query), others newest first. */
  outboxByStatus: (status: string) => `OUTBOXSTATUS#${status}`,
  outboxSort: (status: string, at: string, id: string) => (status === 'pending' ? `${at}#${id}` : newestFirst(at, id)),
  /** One user's bell: notifications ('N#<eventId>', newest first read backwards) and the kept unread count. */
  bellNotification: (userId: string, eventId: string) => ({ pk: `BELL#${userId}`, sk: `N#${eventId}` }),
  bellNotificationPrefix: () => 'N#',
  bellUnread: (userId: string) => ({ pk: `BELL#${userId}`, sk: 'UNREAD' }),

  /** A backup or restore job (jobs/backup.ts): its status, progress and, for a backup, its file. */
  backupJob: (id: string) => ({ pk: `BACKUPJOB#${id}`, sk: 'BACKUPJOB' }),
  /** gsi1: every backup and restore job, newest first. */
  backupJobs: () => 'BACKUPJOBS',
  /** gsi2: the backups that succeeded, newest first (the schedule reads the newest). */
  backupsSucceeded: () => 'BACKUPS#succeeded',
  /** The one-at-a-time lock of backups and restores: the running job's id. */
  backupLock: () => ({ pk: 'BACKUPLOCK', sk: 'BACKUPLOCK' }),
  /** When the backup schedule first ran (the install): the first scheduled backup comes one period after it. */
  backupSchedule: () => ({ pk: 'BACKUPSCHEDULE', sk: 'BACKUPSCHEDULE' }),

  /** Issue 26: one lead source's integration (Settings > Integrations), its sealed secrets and its kept health. */
  integration: (platform: string) => ({ pk: `INTEGRATION#${platform}`, sk: 'INTEGRATION' }),
  /** The claim of one webhook event (a leadgen_id, a lead_id, a message id), written in the plan of what it made. */
  webhookClaim: (platform: string, eventId: string) => ({ pk: `WEBHOOKCLAIM#${platform}#${eventId}`, sk: 'WEBHOOKCLAIM' }),

  rateLimit: (scope: string, subject: string, window: number) => ({
    pk: `RATE#${scope}#${subject}`,
    sk: `W#${window}`,
  }),
};
