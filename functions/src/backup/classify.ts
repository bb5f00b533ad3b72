import type { NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import { kinds as auditKinds } from '../audit';
import { kinds as authKinds } from '../auth';
import { kinds as blogKinds } from '../blog';
import { kinds as campaignKinds } from '../campaigns';
import { kinds as customerKinds } from '../customers';
import { engineKinds } from '../db/engine-kinds';
import { allKinds, matchesPattern, type Kind } from '../db/kind';
import { kinds as financeKinds } from '../finance';
import { kinds as integrationKinds } from '../integrations';
import { kinds as leadKinds } from '../leads';
import { rateLimitWindowKind } from '../lib/rate-limit';
import { kinds as notifyKinds } from '../notify';
import { kinds as peopleKinds } from '../people';
import { kinds as projectKinds } from '../projects';
import { kinds as quotationKinds } from '../quotations';
import { kinds as settingsKinds } from '../settings';
import { kinds as vendorKinds } from '../vendors';
import { backupJobKind, backupLockKind, backupScheduleKind } from './backup-kinds';

/**
 * What a backup holds: the business data, i.e. every item of the table but
 * the kinds whose definition says `backup: false` (who is signed in, the
 * audit log, mail and notifications, backups themselves, local start-up
 * bookkeeping). Business data includes what keeps it consistent (unique
 * markers, kept counters and figures, number sequences, search tokens, the
 * rate library, settings, photos' records). A module may not import the app's
 * catalog (functions/src/kinds.ts), so the same modules' kinds are read here;
 * classify.test.ts checks both name the same kinds, and that every entityType
 * the code writes is one of them.
 */
const CATALOG: readonly Kind[] = allKinds([
  ...engineKinds,
  rateLimitWindowKind,
  ...auditKinds(),
  ...authKinds(),
  backupJobKind,
  backupLockKind,
  backupScheduleKind,
  ...blogKinds(),
  ...campaignKinds(),
  ...customerKinds(),
  ...financeKinds(),
  ...integrationKinds(),
  ...leadKinds(),
  ...notifyKinds(),
  ...peopleKinds(),
  ...projectKinds(),
  ...quotationKinds(),
  ...settingsKinds(),
  ...vendorKinds(),
]);

/** Kinds a backup leaves out and a restore never touches. */
export const EXCLUDED_ENTITY_TYPES: ReadonlySet<string> = new Set(CATALOG.filter((kind) => !kind.backup).map((kind) => kind.type));

/** Kinds a backup holds (items without an entityType, the kept counters and figures, are held too). */
export const BACKED_UP_ENTITY_TYPES: ReadonlySet<string> = new Set(CATALOG.filter((kind) => kind.backup).map((kind) => kind.type));

/**
 * Partitions left out whatever their entityType says (an item written before
 * it had one): those of the kinds left out.
 */
const EXCLUDED_PARTITIONS = [...new Set(CATALOG.filter((kind) => !kind.backup).map((kind) => kind.partition))];

/** Whether an item is business data a backup holds and a restore replaces. */
export function isBackedUp(item: { pk?: unknown; sk?: unknown; entityType?: unknown }): boolean {
  if (typeof item.entityType === 'string' && EXCLUDED_ENTITY_TYPES.has(item.entityType)) return false;
  const pk = String(item.pk ?? '');
  return !EXCLUDED_PARTITIONS.some((partition) => matchesPattern(partition, pk));
}

/** Kinds a backup holds, by entityType (a type may have two definitions: an entity and a narrower read of it). */
const BACKED_UP_BY_TYPE = new Map<string, Kind[]>();
for (const kind of CATALOG) if (kind.backup) BACKED_UP_BY_TYPE.set(kind.type, [...(BACKED_UP_BY_TYPE.get(kind.type) ?? []), kind]);
const BACKED_UP_KINDS = CATALOG.filter((kind) => kind.backup);

/** A parse error's own words (a definition's parse wraps yup's error as its cause). */
const messageOf = (error: unknown): string => (error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error));

/**
 * What is wrong with a backed-up item by its definition, or undefined when
 * nothing is: its kind is the one its entityType names (an item without one,
 * a kept counter, is of a kind whose partition its key is in), its key must
 * be in that kind's partition, and the item must read as that kind's stored
 * shape (the same parse every read of the table uses). A restore checks every
 * item so before it writes any.
 */
export function definitionProblem(item: Record<string, NativeAttributeValue> & { pk: string; sk: string }): string | undefined {
  const { pk, sk, entityType } = item;
  let candidates: Kind[];
  let name: string;
  if (entityType === undefined) {
    candidates = BACKED_UP_KINDS.filter((kind) => matchesPattern(kind.partition, pk));
    const [first] = candidates;
    if (!first) return `an item of no kind this version knows (no entityType, key ${pk} / ${sk})`;
    name = first.type;
  } else {
    if (typeof entityType !== 'string') return `an item whose entityType is not a name (key ${pk} / ${sk})`;
    const ofType = BACKED_UP_BY_TYPE.get(entityType);
    if (!ofType) return `an item of an unknown kind '${entityType}' (key ${pk} / ${sk})`;
    candidates = ofType.filter((kind) => matchesPattern(kind.partition, pk));
    if (candidates.length === 0) return `a ${entityType} item under the key ${pk}, where no ${entityType} is kept`;
    name = entityType;
  }
  let failure: unknown;
  for (const kind of candidates) {
    if (!kind.parse) return undefined;
    try {
      kind.parse(item);
      return undefined;
    } catch (error) {
      failure ??= error;
    }
  }
  return `a ${name} item (key ${pk} / ${sk}) that does not match its definition: ${messageOf(failure)}`;
}
