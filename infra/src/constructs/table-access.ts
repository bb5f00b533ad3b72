import { RemovalPolicy, Stack } from 'aws-cdk-lib';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { AccountRootPrincipal, PolicyDocument, PolicyStatement, type Role } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import type { Construct } from 'constructs';
import { keyAccess } from '@app/functions/db/kind';
import { TABLE_DEFINITION } from '@app/functions/db/table-definition';
import { PDF_KEY_ACCESS } from '@app/functions/handlers/pdf-access';
import { kinds } from '@app/functions/kinds';
import { PII_ENCRYPTION_CONTEXT } from '@app/functions/secrets/field-crypto';

/*
 * What each function's role may do in the table, and who may use the PII key: the grants the
 * Api construct (api.ts) gives its roles, each function's DynamoDB statements as
 * infra/<function>-role-policy.json keeps them (function-roles.test.ts).
 */

/**
 * Partition keys the public function may touch, as IAM StringLike patterns
 * over the prefixes of functions/src/db/keys.ts, from the definitions' grants
 * (`public`, functions/src/kinds.ts). `read`: GetItem of the website's content.
 * `queryGsi1`: Query of the gsi1 partitions the public list routes read.
 * `leadLookup`: GetItem for lead capture ("does a lead own this phone number
 * already?"). `write`: PutItem/UpdateItem (also inside TransactWriteItems),
 * returning nothing: lead capture (submission, lead, its timeline entries under
 * LEAD#, the phone marker, the lead counters under STATS, the lead's search
 * tokens, its audit entry and its outbox item) and the blog view beacon's daily
 * view marker. `rateLimit`: UpdateItem of the per-IP rate-limit windows, which
 * return their new count. `viewCount`: the beacon's UpdateItem of one shard of
 * a post's view count (never the post), returning nothing. `conditionCheck`:
 * the ConditionCheck of a transaction (the beacon's check that the slug still
 * names the post), which writes nothing.
 */
export const PUBLIC_KEY_ACCESS = keyAccess(kinds, 'public');

/**
 * Partition keys the auth function may touch (signing in, requesting access, who is signed in),
 * by grant (functions/src/db/kind.ts FUNCTION_GRANTS): `read` GetItem; `write` PutItem/UpdateItem
 * returning nothing; `delete` DeleteItem returning nothing; `count` UpdateItem that may return the
 * counts it changed. From the definitions' `auth` grants.
 */
export const AUTH_KEY_ACCESS = keyAccess(kinds, 'auth');
/** Partition keys the client-link function may touch (a quote's share link and the client's answer), as AUTH_KEY_ACCESS without deletes. */
export const CLIENT_LINK_KEY_ACCESS = keyAccess(kinds, 'clientLink');

/** What each grant of the auth and client-link roles allows: its actions, and what they may hand back (dynamodb:ReturnValues). */
const ITEM_GRANTS: Record<'read' | 'write' | 'delete' | 'count', { sid: string; actions: string[]; returnValues?: string[] }> = {
  read: { sid: 'Reads', actions: ['dynamodb:GetItem'] },
  // A write may not hand back what it replaced or changed: write access must not become a way to read.
  write: { sid: 'Writes', actions: ['dynamodb:PutItem', 'dynamodb:UpdateItem'], returnValues: ['NONE'] },
  delete: { sid: 'Deletes', actions: ['dynamodb:DeleteItem'], returnValues: ['NONE'] },
  // Counters (lockouts, rate-limit windows) hand back the counts they changed.
  count: { sid: 'Counters', actions: ['dynamodb:UpdateItem'], returnValues: ['NONE', 'UPDATED_NEW'] },
};

/** IAM conditions limiting a statement to items whose partition key matches one of `patterns` (and to requests that name one). */
const onlyPartitions = (patterns: readonly string[]) => ({
  'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [...patterns] },
  Null: { 'dynamodb:LeadingKeys': 'false' },
});

/**
 * The item actions of the admin and Jobs roles, on any key: no Scan and no BatchWriteItem
 * (only the Jobs function's backup and restore use them, JOBS_BULK_ACTIONS), no stream or
 * table-level action. Transactions are authorized item by item against these.
 */
const ITEM_ACTIONS = [
  'dynamodb:GetItem',
  'dynamodb:BatchGetItem',
  'dynamodb:Query',
  'dynamodb:ConditionCheckItem',
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
];
/** The backup's parallel Scan and the restore's BatchWriteItem (functions/src/jobs/backup.ts): the Jobs function only. */
export const JOBS_BULK_ACTIONS = ['dynamodb:Scan', 'dynamodb:BatchWriteItem'];

/**
 * What the key administrators may do with the PII key: manage it (its policy, rotation, aliases,
 * tags, deletion), never use it: no Encrypt, Decrypt, GenerateDataKey, ReEncrypt, and no CreateGrant
 * (a grant would let its grantee use it).
 */
