import { TABLE_DEFINITION } from '../../src/db/table-definition';
import type { RouteLambda } from '../../src/lib/route-access';

/**
 * A small evaluator of the functions' DynamoDB policies, shared by the infra
 * tests (which keep each role's snapshot equal to the synthesized template) and
 * the API tests (which replay every DynamoDB call each function makes against
 * its role). Plain data and functions: no CDK, no SDK.
 *
 * It evaluates what these statements use, as IAM does, and refuses anything
 * else (an unknown condition operator fails the check instead of passing):
 * - Action (exact, or with `*`), Resource as 'table' or 'index/<name>'.
 * - ForAllValues:StringLike over dynamodb:LeadingKeys (true on an empty set, as in IAM),
 *   Null (the key present or absent), StringEquals and StringEqualsIfExists.
 * - An explicit Deny wins over any Allow; no Allow is a deny.
 */

/** A function with a role of its own: the API functions, and the Jobs function (backups, daily jobs, data upgrades). */
export type FunctionName = RouteLambda | 'jobs';

/**
 * The file (under infra/) that keeps each function role's DynamoDB statements as synthesized:
 * infra/src/constructs/function-roles.test.ts checks each equals the template (and refreshes
 * them with UPDATE_POLICY_SNAPSHOT=1); the API tests replay each function's calls against it.
 */
export const ROLE_POLICY_FILES: Record<FunctionName, string> = {
  public: 'public-role-policy.json',
  admin: 'admin-role-policy.json',
  pdf: 'pdf-role-policy.json',
  auth: 'auth-role-policy.json',
  clientLink: 'client-link-role-policy.json',
  jobs: 'jobs-role-policy.json',
};

/** One statement as the snapshots (infra/<function>-role-policy.json) hold it. */
export interface SnapshotStatement {
  sid: string;
  effect: 'Allow' | 'Deny';
  actions: string[];
  /** 'table' or 'index/<name>' (or 'index/*'). */
  resources: string[];
  conditions: Record<string, Record<string, string | string[]>>;
}

export interface PolicySnapshot {
  /** How to refresh the file, for whoever reads it. */
  note: string;
  /** The routes API Gateway sends to the function ("GET /api/projects/{id}"); none for the Jobs function. */
  routes: string[];
  statements: SnapshotStatement[];
}

/** One request as IAM authorizes it: a transaction or batch is one of these per item. */
export interface IamRequest {
  action: string;
  /** 'table' or 'index/<name>'; 'other-table' for a table that is not the app's. */
  resource: string;
  /** dynamodb:LeadingKeys: the partition key values the request touches. */
  leadingKeys: string[];
  /** dynamodb:ReturnValues, when the request sets it. */
  returnValues?: string;
}

/** Each pattern's expression, made once: every DynamoDB call of every API test is checked. */
const patterns = new Map<string, RegExp>();

/** IAM StringLike: `*` matches any run of characters, `?` one character. */
export function stringLike(pattern: string, value: string): boolean {
  let regex = patterns.get(pattern);
  if (!regex) {
    const source = pattern.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.');
    regex = new RegExp(`^${source}$`);
    patterns.set(pattern, regex);
  }
  return regex.test(value);
}

const asArray = <T>(value: T | T[]): T[] => (Array.isArray(value) ? value : [value]);

/** The request's value(s) of a condition key; undefined when the request has none. */
function contextValues(request: IamRequest, key: string): string[] | undefined {
  if (key === 'dynamodb:LeadingKeys') return request.leadingKeys.length > 0 ? request.leadingKeys : undefined;
  if (key === 'dynamodb:ReturnValues') return request.returnValues === undefined ? undefined : [request.returnValues];
  return undefined;
}

function conditionHolds(operator: string, key: string, expected: string | string[], request: IamRequest): boolean {
  const values = contextValues(request, key);
  const wanted = asArray(expected);
  switch (operator) {
    case 'ForAllValues:StringLike':
      return (values ?? []).every((value) => wanted.some((pattern) => stringLike(pattern, value)));
    case 'Null':
      return (values === undefined) === (String(expected) === 'true');
    case 'StringEquals':
      return values !== undefined && values.every((value) => wanted.includes(value));
    case 'StringEqualsIfExists':
      return values === undefined || values.every((value) => wanted.includes(value));
    default:
      throw new Error(`condition operator ${operator} is not evaluated here: extend test/iam/policy.ts`);
  }
}

function statementMatches(statement: SnapshotStatement, request: IamRequest): boolean {
  if (!statement.actions.some((action) => stringLike(action, request.action))) return false;
  if (!statement.resources.some((resource) => stringLike(resource, request.resource))) return false;
  return Object.entries(statement.conditions).every(([operator, byKey]) =>
    Object.entries(byKey).every(([key, expected]) => conditionHolds(operator, key, expected, request)),
  );
}

/** Whether the statements allow the request: some Allow matches and no Deny does. */
export function allows(statements: SnapshotStatement[], request: IamRequest): boolean {
  const matching = statements.filter((statement) => statementMatches(statement, request));
  return matching.some((s) => s.effect === 'Allow') && !matching.some((s) => s.effect === 'Deny');
}

/** `action resource [keys] ReturnValues` in one line, for failure messages. */
export function describeRequest(request: IamRequest): string {
  const returns = request.returnValues === undefined ? '' : ` ReturnValues=${request.returnValues}`;
  return `${request.action} ${request.resource} [${request.leadingKeys.join(', ')}]${returns}`;
}

