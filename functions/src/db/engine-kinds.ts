import * as yup from 'yup';
import { defineItem } from './item';
import { keys } from './keys';

/**
 * The kinds no module owns: what the engine writes for every entity (search
 * tokens, kept counters) and the table's own bookkeeping of local start-up.
 * Their writes stay where they are (entity-shape.ts, figures.ts, local/);
 * these definitions say what they are and read them.
 */

/** One search token of an entity (entity-shape.ts writes them in the entity's transaction). */
export const searchTokenKind = defineItem({
  type: 'SearchToken',
  schema: yup.object({ id: yup.string().required() }),
  key: keys.searchToken,
  partition: 'SEARCH#*',
});

/** A shard of a stats set: its attributes are the counters (figures.ts, the dashboard module's names); no entityType. */
export const statsKind = defineItem({
  type: 'Stats',
  schema: yup.object({}),
  key: keys.stats,
  partition: 'STATS',
});

/** Which one-off data upgrades the table has had (local/upgrade-data.ts). */
export const dataVersionKind = defineItem({
  type: 'DataVersion',
  schema: yup.object({ version: yup.number().required() }),
  key: keys.dataVersion,
  partition: 'META',
  backup: false,
});

/** That first-start content was seeded (local/seed.ts): written last, so sample content staff deleted is not made again. */
export const seedMarkerKind = defineItem({
  type: 'SeedMarker',
  schema: yup.object({ seededAt: yup.string().required() }),
  key: () => ({ pk: 'SEED', sk: 'FIRST_START' }),
  partition: 'SEED',
  backup: false,
});

export const engineKinds = [searchTokenKind, statsKind, dataVersionKind, seedMarkerKind];