export const PII_KEY_ADMIN_ACTIONS = [
  'kms:CancelKeyDeletion',
  'kms:CreateAlias',
  'kms:DeleteAlias',
  'kms:Describe*',
  'kms:DisableKey',
  'kms:DisableKeyRotation',
  'kms:EnableKey',
  'kms:EnableKeyRotation',
  'kms:Get*',
  'kms:List*',
  'kms:PutKeyPolicy',
  'kms:RevokeGrant',
  'kms:RotateKeyOnDemand',
  'kms:ScheduleKeyDeletion',
  'kms:TagResource',
  'kms:UntagResource',
  'kms:UpdateAlias',
  'kms:UpdateKeyDescription',
];

/**
 * Item access to the whole table, for the admin and Jobs roles: ITEM_ACTIONS on the table,
 * Query on its indexes, and `extra` actions on the table (the Jobs function's Scan and BatchWriteItem).
 */
export function grantWholeTableItems(role: Role, table: ITableV2, extra: readonly string[] = []) {
  role.addToPrincipalPolicy(new PolicyStatement({ sid: 'TableItems', actions: ITEM_ACTIONS, resources: [table.tableArn] }));
  role.addToPrincipalPolicy(new PolicyStatement({ sid: 'TableIndexQueries', actions: ['dynamodb:Query'], resources: [`${table.tableArn}/index/*`] }));
  if (extra.length > 0) role.addToPrincipalPolicy(new PolicyStatement({ sid: 'TableBulkReadsAndWrites', actions: [...extra], resources: [table.tableArn] }));
}

/**
 * A narrowed role's DynamoDB access, grant by grant (ITEM_GRANTS), each limited to its
 * partitions through dynamodb:LeadingKeys as the public role's is (see grantPublicTableAccess):
 * items of the table only, no Query, no Scan, no index, no batch.
 */
export function grantItemAccess(role: Role, table: ITableV2, sidPrefix: string, access: Partial<Record<keyof typeof ITEM_GRANTS, string[]>>) {
  for (const [grant, { sid, actions, returnValues }] of Object.entries(ITEM_GRANTS)) {
    const partitions = access[grant as keyof typeof ITEM_GRANTS];
    if (!partitions || partitions.length === 0) continue;
    role.addToPrincipalPolicy(
      new PolicyStatement({
        sid: `${sidPrefix}${sid}`,
        actions,
        resources: [table.tableArn],
        conditions: {
          ...onlyPartitions(partitions),
          ...(returnValues ? { StringEqualsIfExists: { 'dynamodb:ReturnValues': returnValues } } : {}),
        },
      }),
    );
  }
}

/**
 * The KMS key of employees' personal data (see `piiKey`), with its own key policy instead of CDK's
 * default (which gives the account root `kms:*`, so any IAM policy of the account could use it):
 * `users` may GenerateDataKey and Decrypt for the encryption context field-crypto.ts binds every
 * data key to (PII_ENCRYPTION_CONTEXT), and the account's key administrators (principals its IAM
 * policies allow key administration, such as the CloudFormation deploy role) may manage it but not
 * use it (PII_KEY_ADMIN_ACTIONS). KMS refuses a key policy its creator could not change again,
 * so administration stays with the account.
 */
export function piiDataKey(scope: Construct, users: Role[]): Key {
  const key = new Key(scope, 'PiiKey', {
    description: "Wraps the data keys of employees' personal data (Aadhaar, PAN, bank account) and two-factor secrets; used by the admin and sign-in functions only",
    enableKeyRotation: true,
    alias: `alias/${Stack.of(scope).stackName}/employee-pii`,
    removalPolicy: RemovalPolicy.RETAIN,
    policy: new PolicyDocument({
      statements: [
        new PolicyStatement({
          sid: 'KeyAdministration',
          principals: [new AccountRootPrincipal()],
          actions: PII_KEY_ADMIN_ACTIONS,
          resources: ['*'],
        }),
        new PolicyStatement({
          sid: 'EmployeePiiDataKeys',
          principals: users.map((role) => role.grantPrincipal),
          actions: ['kms:GenerateDataKey', 'kms:Decrypt'],
          resources: ['*'],
          conditions: { StringEquals: { 'kms:EncryptionContext:purpose': PII_ENCRYPTION_CONTEXT.purpose } },
        }),
      ],
    }),
  });
  return key;
}

/**
 * The PDF role's DynamoDB access (PDF_KEY_ACCESS, through dynamodb:LeadingKeys as for the
 * public role): GetItem of the items the PDF routes read, and UpdateItem/DeleteItem of staff
 * sessions, returning nothing. No Query, no Scan, no index, no other write.
 */
