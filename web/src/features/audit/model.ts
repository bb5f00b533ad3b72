import { AUDITED_ENTITIES, MASKED_VALUE, type AuditAction, type AuditedEntity, type AuditEntry } from '@app/shared-types/audit';
import { formatDate, formatDateTime } from '@app/shared-types/format';
import type { SelectOption } from '../../components/select-field';
import { pickOption } from '../../lib/url-params';

/** Pure rules of the audit viewer: filters in the URL, labels, record links and the readable diff. */

export const AUDIT_PAGE_SIZE = 25;

/** Words a field name spells in capitals. */
const ACRONYMS: Record<string, string> = { gst: 'GST', pan: 'PAN', id: 'ID', ids: 'IDs', smtp: 'SMTP', url: 'URL', ifsc: 'IFSC', ip: 'IP', pdf: 'PDF', tls: 'TLS' };

/** 'companyName' -> 'Company name', 'gstNumber' -> 'GST number', '2' -> '#2'. */
export function humanize(key: string): string {
  if (/^\d+$/.test(key)) return `#${Number(key) + 1}`;
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase()
    .split(' ')
    .filter(Boolean)
    .map((word) => ACRONYMS[word] ?? word);
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export const AUDIT_FILTER_PARAMS = ['entity', 'actorId', 'from', 'to'] as const;
export type AuditFilterParam = (typeof AUDIT_FILTER_PARAMS)[number];

/** The filters as kept in the URL: entity type, person (their id), a date range (YYYY-MM-DD, Asia/Kolkata days). */
export interface AuditFilters {
  entity: AuditedEntity | '';
  actorId: string;
  from: string;
  to: string;
}

const dateParam = (value: string | null) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : '');

/** Reads the filters from the URL; unknown values are dropped, as if not set. */
export function parseAuditFilters(params: URLSearchParams): AuditFilters {
  return {
    entity: pickOption(AUDITED_ENTITIES, params.get('entity')),
    actorId: (params.get('actorId') ?? '').slice(0, 100),
    from: dateParam(params.get('from')),
    to: dateParam(params.get('to')),
  };
}

/** Entity names where the stored one does not read well; any other is spelled out from its name ('BlogPost' -> 'Blog post'). */
export const AUDIT_ENTITY_LABELS: Partial<Record<AuditedEntity, string>> = {
  RateUsageArea: 'Rate library: usage area',
  RateItem: 'Rate library: item',
  RateUnit: 'Rate library: unit',
  RateBrand: 'Rate library: brand',
  RatePrice: 'Rate library: price',
};

/** How an entry's entity is named. */
export function entityLabel(entity: string): string {
  return (AUDIT_ENTITY_LABELS as Partial<Record<string, string>>)[entity] ?? humanize(entity);
}

export const ENTITY_OPTIONS: SelectOption[] = AUDITED_ENTITIES.map((value) => ({ value, label: entityLabel(value) }));

/** Actions as the list says them; any other is spelled out from its name. */
export const AUDIT_ACTION_LABELS: Partial<Record<AuditAction, string>> = {
  create: 'Created',
  update: 'Updated',
  delete: 'Deleted',
  bulk_update: 'Bulk update',
  convert: 'Converted',
  import: 'Imported',
  send: 'Sent',
  approve: 'Approved',
  request_changes: 'Changes requested',
  expire: 'Expired',
  reveal: 'Personal data revealed',
  restore: 'Backup restored',
};

export function actionLabel(action: string): string {
  return (AUDIT_ACTION_LABELS as Partial<Record<string, string>>)[action] ?? humanize(action);
}

/**
 * The portal path (below its base) of the screen that opens a record, or null
 * where the portal has no page for one record of that kind.
 */
