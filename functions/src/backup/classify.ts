import type { NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import { allKinds, matchesPattern, type Kind } from '../db/kind';

/**
 * What a backup holds: the business data, i.e. every item of the table but
 * the kinds whose definition says `backup: false` (who is signed in, the
 * audit log, mail and notifications, backups themselves, local start-up
 * bookkeeping). Business data includes what keeps it consistent (unique
 * markers, kept counters and figures, number sequences, search tokens, the
 * rate library, settings, photos' records). Derived from the catalog of every
 * definition (functions/src/kinds.ts `backupClasses`, which the hosts hand to
 * the backup routes and jobs): a module may not import the catalog, so this
 * module lists no kinds of its own.
 */
export interface BackupClasses {
  /** Kinds a backup holds (items without an entityType, the kept counters and figures, are held too). */
  readonly backedUpTypes: ReadonlySet<string>;
  /** Kinds a backup leaves out and a restore never touches. */
  readonly excludedTypes: ReadonlySet<string>;
  /** Whether an item is business data a backup holds and a restore replaces. */
  readonly isBackedUp: (item: { pk?: unknown; sk?: unknown; entityType?: unknown }) => boolean;
  /**
   * What is wrong with a backed-up item by its definition, or undefined when
   * nothing is: its kind is the one its entityType names (an item without one,
   * a kept counter, is of a kind whose partition its key is in), its key must
   * be in that kind's partition, and the item must read as that kind's stored
   * shape (the same parse every read of the table uses). A restore checks every
   * item so before it writes any.
   */
  readonly definitionProblem: (item: Record<string, NativeAttributeValue> & { pk: string; sk: string }) => string | undefined;
}

/** What a backup holds of the items of `kinds` (their unique markers included). */
export function backupClasses(kinds: readonly Kind[]): BackupClasses {
  const catalog = allKinds(kinds);
  const backedUp = catalog.filter((kind) => kind.backup);
  // Partitions left out whatever their entityType says (an item written before it had one): those of the kinds left out.
  const excludedPartitions = [...new Set(catalog.filter((kind) => !kind.backup).map((kind) => kind.partition))];
  const excludedTypes: ReadonlySet<string> = new Set(catalog.filter((kind) => !kind.backup).map((kind) => kind.type));
  // By entityType (a type may have two definitions: an entity and a narrower read of it).
  const backedUpByType = new Map<string, Kind[]>();
  for (const kind of backedUp) backedUpByType.set(kind.type, [...(backedUpByType.get(kind.type) ?? []), kind]);
  return {
    backedUpTypes: new Set(backedUp.map((kind) => kind.type)),
    excludedTypes,
    isBackedUp: (item) => {
      if (typeof item.entityType === 'string' && excludedTypes.has(item.entityType)) return false;
      const pk = String(item.pk ?? '');
      return !excludedPartitions.some((partition) => matchesPattern(partition, pk));
    },
    definitionProblem: (item) => definitionProblem(backedUp, backedUpByType, item),
  };
}

/** A parse error's own words (a definition's parse wraps yup's error as its cause). */
const messageOf = (error: unknown): string => (error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error));

function definitionProblem(
  backedUp: readonly Kind[],
  backedUpByType: ReadonlyMap<string, Kind[]>,
  item: Record<string, NativeAttributeValue> & { pk: string; sk: string },
): string | undefined {
  const { pk, sk, entityType } = item;
  let candidates: Kind[];
  let name: string;
  if (entityType === undefined) {
    candidates = backedUp.filter((kind) => matchesPattern(kind.partition, pk));
    const [first] = candidates;
    if (!first) return `an item of no kind this version knows (no entityType, key ${pk} / ${sk})`;
    name = first.type;
  } else {
    if (typeof entityType !== 'string') return `an item whose entityType is not a name (key ${pk} / ${sk})`;
    const ofType = backedUpByType.get(entityType);
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
