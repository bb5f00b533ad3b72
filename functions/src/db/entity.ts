import type { Db } from './client';
import { type AccessPattern, type EntityConfig, type Stored } from './entity-base';
import { entityClaims } from './entity-claim';
import { entityReads } from './entity-read';
import { entityShape } from './entity-shape';
import { entityWrites } from './entity-write';
import { declaredKind } from './kind';
import type { WritePlan } from './plan';
import type { AuditAction } from '@app/shared-types/audit';
import type { Condition } from './entity-base';
import type { TransactItem } from './writes';

export * from './entity-base';

/**
 * One small way to define an entity of the single table: its shape and
 * requests (entity-shape.ts), its reads (entity-read.ts), its claims of
 * contested unique values (entity-claim.ts) and its writes (entity-write.ts).
 * See entity-base.ts for the definition's parts.
 */
export function defineEntity<T extends Stored, P extends Record<string, AccessPattern<never>>>(config: EntityConfig<T, P>) {
  const shape = entityShape(config);
  const { type, parse, stored, inPlan, createWrites, updateWrites, deleteWrites, counterDeltas, tokenWrites } = shape;
  const reads = entityReads(shape);
  const { get, getMany, source, list, query, queryFields, cursorKeys } = reads;
  const claims = entityClaims(shape);
  const { claim, claimDerived } = claims;
  const { create, update, remove } = entityWrites(shape, reads, claims);

  return {
    /** Adds the creation of `entity` to a plan (see inPlan). */
    planCreate: (p: WritePlan, name: string, entity: T, options: { action?: AuditAction } = {}) => inPlan(p, name, null, entity, options),
    /** Adds the change of `before` into `after` to a plan, conditioned on `before`'s version. */
    planUpdate: (p: WritePlan, name: string, before: T, after: T, options: { action?: AuditAction; condition?: Condition<T> } = {}) => inPlan(p, name, before, after, options),
    /** Adds the deletion of `before` to a plan, conditioned on its version. */
    planDelete: (p: WritePlan, name: string, before: T, options: { action?: AuditAction; condition?: Condition<T> } = {}) => inPlan(p, name, before, null, options),
    type,
    key: config.key,
    ...declaredKind(config),
    /** Its unique markers, as kinds of their own: in backups as it is, touched by admin and jobs only. */
    markers: (config.unique ?? []).map((marker) => ({
      ...declaredKind({ partition: marker.partition, backup: config.backup }),
      type: marker.name,
      key: marker.key,
      /** A marker item names its owner's id. */
      parse: (raw: Record<string, unknown>) => {
        const owner = raw[marker.owner];
        if (typeof owner !== 'string' || owner === '') throw new Error(`${marker.owner} is a required field`);
        return raw;
      },
    })),
    parse,
    stored,
    get,
    getMany,
    create,
    update,
    remove,
    claim,
    claimDerived,
    source,
    list,
    query,
    queryFields,
    cursorKeys,
    createWrites,
    updateWrites,
    deleteWrites,
    counterDeltas,
    /** The search index entries of an item written before it had any (data upgrades). */
    searchIndexWrites: (db: Db, entity: T) => tokenWrites(db, null, entity),
    /**
     * Gives an item written before the search index its search text and tokens
     * (data upgrades), on the condition that it is still at the version read.
     */
    reindexWrites: (db: Db, entity: T): TransactItem[] => [
      {
        Update: {
          TableName: db.table,
          Key: config.key(entity.id),
          UpdateExpression: 'SET searchText = :text',
          ConditionExpression: '#version = :version',
          ExpressionAttributeNames: { '#version': 'version' },
          ExpressionAttributeValues: { ':text': stored(entity).searchText, ':version': entity.version },
        },
      },
      ...tokenWrites(db, null, entity),
    ],
  };
}
