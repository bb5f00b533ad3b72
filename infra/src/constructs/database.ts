import { RemovalPolicy } from 'aws-cdk-lib';
import { AttributeType, Billing, type ITableV2, TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';
import { TABLE_DEFINITION } from '@app/functions/db/table-definition';

export interface DatabaseProps {
  /** Keep the table when the stack goes (RETAIN + deletion protection); false only for throw-away stages. */
  readonly retainData: boolean;
  /**
   * Run the stage on this table instead of the stack's own: a table restored to a point in time
   * by infra/scripts/pitr-restore.ts (config restoredTableName). The stack's own table stays as it
   * is (kept, untouched); unsetting this goes back to it.
   */
  readonly restoredTableName?: string;
}

/**
 * The single table, built from the key schema the local host also creates its
 * table from (functions/src/db/table-definition.ts), so the two cannot drift.
 * After a point-in-time restore the stage can run on the restored table instead
 * (`restoredTableName`): the functions, their grants and the alarms all follow `table`.
 */
export class Database extends Construct {
  /** The table the stage runs on: the stack's own, or the restored one the config names. */
  readonly table: ITableV2;
  /** The table this stack creates and keeps (RETAIN outside throw-away stages), in use or not. */
  readonly ownTable: TableV2;

  constructor(scope: Construct, id: string, props: DatabaseProps) {
    super(scope, id);
    const { partitionKey, sortKey, globalSecondaryIndexes, timeToLiveAttribute } = TABLE_DEFINITION;
    this.ownTable = new TableV2(this, 'Table', {
      partitionKey: { name: partitionKey, type: AttributeType.STRING },
      sortKey: { name: sortKey, type: AttributeType.STRING },
      globalSecondaryIndexes: globalSecondaryIndexes.map((index) => ({
        indexName: index.indexName,
        partitionKey: { name: index.partitionKey, type: AttributeType.STRING },
        sortKey: { name: index.sortKey, type: AttributeType.STRING },
      })),
      billing: Billing.onDemand(),
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      timeToLiveAttribute,
      deletionProtection: props.retainData,
      removalPolicy: props.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    // A restored table is not this stack's: it has the settings pitr-restore.ts gave it (TTL, PITR, deletion protection, tags).
    this.table = props.restoredTableName
      ? TableV2.fromTableAttributes(this, 'RestoredTable', { tableName: props.restoredTableName, grantIndexPermissions: true })
      : this.ownTable;
  }
}
