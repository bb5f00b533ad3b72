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
  /** Overrides of DB_TIMEOUTS (tests). */
  timeouts?: Partial<typeof DB_TIMEOUTS>;
}

/**
 * How long a DynamoDB call may take. A database that refuses connections, or
 * accepts them and never answers, fails the call in seconds (the app answers
 * 503), instead of holding the request until the Lambda times out. A
 * frozen table costs at most maxAttempts x requestTimeoutMs (plus the SDK's
 * short backoff): about 6 s, under the app's request deadlines (8 s public, 12 s staff; app.ts) and the
 * functions' timeouts (10 s public, 15 s admin; infra/src/constructs/api.ts).
 */
export const DB_TIMEOUTS = {
  /** Establishing the TCP connection. */
  connectionTimeoutMs: 1_000,
  /** Sending the request and reading the whole answer, per attempt. */
  requestTimeoutMs: 3_000,
  /** Attempts per call, the first included (retries cover throttling and a lost connection). */
  maxAttempts: 2,
};

export function createDb({ table, endpoint, region, timeouts }: DbOptions): Db {
  const { connectionTimeoutMs, requestTimeoutMs, maxAttempts } = { ...DB_TIMEOUTS, ...timeouts };
  const client = new DynamoDBClient({
    region: region ?? process.env.AWS_REGION ?? 'ap-south-1',
    ...(endpoint
      ? { endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }
      : {}),
    maxAttempts,
    // NodeHttpHandler's options: without throwOnRequestTimeout a late answer is only logged.
    requestHandler: { connectionTimeout: connectionTimeoutMs, requestTimeout: requestTimeoutMs, throwOnRequestTimeout: true },
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