export function recordPath(entity: string, id: string): string | null {
  const to = encodeURIComponent(id);
  switch (entity) {
    case 'Lead':
      return `leads?lead=${to}`;
    case 'Customer':
      return `projects?tab=customers&customer=${to}`;
    case 'Project':
      return `projects?project=${to}`;
    case 'Vendor':
      return `vendors?vendor=${to}`;
    case 'Employee':
      return `employees?employee=${to}`;
    case 'Transaction':
      return `finance?transaction=${to}`;
    case 'Quotation':
      return `quotations?quote=${to}`;
    case 'Attendance':
      return `attendance?record=${to}`;
    case 'Settings':
      return 'settings';
    default:
      return null;
  }
}

/** A field path as a reader sees it: 'company.social.instagram' -> 'Company › Social › Instagram'. */
export function pathLabel(path: string): string {
  return path.split('.').map(humanize).join(' › ');
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isScalar = (value: unknown) => value === null || value === undefined || ['string', 'number', 'boolean'].includes(typeof value);

/**
 * A value as leaf paths: objects (and lists of objects) open into their fields
 * ('stages.1.name'); a list of plain values stays one leaf.
 */
function flatten(value: unknown, path: string, out: Map<string, unknown>) {
  if (isPlainObject(value) && Object.keys(value).length > 0) {
    for (const [key, inner] of Object.entries(value)) flatten(inner, `${path}.${key}`, out);
  } else if (Array.isArray(value) && value.length > 0 && !value.every(isScalar)) {
    value.forEach((inner, index) => flatten(inner, `${path}.${index}`, out));
  } else out.set(path, value);
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A leaf value as text: '—' for nothing, Yes/No, lists joined, times and dates as the firm reads them (en-IN, Asia/Kolkata), the masked marker as it is. */
export function shownValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (value === true) return 'Yes';
  if (value === false) return 'No';
  if (Array.isArray(value)) return value.length === 0 ? '—' : value.map(shownValue).join(', ');
  if (isPlainObject(value)) return Object.keys(value).length === 0 ? '—' : JSON.stringify(value);
  if (typeof value === 'string' && ISO_INSTANT.test(value)) return formatDateTime(value);
  if (typeof value === 'string' && ISO_DATE.test(value)) return formatDate(value, 'short');
  return String(value);
}

/**
 * Sign-in bookkeeping an employee's entry may hold, said in words: a password
 * hash is never shown (not even masked), only that the password changed; a
 * reset failure count is 'sign-in failures reset'. Undefined: not one of them.
 */
function internalRow(field: string, change: { before: unknown; after: unknown }, changes: AuditEntry['changes']): DiffRow | null | undefined {
  switch (field) {
    case 'passwordHash':
      return { path: field, label: 'Password', before: '—', after: change.before === null ? 'password set' : 'password changed' };
    case 'passwordChangedAt':
      // Said by the password row when there is one.
      return 'passwordHash' in changes ? null : { path: field, label: 'Password changed', before: shownValue(change.before), after: shownValue(change.after) };
    case 'passwordSet':
      return null;
    case 'failedLoginCount':
      return { path: field, label: 'Sign-in failures', before: shownValue(change.before), after: change.after === 0 ? 'sign-in failures reset' : shownValue(change.after) };
    case 'lockedUntil':
      return { path: field, label: 'Sign-in lock', before: shownValue(change.before), after: change.after === null ? 'lock lifted' : `locked until ${shownValue(change.after)}` };
    case 'lastLoginAt':
      return { path: field, label: 'Last sign-in', before: shownValue(change.before), after: shownValue(change.after) };
    default:
      return undefined;
  }
}

export interface DiffRow {
  /** The dotted path, unique in the entry. */
  path: string;
  label: string;
  before: string;
  after: string;
}

/** Whether a value shown in the diff is a masked personal-data value. */
export const isMasked = (value: string) => value === MASKED_VALUE;

/**
 * An entry's changes as rows of a readable diff: one per leaf that differs,
 * nested objects flattened to paths, labelled by `label` when it knows the
 * path (the Settings screen's labels) and spelled out from the path otherwise.
 */
export function diffRows(
  changes: AuditEntry['changes'],
  label: (path: string) => string | undefined = () => undefined,
  /** Names of the ids an entry may hold (the actor's, an attendance day's employee): shown instead of the id. */
  names: ReadonlyMap<string, string> = new Map(),
): DiffRow[] {
  const rows: DiffRow[] = [];
  const shown = (value: unknown) => (typeof value === 'string' && names.has(value) ? (names.get(value) ?? '') : shownValue(value));
  for (const [field, change] of Object.entries(changes)) {
    const internal = internalRow(field, change, changes);
    if (internal !== undefined) {
      if (internal) rows.push(internal);
      continue;
    }
    const before = new Map<string, unknown>();
    const after = new Map<string, unknown>();
    flatten(change.before, field, before);
    flatten(change.after, field, after);
    const paths = new Set([...after.keys(), ...before.keys()]);
    for (const path of paths) {
      const from = shown(before.get(path));
      const to = shown(after.get(path));
      // A field is recorded because it changed (a masked value stays masked): only the unchanged parts of a nested one go,
      // and the empty side of a nested one that was created or removed.
      if (from === to && (path !== field || (from === '—' && paths.size > 1))) continue;
      rows.push({ path, label: label(path) ?? pathLabel(path), before: from, after: to });
    }
  }
  return rows;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Who made a change: their name, else their email, else who the id names ('website' for the public forms), never a bare UUID. */
export function actorLabel(actor: AuditEntry['actor']): string {
  if (actor.name || actor.email) return actor.name || actor.email;
  return UUID.test(actor.id) ? 'A staff member (name not recorded)' : actor.id;
}

/** The fields an old entry's changes may name its record by, in order. */
const NAME_FIELDS = ['quotationNumber', 'transactionId', 'name', 'title'];

/**
 * The record an entry is about, by name: the title stored with the entry;
 * for an entry written before titles were, a name its changes hold, else
 * what its id says (an attendance day's date), else the entity's name alone.
 */
export function recordName(entry: Pick<AuditEntry, 'entity' | 'entityId' | 'changes'> & { title?: string }): string {
  if (entry.title) return entry.title;
  const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
  const valueOf = (field: string) => text(entry.changes[field]?.after) || text(entry.changes[field]?.before);
  const named = NAME_FIELDS.map(valueOf).find(Boolean) ?? [valueOf('firstName'), valueOf('lastName')].filter(Boolean).join(' ');
  if (named) return named;
  if (entry.entity === 'Settings') return 'System settings';
  const date = /(\d{4}-\d{2}-\d{2})$/.exec(entry.entityId)?.[1];
  if (entry.entity === 'Attendance' && date) return `A day, ${formatDate(date, 'short')}`;
  return UUID.test(entry.entityId) ? `${entityLabel(entry.entity)} (name not recorded)` : entry.entityId;
}

/** The ids an entry names people by, with their names: the actor, and an attendance day's employee. */
export function knownNames(entry: Pick<AuditEntry, 'actor' | 'entity' | 'changes'>): Map<string, string> {
  const names = new Map<string, string>();
  if (UUID.test(entry.actor.id) && (entry.actor.name || entry.actor.email)) names.set(entry.actor.id, actorLabel(entry.actor));
  const user = entry.changes.user?.after ?? entry.changes.user?.before;
  const userId = entry.changes.userId?.after ?? entry.changes.userId?.before;
  if (entry.entity === 'Attendance' && typeof userId === 'string' && isPlainObject(user) && typeof user.name === 'string' && user.name) names.set(userId, user.name);
  return names;
}

/** A phone card's title: the entity and what happened, without saying the entity twice ('Backup restored', not 'Backup backup restored'). */
export function entryTitle(entry: Pick<AuditEntry, 'entity' | 'action'>): string {
  const entity = entityLabel(entry.entity);
  const action = actionLabel(entry.action);
  return action.toLowerCase().startsWith(entity.toLowerCase()) ? action : `${entity} ${action.toLowerCase()}`;
}
