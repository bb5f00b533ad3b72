import type { NativeAttributeValue } from '@aws-sdk/lib-dynamodb';

/**
 * What every definition (defineItem, defineEntity and an entity's unique
 * markers) declares beside its key, so that the lists made of all of them are
 * derived, never kept by hand: whether backups hold it (backup/classify.ts)
 * and which functions with a narrowed table role may touch its partition, and
 * how (the IAM dynamodb:LeadingKeys patterns of infra and handlers/pdf-access.ts).
 * The catalog of every definition is functions/src/kinds.ts.
 */

/** The functions whose table role is narrowed to some partitions, and their grants; admin and jobs may touch every key. */
export const FUNCTION_GRANTS = {
  /**
   * The website (infra/src/constructs/table-access.ts, PUBLIC_KEY_ACCESS); `viewCount`: the blog view beacon's
   * UpdateItem of a view count shard; `conditionCheck`: a transaction's ConditionCheck (the beacon's slug marker).
   */
  public: ['read', 'queryGsi1', 'leadLookup', 'write', 'rateLimit', 'viewCount', 'conditionCheck'],
  /** The quotation PDFs (handlers/pdf-access.ts, PDF_KEY_ACCESS). */
  pdf: ['read', 'sessions'],
  /**
   * Signing in, requesting access and who is signed in (infra/src/constructs/table-access.ts, AUTH_KEY_ACCESS):
   * `read` GetItem; `write` PutItem/UpdateItem returning nothing; `delete` DeleteItem returning
   * nothing; `count` UpdateItem that may return the counts it changed (lockouts, rate limits).
   */
  auth: ['read', 'write', 'delete', 'count'],
  /** A client's share link and their answer (infra/src/constructs/table-access.ts, CLIENT_LINK_KEY_ACCESS): as auth's, without delete. */
  clientLink: ['read', 'write', 'count'],
} as const;

export type NarrowedFunction = keyof typeof FUNCTION_GRANTS;
export type Grant<F extends NarrowedFunction> = (typeof FUNCTION_GRANTS)[F][number];
/** What each narrowed function may do in a partition (none: admin and jobs only). */
export type Grants = { readonly [F in NarrowedFunction]?: readonly Grant<F>[] };

type Key = { pk: string; sk: string };

export interface KindDeclaration {
  /** Its partition key as an IAM StringLike pattern ('LEAD#*', 'SETTINGS'); a test checks the key builder against it. */
  partition: string;
  /** Whether backups hold it (default true): sessions and rate-limit windows are not worth restoring. */
  backup?: boolean;
  grants?: Grants;
  /**
   * Grants in partitions beside its own that its index entries or its writes
   * keep, by pattern: a gsi1 list the website queries, its search tokens, its counters.
   */
  otherPartitions?: Readonly<Record<string, Grants>>;
}

/** A definition as the derived lists read it. */
export interface Kind {
  type: string;
  partition: string;
  backup: boolean;
  grants: Grants;
  otherPartitions: Readonly<Record<string, Grants>>;
  key: (...args: never) => Key | undefined;
  /** An entity's unique markers: items its writes keep in their own partitions. */
  markers?: readonly Kind[];
  /** Its stored shape as an item is read back (throws when an item is not one): what a restore checks each item against. */
  parse?: (raw: Record<string, NativeAttributeValue>) => unknown;
}

/** The declared part of a definition, defaults filled in. */
export function declaredKind(config: KindDeclaration): Pick<Kind, 'partition' | 'backup' | 'grants' | 'otherPartitions'> {
  return { partition: config.partition, backup: config.backup ?? true, grants: config.grants ?? {}, otherPartitions: config.otherPartitions ?? {} };
}

/** Every kind of a catalog, entities' unique markers included. */
export function allKinds(catalog: readonly Kind[]): Kind[] {
  return catalog.flatMap((kind) => [kind, ...(kind.markers ?? [])]);
}

/** Each pattern's expression, made once (a backup or restore matches every item of the table). */
const patternExpressions = new Map<string, RegExp>();

/** Whether a value matches an IAM StringLike pattern ('*': any characters, '?': one). */
export function matchesPattern(pattern: string, value: string): boolean {
  let expression = patternExpressions.get(pattern);
  if (!expression) {
    const source = pattern.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.');
    expression = new RegExp(`^${source}$`);
    patternExpressions.set(pattern, expression);
  }
  return expression.test(value);
}

/**
 * The partitions one narrowed function may touch, by grant: each pattern once,
 * in catalog order (a kind's own partition, then its other ones).
 */
export function keyAccess<F extends NarrowedFunction>(catalog: readonly Kind[], fn: F): Record<Grant<F>, string[]> {
  const grants: readonly Grant<F>[] = FUNCTION_GRANTS[fn];
  const access = Object.fromEntries(grants.map((grant) => [grant, [] as string[]])) as Record<Grant<F>, string[]>;
  for (const kind of allKinds(catalog)) {
    for (const [partition, given] of [[kind.partition, kind.grants] as const, ...Object.entries(kind.otherPartitions)]) {
      for (const grant of given[fn] ?? []) if (!access[grant].includes(partition)) access[grant].push(partition);
    }
  }
  return access;
}