export function grantPdfTableAccess(role: Role, table: ITableV2) {
  const onlyKeys = (patterns: readonly string[]) => ({
    'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [...patterns] },
    Null: { 'dynamodb:LeadingKeys': 'false' },
  });
  role.addToPrincipalPolicy(
    new PolicyStatement({
      sid: 'PdfReads',
      actions: ['dynamodb:GetItem'],
      resources: [table.tableArn],
      conditions: onlyKeys(PDF_KEY_ACCESS.read),
    }),
  );
  role.addToPrincipalPolicy(
    new PolicyStatement({
      sid: 'PdfStaffSessions',
      actions: ['dynamodb:UpdateItem', 'dynamodb:DeleteItem'],
      resources: [table.tableArn],
      conditions: { ...onlyKeys(PDF_KEY_ACCESS.sessions), StringEqualsIfExists: { 'dynamodb:ReturnValues': ['NONE'] } },
    }),
  );
}

/**
 * The public role's DynamoDB access, item by item through dynamodb:LeadingKeys.
 *
 * How LeadingKeys applies to index queries (checked in the DynamoDB developer
 * guide, "Using IAM policy conditions for fine-grained access control"): the
 * key is "the first key attribute of a table, the partition key", taken from
 * the request, and the guide's examples put the same LeadingKeys condition on
 * a table ARN and on an index ARN alike. A Query on an index carries one
 * partition key value, the index's (gsi1pk = :pk), and the request is
 * authorized against the index resource. So the index statement lists gsi1
 * partition values and names the gsi1 ARN only: no other index, no table Query.
 * The guide does not spell the index case out in so many words, so the
 * statement also requires the key to be present (Null = false): if AWS ever
 * evaluated index queries without leading keys, ForAllValues would be true on
 * an empty set and allow every gsi1 partition (LEADS, ESTIMATES, ...); with
 * the Null check such a request is denied instead. Transactions are checked
 * per item against PutItem/UpdateItem, with each item's own partition key.
 * What LeadingKeys cannot stop: a conditional write can still probe whether an
 * item it may write exists; the role keeps that to the partitions above.
 */
export function grantPublicTableAccess(role: Role, table: ITableV2) {
  const gsi1 = TABLE_DEFINITION.globalSecondaryIndexes.find((index) => index.indexName === 'gsi1');
  if (!gsi1) throw new Error('table definition has no gsi1');
  const onlyKeys = (patterns: readonly string[]) => ({
    'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [...patterns] },
    Null: { 'dynamodb:LeadingKeys': 'false' },
  });
  const statements = [
    new PolicyStatement({
      sid: 'PublicContentReads',
      actions: ['dynamodb:GetItem'],
      resources: [table.tableArn],
      conditions: onlyKeys(PUBLIC_KEY_ACCESS.read),
    }),
    new PolicyStatement({
      sid: 'PublicListQueries',
      actions: ['dynamodb:Query'],
      resources: [`${table.tableArn}/index/${gsi1.indexName}`],
      conditions: onlyKeys(PUBLIC_KEY_ACCESS.queryGsi1),
    }),
    new PolicyStatement({
      sid: 'LeadCapturePhoneLookup',
      actions: ['dynamodb:GetItem'],
      resources: [table.tableArn],
      conditions: onlyKeys(PUBLIC_KEY_ACCESS.leadLookup),
    }),
    new PolicyStatement({
      sid: 'LeadCaptureWrites',
      actions: ['dynamodb:PutItem', 'dynamodb:UpdateItem'],
      resources: [table.tableArn],
      conditions: {
        ...onlyKeys(PUBLIC_KEY_ACCESS.write),
        // A write may not hand back what it replaced or changed (ALL_OLD, UPDATED_NEW, ...):
        // write access to LEAD# must not become a way to read leads.
        StringEqualsIfExists: { 'dynamodb:ReturnValues': ['NONE'] },
      },
    }),
    new PolicyStatement({
      sid: 'BlogViewCounts',
      actions: ['dynamodb:UpdateItem'],
      resources: [table.tableArn],
      conditions: { ...onlyKeys(PUBLIC_KEY_ACCESS.viewCount), StringEqualsIfExists: { 'dynamodb:ReturnValues': ['NONE'] } },
    }),
    new PolicyStatement({
      sid: 'TransactionChecks',
      actions: ['dynamodb:ConditionCheckItem'],
      resources: [table.tableArn],
      conditions: onlyKeys(PUBLIC_KEY_ACCESS.conditionCheck),
    }),
    new PolicyStatement({
      sid: 'RateLimitCounters',
      actions: ['dynamodb:UpdateItem'],
      resources: [table.tableArn],
      conditions: {
        ...onlyKeys(PUBLIC_KEY_ACCESS.rateLimit),
        StringEqualsIfExists: { 'dynamodb:ReturnValues': ['NONE', 'UPDATED_NEW'] },
      },
    }),
  ];
  for (const statement of statements) role.addToPrincipalPolicy(statement);
}
