import { kinds as auditKinds } from '../audit';
import { kinds as authKinds } from '../auth';
import { kinds as blogKinds } from '../blog';
import { kinds as customerKinds } from '../customers';
import { engineKinds } from '../db/engine-kinds';
import { allKinds, matchesPattern, type Kind } from '../db/kind';
import { kinds as financeKinds } from '../finance';
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
  ...customerKinds(),
  ...financeKinds(),
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
