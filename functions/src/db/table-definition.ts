/**
 * The single table's key schema, written once. The local bootstrap creates the
 * table from it and the CDK app imports it, so both always agree. Plain data:
 * no SDK types, so infra can import it without pulling the SDK in.
 */
export const TABLE_DEFINITION = {
  partitionKey: 'pk',
  sortKey: 'sk',
  globalSecondaryIndexes: [
    { indexName: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
    { indexName: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
    { indexName: 'gsi3', partitionKey: 'gsi3pk', sortKey: 'gsi3sk' },
  ],
  /** Epoch seconds after which DynamoDB deletes the item (sessions, rate-limit windows). */
  timeToLiveAttribute: 'expiresAt',
} as const;

export type IndexName = (typeof TABLE_DEFINITION.globalSecondaryIndexes)[number]['indexName'];