// --- From a DynamoDB call (low-level input, attribute values marshalled) to the requests IAM authorizes.

type AttributeValue = { S?: string; N?: string; B?: unknown };
type Marshalled = Record<string, AttributeValue>;
// The low-level input of any DynamoDB command, as the SDK middleware sees it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Input = Record<string, any>;

const partitionKeyOf = (index?: string): string => {
  if (!index) return TABLE_DEFINITION.partitionKey;
  const found = TABLE_DEFINITION.globalSecondaryIndexes.find((gsi) => gsi.indexName === index);
  if (!found) throw new Error(`unknown index ${index}`);
  return found.partitionKey;
};

const scalar = (value: AttributeValue | undefined): string | undefined => value?.S ?? value?.N;

/** The partition key value a Query's KeyConditionExpression names (`pk = :pk`, `#pk = :v`...). */
function queryPartition(input: Input): string | undefined {
  const partitionKey = partitionKeyOf(input.IndexName);
  const names: Record<string, string> = input.ExpressionAttributeNames ?? {};
  const values: Marshalled = input.ExpressionAttributeValues ?? {};
  for (const match of String(input.KeyConditionExpression ?? '').matchAll(/([#\w]+)\s*=\s*(:\w+)/g)) {
    const attribute = match[1]!.startsWith('#') ? names[match[1]!] : match[1];
    if (attribute === partitionKey) return scalar(values[match[2]!]);
  }
  return undefined;
}

/**
 * The requests IAM authorizes for one DynamoDB call. TransactWriteItems is
 * authorized per item against PutItem, UpdateItem, DeleteItem or
 * ConditionCheckItem; TransactGetItems per item against GetItem; batches per
 * item against BatchGetItem / BatchWriteItem; a Query on an index against the
 * index ARN with the index's partition key value as the leading key.
 * A transaction item that asks for the old item back when its condition fails
 * (ReturnValuesOnConditionCheckFailure ALL_OLD) counts as a write returning
 * values: it would read the item.
 */
export function iamRequestsOf(commandName: string, input: Input, table: string): IamRequest[] {
  const resourceOf = (tableName: unknown, index?: string) =>
    tableName !== table ? 'other-table' : index ? `index/${index}` : 'table';
  const keysOf = (key: Marshalled | undefined) => {
    const pk = scalar(key?.[TABLE_DEFINITION.partitionKey]);
    return pk === undefined ? [] : [pk];
  };
  const returning = (entry: Input) =>
    entry.ReturnValues ?? (entry.ReturnValuesOnConditionCheckFailure === 'ALL_OLD' ? 'ALL_OLD' : undefined);
  const single = (action: string, entry: Input, key: Marshalled | undefined): IamRequest => {
    const returnValues = returning(entry);
    return { action, resource: resourceOf(entry.TableName), leadingKeys: keysOf(key), ...(returnValues ? { returnValues } : {}) };
  };
  const action = commandName.replace(/Command$/, '');
  switch (action) {
    case 'GetItem':
    case 'DeleteItem':
    case 'UpdateItem':
      return [single(`dynamodb:${action}`, input, input.Key)];
    case 'PutItem':
      return [single('dynamodb:PutItem', input, input.Item)];
    case 'Query': {
      const pk = queryPartition(input);
      return [{ action: 'dynamodb:Query', resource: resourceOf(input.TableName, input.IndexName), leadingKeys: pk === undefined ? [] : [pk] }];
    }
    case 'Scan':
      return [{ action: 'dynamodb:Scan', resource: resourceOf(input.TableName, input.IndexName), leadingKeys: [] }];
    case 'TransactWriteItems':
      return (input.TransactItems as Input[]).map((item) => {
        if (item.Put) return single('dynamodb:PutItem', item.Put, item.Put.Item);
        if (item.Update) return single('dynamodb:UpdateItem', item.Update, item.Update.Key);
        if (item.Delete) return single('dynamodb:DeleteItem', item.Delete, item.Delete.Key);
        if (item.ConditionCheck) return single('dynamodb:ConditionCheckItem', item.ConditionCheck, item.ConditionCheck.Key);
        throw new Error(`unknown transaction entry ${Object.keys(item).join()}`);
      });
    case 'TransactGetItems':
      return (input.TransactItems as Input[]).map((item) => single('dynamodb:GetItem', item.Get, item.Get.Key));
    case 'BatchGetItem':
      return Object.entries(input.RequestItems as Record<string, { Keys: Marshalled[] }>).flatMap(([tableName, { Keys }]) =>
        Keys.map((key) => ({ action: 'dynamodb:BatchGetItem', resource: resourceOf(tableName), leadingKeys: keysOf(key) })),
      );
    case 'BatchWriteItem':
      return Object.entries(input.RequestItems as Record<string, Input[]>).flatMap(([tableName, requests]) =>
        requests.map((request) => ({
          action: 'dynamodb:BatchWriteItem',
          resource: resourceOf(tableName),
          leadingKeys: keysOf(request.PutRequest?.Item ?? request.DeleteRequest?.Key),
        })),
      );
    default:
      // DescribeTable, CreateTable...: no item, no leading key (a LeadingKeys-limited role cannot call it).
      return [{ action: `dynamodb:${action}`, resource: resourceOf(input.TableName), leadingKeys: [] }];
  }
}
