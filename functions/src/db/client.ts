import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/** What every repository needs: the document client and the table name. */
export interface Db {
  doc: DynamoDBDocumentClient;
  table: string;
}

export interface DbOptions {
  table: string;
  /** DynamoDB Local or any other endpoint; unset means AWS. */
  endpoint?: string;
  region?: string;
}

export function createDb({ table, endpoint, region }: DbOptions): Db {
  const client = new DynamoDBClient({
    region: region ?? process.env.AWS_REGION ?? 'ap-south-1',
    ...(endpoint
      ? { endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }
      : {}),
    maxAttempts: 3,
  });
  const doc = DynamoDBDocumentClient.from(client, {
    marshallOptions: { removeUndefinedValues: true, convertEmptyValues: false },
  });
  return { doc, table };
}

/** Reads the DynamoDB settings a host was started with. */
export function dbFromEnv(env: NodeJS.ProcessEnv = process.env): Db {
  const table = env.TABLE_NAME;
  if (!table) throw new Error('TABLE_NAME is not set');
  return createDb({ table, endpoint: env.DYNAMODB_ENDPOINT || undefined, region: env.AWS_REGION });
}
