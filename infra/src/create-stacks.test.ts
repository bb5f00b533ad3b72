import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { App } from 'aws-cdk-lib';
import { Annotations, Match, type Template } from 'aws-cdk-lib/assertions';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '@app/functions/app';
import type { Db } from '@app/functions/db/client';
import { keys } from '@app/functions/db/keys';
import { TABLE_DEFINITION } from '@app/functions/db/table-definition';
import { companyLogoKey, employeePhotoKey, employeeStagingKey } from '@app/functions/photos/photo-storage';
import { BACKUP_RETENTION_DAYS } from '@app/functions/backup/backup-storage';
import { cdkJsonContext, fakeWebDist, removeTempDirs, synthesize, type Synthesized } from '../test/synth';
import { DEFAULT_ADMIN_CONCURRENCY, DEFAULT_JOBS_CONCURRENCY, DEFAULT_PUBLIC_CONCURRENCY, parseConfig } from './config';
import { PDF_KEY_ACCESS } from '@app/functions/handlers/pdf-access';
import { PUBLIC_KEY_ACCESS } from './constructs/table-access';
import { ADMIN_ROUTE, ADMIN_ROUTES_BESIDE_PUBLIC, PAGE_ROUTES, PDF_ROUTES, PUBLIC_API_ROUTES, PUBLIC_ROUTES } from './constructs/api-routes';
import { contentSecurityPolicy, securityHeaders, SECURITY_HEADERS } from '@app/functions/lib/security-headers';
import { API_PATHS, PRIVATE_PREFIX, SITE_FILE_PATHS, SPA_PATHS, SPA_REWRITE_CODE, STAGING_PREFIX, UPLOADS_PREFIX } from './constructs/web';
import { createStacks } from './create-stacks';
import { logicalId } from './nag';
import { allows, stringLike, type SnapshotStatement } from '../../functions/test/iam/policy';
import { policyStatementsOf, snapshotStatementsOf } from '../test/role-policy';

// CloudFormation JSON as the template holds it: the assertions below check its shape.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Cfn = any;
type Resource = { Type: string; Properties: Cfn; DeletionPolicy?: string; UpdateReplacePolicy?: string; Metadata?: Cfn };

const certificateArn = 'arn:aws:acm:us-east-1:123456789012:certificate/0f3c5a4e-1111-4222-8333-944455556666';
let dev: Synthesized;
let prod: Synthesized;

afterAll(removeTempDirs);

beforeAll(() => {
  // Templates only: esbuild bundling is exercised by lambda-bundles.test.ts.
  dev = synthesize({ stage: 'dev', bundle: false });
  prod = synthesize({
    stage: 'prod',
    domainName: 'www.kaveri-studio.in',
    certificateArn,
    alarmEmail: 'ops@kaveri-studio.in',
    bundle: false,
  });
});

const resources = (template: Template, type: string): [string, Resource][] =>
  Object.entries(template.findResources(type) as Record<string, Resource>);

const only = (template: Template, type: string): Resource => {
  const found = resources(template, type);
  expect(found).toHaveLength(1);
  return found[0]![1];
};

const asArray = <T>(value: T | T[]): T[] => (Array.isArray(value) ? value : [value]);

/**
 * Whether the public role's DynamoDB statements allow `action` on `resource`
 * ('table' or an index name) for an item whose partition key is `leadingKey`
 * (the shared evaluator: action, resource, then every condition).
 */
function publicRoleAllows(statements: SnapshotStatement[], action: string, resource: string, leadingKey: string) {
  return allows(statements, { action, resource: resource === 'table' ? 'table' : `index/${resource}`, leadingKeys: [leadingKey] });
}

describe('synthesis', () => {
  it('synthesizes every stage with zero unacknowledged cdk-nag findings, errors or warnings', () => {
    expect(dev.findings).toEqual([]);
    expect(prod.findings).toEqual([]);
  });

  it('has zero findings too with the account and region the CDK CLI resolves (ARNs then hold literals)', () => {
    const located = synthesize({ stage: 'dev', account: '123456789012', region: 'ap-south-1', bundle: false });
    expect(located.findings).toEqual([]);
  });

  it('leaves no unacknowledged CDK warnings or errors on any construct', () => {
    for (const { stacks } of [dev, prod]) {
      for (const stack of [stacks.stack, stacks.edgeStack, stacks.edgeMonitoringStack]) {
        // One read of a stack's annotations serves both checks (each read goes through the synthesized assembly).
        const annotations = Annotations.fromStack(stack);
        expect(annotations.findWarning('*', Match.anyValue())).toEqual([]);
        expect(annotations.findError('*', Match.anyValue())).toEqual([]);
      }
    }
  }, 90_000);

  it('fails the synth on a cdk-nag finding nobody acknowledged', () => {
    const app = new App({ context: { ...cdkJsonContext(), 'aws:cdk:bundling-stacks': [] } });
    const { stack } = createStacks(app, parseConfig({ stage: 'dev', webDist: fakeWebDist() }));
    new Bucket(stack, 'CarelessBucket'); // no TLS-only policy, no access logs
    expect(() => app.synth()).toThrow(/AwsSolutions-S10/);
  });

  it('records every cdk-nag acknowledgement in the template, each with a written reason', () => {
    const acknowledged = Object.values(prod.template.toJSON().Resources as Record<string, Resource>).flatMap(
      (r) => (r.Metadata?.cdk_nag?.rules_to_suppress ?? []) as { id: string; reason: string }[],
    );
    expect(acknowledged.length).toBeGreaterThan(10);
    for (const { id, reason } of acknowledged) {
      expect(reason, id).toMatch(/\w+ \w+ \w+ \w+/);
    }
  });
});

describe('database', () => {
  it('builds the table from the shared key schema, on demand, with TTL and point-in-time recovery', () => {
    const table = only(prod.template, 'AWS::DynamoDB::GlobalTable');
    expect(table.Properties.KeySchema).toEqual([
      { AttributeName: TABLE_DEFINITION.partitionKey, KeyType: 'HASH' },
      { AttributeName: TABLE_DEFINITION.sortKey, KeyType: 'RANGE' },
    ]);
    expect(table.Properties.GlobalSecondaryIndexes.map((i: { IndexName: string }) => i.IndexName)).toEqual(
      TABLE_DEFINITION.globalSecondaryIndexes.map((i) => i.indexName),
    );
    expect(table.Properties.BillingMode).toBe('PAY_PER_REQUEST');
    expect(table.Properties.TimeToLiveSpecification).toEqual({
      AttributeName: TABLE_DEFINITION.timeToLiveAttribute,
      Enabled: true,
    });
    expect(table.Properties.Replicas[0].PointInTimeRecoverySpecification).toEqual({ PointInTimeRecoveryEnabled: true });
  });

  it('keeps the prod table: deletion protection and RETAIN', () => {
    const table = only(prod.template, 'AWS::DynamoDB::GlobalTable');
    expect(table.Properties.Replicas[0].DeletionProtectionEnabled).toBe(true);
    expect(table.DeletionPolicy).toBe('Retain');
    expect(table.UpdateReplacePolicy).toBe('Retain');
    expect(prod.stacks.stack.terminationProtection).toBe(true);
  });

  it('lets a dev stage be torn down with its table', () => {
    const table = only(dev.template, 'AWS::DynamoDB::GlobalTable');
    expect(table.Properties.Replicas[0].DeletionProtectionEnabled).toBe(false);
    expect(table.DeletionPolicy).toBe('Delete');
    expect(only(dev.template, 'AWS::DynamoDB::GlobalTable').Properties.Replicas[0].PointInTimeRecoverySpecification)
      .toEqual({ PointInTimeRecoveryEnabled: true });
  });
});

describe('public function role', () => {
  let statements: Cfn[];
  let dynamoStatements: SnapshotStatement[];
  beforeAll(() => {
    statements = policyStatementsOf(prod.template, logicalId(prod.stacks.api.publicRole));
    dynamoStatements = snapshotStatementsOf(statements, logicalId(prod.stacks.database.table));
  });

  it('touches DynamoDB only through statements limited by dynamodb:LeadingKeys', () => {
    const dynamo = statements.filter((s) => asArray(s.Action).some((a: string) => a.startsWith('dynamodb:')));
    expect(dynamo.map((s) => s.Sid).sort()).toEqual(
      ['BlogViewCounts', 'LeadCapturePhoneLookup', 'LeadCaptureWrites', 'PublicContentReads', 'PublicListQueries', 'RateLimitCounters', 'TransactionChecks'].sort(),
    );
    for (const s of dynamo) {
      expect(s.Condition['ForAllValues:StringLike']['dynamodb:LeadingKeys'].length, s.Sid).toBeGreaterThan(0);
      expect(s.Condition.Null, s.Sid).toEqual({ 'dynamodb:LeadingKeys': 'false' });
    }
    const actions = dynamo.flatMap((s) => asArray(s.Action));
    for (const forbidden of ['dynamodb:Scan', 'dynamodb:DeleteItem', 'dynamodb:BatchGetItem', 'dynamodb:BatchWriteItem']) {
      expect(actions).not.toContain(forbidden);
    }
  });

  it('reads the website content and writes what lead capture stores', () => {
    const allowed: [string, string, string][] = [
      ['dynamodb:GetItem', 'table', keys.settings().pk],
      ['dynamodb:GetItem', 'table', keys.project('p1').pk],
      ['dynamodb:GetItem', 'table', keys.blogPost('b1').pk],
      ['dynamodb:GetItem', 'table', keys.blogSlug('a-post').pk],
      ['dynamodb:GetItem', 'table', keys.projectSlug('a-villa').pk],
      ['dynamodb:Query', 'gsi1', keys.publicProjects()],
      ['dynamodb:Query', 'gsi1', keys.blogPostsByStatus('published')],
      ['dynamodb:GetItem', 'table', keys.leadPhone('919988776655').pk],
      ['dynamodb:PutItem', 'table', keys.estimate('e1').pk],
      ['dynamodb:PutItem', 'table', keys.contactSubmission('c1').pk],
      ['dynamodb:PutItem', 'table', keys.lead('l1').pk],
      ['dynamodb:PutItem', 'table', keys.leadCommunication('l1', '2026-01-01T00:00:00Z', 'x').pk],
      ['dynamodb:PutItem', 'table', keys.leadPhone('919988776655').pk],
      ['dynamodb:UpdateItem', 'table', keys.lead('l1').pk],
      ['dynamodb:PutItem', 'table', keys.searchToken('Lead', 'ravi', 'x').pk],
      ['dynamodb:PutItem', 'table', keys.auditEntry('l1', 'x').pk],
      ['dynamodb:UpdateItem', 'table', keys.estimate('e1').pk],
      ['dynamodb:UpdateItem', 'table', keys.rateLimit('public-form', '203.0.113.7', 1).pk],
      // The blog view beacon: its marker, a shard of the post's count (an UpdateItem returning nothing),
      // and its check that the slug still names the post.
      ['dynamodb:PutItem', 'table', keys.blogView('b1', '2026-01-01', 'v').pk],
      ['dynamodb:UpdateItem', 'table', keys.blogViewCount('b1', 3).pk],
      ['dynamodb:ConditionCheckItem', 'table', keys.blogSlug('a-post').pk],
    ];
    for (const [action, resource, key] of allowed) {
      expect(publicRoleAllows(dynamoStatements, action, resource, key), `${action} ${resource} ${key}`).toBe(true);
    }
  });

  it('has no access to any other item: leads, lists, drafts, staff or finance', () => {
    const denied: [string, string, string][] = [
      // Reading CRM data: leads, their timelines and submissions are write-only for the website.
      ['dynamodb:GetItem', 'table', keys.lead('l1').pk],
      ['dynamodb:Query', 'table', keys.lead('l1').pk],
      ['dynamodb:GetItem', 'table', keys.estimate('e1').pk],
      ['dynamodb:Query', 'gsi1', keys.leads()],
      ['dynamodb:Query', 'gsi1', keys.submissions('ESTIMATES', false)],
      ['dynamodb:Query', 'gsi1', keys.submissions('CONTACTS', true)],
      ['dynamodb:Query', 'gsi1', keys.blogPostsByStatus('draft')],
      ['dynamodb:Query', 'gsi2', keys.publicProjects()],
      // Changing the website's content.
      ['dynamodb:PutItem', 'table', keys.settings().pk],
      ['dynamodb:PutItem', 'table', keys.project('p1').pk],
      ['dynamodb:UpdateItem', 'table', keys.project('p1').pk],
      ['dynamodb:PutItem', 'table', keys.blogPost('b1').pk],
      ['dynamodb:DeleteItem', 'table', keys.blogPost('b1').pk],
      // The beacon never writes the post item (~100 KB, in two indexes): its views go to small shards.
      ['dynamodb:UpdateItem', 'table', keys.blogPost('b1').pk],
      ['dynamodb:UpdateItem', 'table', keys.blogSlug('a-post').pk],
      ['dynamodb:ConditionCheckItem', 'table', keys.lead('l1').pk],
      ['dynamodb:GetItem', 'table', keys.blogView('b1', '2026-01-01', 'v').pk],
      // Partitions later issues add for the admin portal.
      ['dynamodb:GetItem', 'table', 'EMPLOYEE#e1'],
      ['dynamodb:GetItem', 'table', 'USER#ops@kaveri-studio.in'],
      ['dynamodb:GetItem', 'table', 'SESSION#s1'],
      ['dynamodb:GetItem', 'table', keys.employee('e1').pk],
      ['dynamodb:GetItem', 'table', keys.employeeEmail('ops@kaveri-studio.in').pk],
      ['dynamodb:PutItem', 'table', keys.session('s1').pk],
      ['dynamodb:Query', 'gsi1', keys.employees()],
      ['dynamodb:GetItem', 'table', 'TRANSACTION#t1'],
      ['dynamodb:PutItem', 'table', 'FINANCE#2026-01'],
      ['dynamodb:GetItem', 'table', 'SEED'],
      ['dynamodb:GetItem', 'table', keys.rateLimit('public-form', '203.0.113.7', 1).pk],
      ['dynamodb:PutItem', 'table', keys.rateLimit('public-form', '203.0.113.7', 1).pk],
      // Search tokens of staff-only entities, and reading the audit log.
      ['dynamodb:PutItem', 'table', keys.searchToken('Vendor', 'ravi', 'x').pk],
      ['dynamodb:Query', 'table', keys.searchToken('Lead', 'ravi', 'x').pk],
      ['dynamodb:Query', 'table', keys.auditEntry('l1', 'x').pk],
      ['dynamodb:Query', 'gsi1', keys.auditLog()],
    ];
    for (const [action, resource, key] of denied) {
      expect(publicRoleAllows(dynamoStatements, action, resource, key), `${action} ${resource} ${key}`).toBe(false);
    }
  });

  it('cannot turn a write into a read of the item it replaced or changed', () => {
    const writes = statements.find((s) => s.Sid === 'LeadCaptureWrites');
    expect(writes?.Condition.StringEqualsIfExists).toEqual({ 'dynamodb:ReturnValues': ['NONE'] });
    // Only the rate-limit counters hand back their new count.
    const counters = statements.find((s) => s.Sid === 'RateLimitCounters');
    expect(counters?.Action).toBe('dynamodb:UpdateItem');
    expect(counters?.Condition.StringEqualsIfExists).toEqual({ 'dynamodb:ReturnValues': ['NONE', 'UPDATED_NEW'] });
    // The view beacon's UpdateItem of a view count shard hands back nothing either.
    const views = statements.find((s) => s.Sid === 'BlogViewCounts');
    expect([views?.Action, views?.Condition.StringEqualsIfExists]).toEqual(['dynamodb:UpdateItem', { 'dynamodb:ReturnValues': ['NONE'] }]);
    expect(publicRoleAllows(dynamoStatements, 'dynamodb:UpdateItem', 'table', keys.blogViewCount('b1', 0).pk)).toBe(true);
    expect(allows(dynamoStatements, { action: 'dynamodb:UpdateItem', resource: 'table', leadingKeys: [keys.blogViewCount('b1', 0).pk], returnValues: 'ALL_NEW' })).toBe(false);
  });

  it('classifies every partition functions/src/db/keys.ts builds (a new one must be placed here)', () => {
    const partitions: Record<string, string> = {};
    const sample = (name: string, built: unknown) => {
      partitions[name] = typeof built === 'string' ? built : (built as { pk: string }).pk;
    };
    for (const [name, build] of Object.entries(keys)) {
      const fn = build as (...args: unknown[]) => unknown;
      if (name === 'submissions') sample(name, fn('ESTIMATES', false));
      else if (name === 'rateLimit') sample(name, fn('public-form', '203.0.113.7', 1));
      else if (name === 'blogPostsByStatus' || name === 'leadsByStatus') sample(name, fn('published'));
      else if (name === 'stats') sample(name, fn('LEADS', 0));
      else if (name === 'searchToken') sample(name, fn('Lead', 'ravi', 'x'));
      else sample(name, fn('x', '2026-01-01T00:00:00Z', 'y'));
    }
    const publicAccess: Record<string, string[]> = {
      settings: ['read'],
      project: ['read'],
      publicProjects: ['queryGsi1'],
      publicProjectSort: [], // a gsi1 sort key, not a partition
      blogPost: ['read'],
      blogSlug: ['read', 'conditionCheck'], // the view beacon checks the slug still names the post
      blogViewCount: ['viewCount'], // a shard of a post's view count: the view beacon adds to one (UpdateItem, returning nothing)
      projectSlug: ['read'],
      blogPostsByStatus: ['queryGsi1'],
      blogPosts: [], // gsi2 list of every post (drafts too): admin only
      blogView: ['write'], // a visitor's daily view marker: claimed by the view beacon
      estimate: ['write'],
      contactSubmission: ['write'],
      submissions: [], // gsi1 lists of submissions: admin only
      lead: ['write'],
      leadPhone: ['leadLookup', 'write'],
      leadCommunication: ['write'],
      leadCommunicationPrefix: [], // a sort key prefix
      leads: [], // gsi1 list of leads: admin only
      leadCreatedSort: [], // a gsi1 sort key
      leadsByStatus: [], // gsi2 lists of leads by status: admin only
      leadFollowUps: [], // gsi3 list of leads by follow-up: admin only
      leadFollowUpSort: [], // a gsi3 sort key
      projects: [], // gsi2 list of every project: admin only
      projectCreatedSort: [], // a sort key of the project lists
      projectsByStatus: [], // gsi3 lists of projects by internal status: admin only
      customer: [], // customers: admin only
      customers: [], // gsi1 list of customers: admin only
      customerNameSort: [], // a gsi1 sort key
      vendor: [], // vendors: admin only
      vendors: [], // gsi1 list of vendors: admin only
      vendorsByCategory: [], // gsi2 lists of vendors by category: admin only
      vendorsByStatus: [], // gsi3 lists of vendors by status: admin only
      vendorNameSort: [], // a sort key of the vendor lists
      stats: ['read', 'write'], // counters: a new website lead counts itself (ADD inside its transaction), and reads who takes leads (issue 26)
      statsPartition: ['read', 'write'], // the same partition, read whole by the admin's counters
      transaction: [], // finance transactions: admin only (managers and above)
      transactionListCopy: [], // a transaction's copies in its filtered lists: admin only
      transactions: [], // gsi1 lists of transactions (all, by type, status, project, vendor, customer): admin only
      transactionDateSort: [], // a gsi1 sort key
      transactionDue: [], // due-date markers of pending transactions (the overdue count): admin only
      transactionsDue: [], // their partition, counted by the summary
      transactionsRecurring: [], // gsi3 list of recurring transactions (the monthly job): admin only
      transactionCounter: [], // readable transaction numbers: admin only
      idempotencyKey: [], // Idempotency-Key markers of POST /api/transactions: admin only
      financeTotal: [], // kept finance totals: admin only
      financeMonth: [], // kept finance month totals: admin only
      financePartition: [], // the same partition, read whole by the summary and reports
      financeProject: [], // a project's kept figures and payment plan: admin only
      stageDemand: [], // a stage's demand marker: admin only
      financeVendor: [], // a vendor's kept ledger: admin only
      attendance: [], // attendance records: staff only
      attendanceAll: [], // gsi1 list of attendance records: staff only
      attendanceByUser: [], // gsi2 lists of one employee's attendance: staff only
      attendanceByStatus: [], // gsi3 lists of attendance by status: staff only
      attendanceSort: [], // a sort key of the attendance lists
      attendanceDay: [], // kept day counts of attendance: staff only
      attendanceDayPartition: [], // their partition, read whole by today's cards
      attendanceMonth: [], // kept month figures per employee (the report): staff only
      attendanceMonthPartition: [], // their partition, read whole by the report
      employee: [], // staff accounts and their password hashes: admin only
      employeeEmail: [], // email marker of a staff account: admin only
      employees: [], // gsi1 list of staff: admin only
      activeSuperadmins: [], // gsi2 list of the active superadmins: admin only
      session: [], // sign-in sessions: admin only
      passwordReset: [], // emailed password reset links (hashed): the auth function only
      twoFactor: [], // an employee's two-factor secret (sealed) and recovery code hashes: admin only
      loginChallenge: [], // sign-ins waiting for their second step: admin only
      rateLimit: ['rateLimit'],
      dataVersion: [], // local start-up bookkeeping
      searchToken: ['write'], // a new website lead writes its search tokens (staff entities' tokens: admin only)
      auditEntry: ['write'], // a new website lead writes its audit entry (never read by the website)
      auditLog: [], // gsi1 list of the audit log: admin only
      auditByEntity: [], // gsi2 lists of the audit log by entity: admin only
      auditByActor: [], // gsi3 lists of the audit log by actor: admin only
      quotation: [], // quotations and their revisions: staff only (the client's link is served by the client-link function)
      quotationRevision: [], // a kept earlier version, in the quotation's partition
      quotationRevisionPrefix: [], // a sort key prefix
      quotations: [], // gsi1 list of quotations: staff only
      quotationsByStatus: [], // gsi2 lists of quotations by status: staff only
      quotationsOpen: [], // gsi3 list of open quotations by validity (the expiry job)
      quotationOpenSort: [], // a gsi3 sort key
      quotationNumber: [], // quotation number markers: staff only
      quotationCounter: [], // the per-fiscal-year number counter: staff only
      quotationLink: [], // share link markers (token hashes): the PDF and client-link functions only
      quotationResponse: [], // the clients' answers: staff only
      quotationResponses: [], // their partition
      rateLibrary: [], // the rate library's partition (quotation lookups, staff only)
      rateLibraryVersion: [], // its version item: staff only
      rateLibraryEntry: [], // its entries: staff only
      rateLibraryName: [], // its name markers: staff only
      backupJob: [], // backup and restore jobs: superadmin only (the admin and Jobs functions)
      backupJobs: [], // gsi1 list of the jobs
      backupsSucceeded: [], // gsi2 list of the successful backups (the schedule)
      backupLock: [], // the one-at-a-time lock of backups and restores
      backupSchedule: [], // when the backup schedule began (the install), until the first backup
      outbox: ['write'], // a new website lead writes its notification event in its transaction (never read by the website)
      outboxByStatus: [], // gsi1 lists of the outbox by status (the sender, the Email tab): admin only
      outboxSort: [], // a gsi1 sort key
      bellNotification: [], // a user's bell notifications: admin only
      bellNotificationPrefix: [], // a sort key prefix
      bellUnread: [], // a user's kept unread count: admin only
      campaignMonth: ['write'], // a month's campaign figures: a new website lead adds to its row (issue 26)
      campaignFigure: ['write'], // one shard of a campaign row's figures
      campaignFigurePrefix: [], // a sort key prefix
      campaignSpendMonth: [], // the spend managers enter, by month: admin only
      campaignSpend: [], // one campaign's spend in a month: admin only
      campaignSpendPrefix: [], // a sort key prefix
      integration: [], // the ad and WhatsApp integrations (sealed secrets, health): the auth and admin functions only
      webhookClaim: [], // a webhook event handled once: written with the lead it made (the admin function's outbox)
      leadRotation: ['read', 'write'], // the takers' turns: a new website lead is assigned in its transaction
      leadAwaitingResponse: ['write'], // a new lead waits for its first response (the SLA check)
      leadsAwaitingResponse: ['write'], // the same partition
      leadFirstResponse: [], // first responses by month (the report): admin only
      packageRule: [], // the calculator's package rules: staff only
      packageRules: [], // their partition
    };
    expect(Object.keys(partitions).sort()).toEqual(Object.keys(publicAccess).sort());
    for (const [name, grants] of Object.entries(publicAccess)) {
      const key = partitions[name]!;
      for (const [grant, patterns] of Object.entries(PUBLIC_KEY_ACCESS)) {
        const matches = patterns.some((pattern) => stringLike(pattern, key));
        expect(matches, `${name} (${key}) in ${grant}`).toBe(grants.includes(grant));
      }
    }
  });
});

describe('admin function role', () => {
  it('reads and writes the table and queries its indexes, reads the JWT secret and writes photos', () => {
    const template = prod.template;
    const statements = policyStatementsOf(template, logicalId(prod.stacks.api.adminRole));
    const tableId = logicalId(prod.stacks.database.table);
    const dynamo = statements.find((s) => asArray(s.Action).includes('dynamodb:PutItem'));
    expect(asArray(dynamo?.Action)).toEqual(expect.arrayContaining(['dynamodb:GetItem', 'dynamodb:Query', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem']));
    expect(dynamo?.Resource).toEqual({ 'Fn::GetAtt': [tableId, 'Arn'] });
    expect(JSON.stringify(statements.find((s) => s.Sid === 'TableIndexQueries')?.Resource)).toContain('/index/*');
    expect(dynamo?.Condition).toBeUndefined();
    const secretId = logicalId(prod.stacks.auth.jwtSigningKey);
    expect(statements).toContainEqual(
      expect.objectContaining({ Action: expect.arrayContaining(['secretsmanager:GetSecretValue']), Resource: { Ref: secretId } }),
    );
    expect(statements).toContainEqual(expect.objectContaining({ Sid: 'ProjectPhotos' }));
  });

  it('may list the photos, staging and private prefixes only, so S3 answers a missing file with NoSuchKey instead of AccessDenied', () => {
    const statements = policyStatementsOf(prod.template, logicalId(prod.stacks.api.adminRole));
    const photosArn = { 'Fn::GetAtt': [logicalId(prod.stacks.web.photosBucket), 'Arn'] };
    const listing = statements.filter((s) => asArray(s.Action).includes('s3:ListBucket') && JSON.stringify(s.Resource) === JSON.stringify(photosArn));
    expect(listing).toEqual([
      {
        Sid: 'ProjectPhotosListing',
        Effect: 'Allow',
        Action: 's3:ListBucket',
        // The bucket itself (ListBucket is a bucket action), not its objects.
        Resource: { 'Fn::GetAtt': [logicalId(prod.stacks.web.photosBucket), 'Arn'] },
        Condition: { StringLike: { 's3:prefix': [`${UPLOADS_PREFIX}*`, `${STAGING_PREFIX}*`, `${PRIVATE_PREFIX}*`] } },
      },
    ]);
  });

  it('signs uploads to staging and publishes to the served or the private prefix: object access under those three only', () => {
    const statements = policyStatementsOf(prod.template, logicalId(prod.stacks.api.adminRole));
    const photos = statements.find((s) => s.Sid === 'ProjectPhotos');
    expect(asArray(photos?.Action).sort()).toEqual(['s3:DeleteObject', 's3:GetObject', 's3:PutObject']);
    const bucketArn = { 'Fn::GetAtt': [logicalId(prod.stacks.web.photosBucket), 'Arn'] };
    expect(photos?.Resource).toHaveLength(3);
    expect(photos?.Resource).toEqual(
      expect.arrayContaining([
        { 'Fn::Join': ['', [bucketArn, `/${UPLOADS_PREFIX}*`]] },
        { 'Fn::Join': ['', [bucketArn, `/${STAGING_PREFIX}*`]] },
        { 'Fn::Join': ['', [bucketArn, `/${PRIVATE_PREFIX}*`]] },
      ]),
    );
    // Employees' profile photos (people/employee-photos-routes.ts) are staged and served under the same prefixes, no grant of their own.
    const uploadId = '0f8fad5b-d9cb-469f-a165-70867728950e';
    expect(employeeStagingKey('emp-1', uploadId, 'image/jpeg')).toBe(`${STAGING_PREFIX}employees/emp-1/${uploadId}.jpg`);
    expect(employeePhotoKey('emp-1', uploadId, 'image/webp')).toBe(`${UPLOADS_PREFIX}employees/emp-1/${uploadId}.webp`);
  });

  it("let the PDF function read the company logos (the letterhead's, issue 25) and nothing else of the photos bucket", () => {
    const photosId = logicalId(prod.stacks.web.photosBucket);
    const statements = policyStatementsOf(prod.template, logicalId(prod.stacks.api.pdfRole)).filter((s) => JSON.stringify(s).includes(photosId));
    expect(statements).toEqual([
      { Sid: 'LetterheadLogos', Effect: 'Allow', Action: 's3:GetObject', Resource: { 'Fn::Join': ['', [{ 'Fn::GetAtt': [photosId, 'Arn'] }, `/${UPLOADS_PREFIX}company/logo-*`]] } },
    ]);
    // The keys the app makes for logos are under it.
    expect(companyLogoKey('0f8fad5b-d9cb-469f-a165-70867728950e', 'image/png')).toMatch(new RegExp(`^${UPLOADS_PREFIX}company/logo-`));
    const env = prod.template.toJSON().Resources[logicalId(prod.stacks.api.pdfFunction)].Properties.Environment.Variables;
    expect(env.PHOTOS_BUCKET).toEqual({ Ref: photosId });
  });

  it('empties staging after a day (current and replaced versions), and serves only the published prefix', () => {
    const bucket = prod.template.toJSON().Resources[logicalId(prod.stacks.web.photosBucket)];
    expect(bucket.Properties.LifecycleConfiguration.Rules).toContainEqual({
      Id: 'ExpireStagedUploads',
      Prefix: STAGING_PREFIX,
      ExpirationInDays: 1,
      NoncurrentVersionExpiration: { NoncurrentDays: 1 },
      Status: 'Enabled',
    });
    const behaviors = only(prod.template, 'AWS::CloudFront::Distribution').Properties.DistributionConfig.CacheBehaviors as { PathPattern: string }[];
    expect(behaviors.map((b) => b.PathPattern).filter((path) => path.includes('staging') || path.includes('private'))).toEqual([]);
  });
});

describe('functions', () => {
  it('run on Node.js 22 or newer, arm64, with their own log group, table name and secrets', () => {
    const fns = resources(prod.template, 'AWS::Lambda::Function').filter(([id]) => /^Api(Public|Admin)/.test(id));
    expect(fns).toHaveLength(2);
    for (const [id, fn] of fns) {
      const p = fn.Properties;
      expect(Number(/^nodejs(\d+)\.x$/.exec(p.Runtime)?.[1]), id).toBeGreaterThanOrEqual(22);
      expect(p.Architectures, id).toEqual(['arm64']);
      expect(p.Handler, id).toBe('index.handler');
      expect(p.LoggingConfig.LogGroup, id).toBeDefined();
      expect(p.Environment.Variables, id).toMatchObject({
        TABLE_NAME: { Ref: logicalId(prod.stacks.database.table) },
        NODE_OPTIONS: '--enable-source-maps',
        ORIGIN_VERIFY_SECRET_ARN: { Ref: logicalId(prod.stacks.auth.originVerify) },
      });
    }
    const admin = fns.find(([id]) => id.startsWith('ApiAdmin'))![1];
    expect(admin.Properties.Environment.Variables.JWT_SECRET_ARN).toEqual({
      Ref: logicalId(prod.stacks.auth.jwtSigningKey),
    });
  });

  it('render quotation PDFs in their own function: the app with the renderer, 1 GB, the JWT and origin secrets, its fonts beside the bundle', () => {
    const [pdfId, pdf] = resources(prod.template, 'AWS::Lambda::Function').find(([id]) => id.startsWith('ApiPdf'))!;
    const p = pdf.Properties;
    expect(Number(/^nodejs(\d+)\.x$/.exec(p.Runtime)?.[1])).toBeGreaterThanOrEqual(22);
    expect(p.Architectures).toEqual(['arm64']);
    expect(p.MemorySize).toBe(1024);
    expect(p.Timeout).toBeLessThanOrEqual(15);
    expect(p.LoggingConfig.LogGroup).toEqual({ Ref: logicalId(prod.stacks.api.pdfFunction.logGroup) });
    expect(p.Environment.Variables).toMatchObject({
      TABLE_NAME: { Ref: logicalId(prod.stacks.database.table) },
      ORIGIN_VERIFY_SECRET_ARN: { Ref: logicalId(prod.stacks.auth.originVerify) },
      JWT_SECRET_ARN: { Ref: logicalId(prod.stacks.auth.jwtSigningKey) },
      SITE_URL: 'https://www.kaveri-studio.in',
      ALLOWED_ORIGINS: 'https://www.kaveri-studio.in',
    });
    expect(pdfId).toMatch(/^ApiPdfFunction/);
    // The admin function's bundle has no renderer: its handler does not import it.
    const adminHandler = readFileSync(fileURLToPath(new URL('../../functions/src/handlers/admin.ts', import.meta.url)), 'utf8');
    expect(adminHandler).not.toMatch(/quotations\/pdf|renderQuotationPdf/);
  });

  it('let the PDF function read the items its routes need and touch staff sessions, and nothing else: no query, no scan, no index, no other write, no photos but the logos', () => {
    const tableId = logicalId(prod.stacks.database.table);
    const statements = policyStatementsOf(prod.template, logicalId(prod.stacks.api.pdfRole));
    const dynamo = statements.filter((s) => asArray(s.Action).some((a: string) => a.startsWith('dynamodb:')));
    expect(dynamo.map((s) => [s.Sid, asArray(s.Action).sort()])).toEqual([
      ['PdfReads', ['dynamodb:GetItem']],
      ['PdfStaffSessions', ['dynamodb:DeleteItem', 'dynamodb:UpdateItem']],
    ]);
    for (const statement of dynamo) {
      expect(statement.Resource).toEqual({ 'Fn::GetAtt': [tableId, 'Arn'] });
      expect(JSON.stringify(statement.Resource)).not.toContain('/index/');
    }
    // The keys functions/test/pdf-role-iam.test.ts replays the PDF routes' calls against.
    expect(dynamo[0].Condition).toEqual({
      'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [...PDF_KEY_ACCESS.read] },
      Null: { 'dynamodb:LeadingKeys': 'false' },
    });
    expect(dynamo[1].Condition).toEqual({
      'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [...PDF_KEY_ACCESS.sessions] },
      Null: { 'dynamodb:LeadingKeys': 'false' },
      StringEqualsIfExists: { 'dynamodb:ReturnValues': ['NONE'] },
    });
    // None of the partitions that hold leads, staff lists, finance or credentials markers.
    for (const pattern of [...PDF_KEY_ACCESS.read, ...PDF_KEY_ACCESS.sessions]) {
      for (const other of ['LEAD#1', 'USER#a@b.c', 'TXN#1', 'STATS', 'SEARCH#Lead#x', 'AUDIT#1', 'QUOTECOUNTER', 'RATE#x']) {
        expect(stringLike(pattern, other), `${pattern} ${other}`).toBe(false);
      }
    }
    const secrets = statements.filter((s) => asArray(s.Action).some((a: string) => a.startsWith('secretsmanager:')));
    expect(secrets.map((s) => s.Resource).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)))).toEqual(
      [{ Ref: logicalId(prod.stacks.auth.jwtSigningKey) }, { Ref: logicalId(prod.stacks.auth.originVerify) }].sort((a, b) =>
        JSON.stringify(a).localeCompare(JSON.stringify(b)),
      ),
    );
    // Beyond those: active tracing's X-Ray writes (no resource to narrow them to), and the letterhead logos' reads (their own test), nothing else.
    const others = statements.filter((s) => asArray(s.Action).some((a: string) => !/^(dynamodb|secretsmanager|logs):/.test(a)));
    expect(others).toEqual([
      { Effect: 'Allow', Action: ['xray:PutTelemetryRecords', 'xray:PutTraceSegments'], Resource: '*' },
      expect.objectContaining({ Sid: 'LetterheadLogos', Action: 's3:GetObject' }),
    ]);
  });

  it('run the recurring-transactions job daily at 00:10 Asia/Kolkata, retried twice, with the table and its own alarm', () => {
    const jobs = resources(prod.template, 'AWS::Lambda::Function').filter(([id]) => id.startsWith('ApiJobs'));
    expect(jobs).toHaveLength(1);
    const [jobsId, jobsFn] = jobs[0]!;
    expect(jobsFn.Properties.Environment.Variables).toEqual({
      TABLE_NAME: { Ref: logicalId(prod.stacks.database.table) },
      NODE_OPTIONS: '--enable-source-maps',
      BACKUP_BUCKET: { Ref: logicalId(prod.stacks.web.backupBucket) },
      BACKUP_KEY_SECRET_ARN: { Ref: logicalId(prod.stacks.auth.backupKey) },
      SELF_ALIAS: 'live',
    });
    const rules = resources(prod.template, 'AWS::Events::Rule').filter(([, r]) => r.Properties.ScheduleExpression === 'cron(40 18 * * ? *)');
    expect(rules).toHaveLength(1);
    const rule = rules[0]![1];
    // Its `live` alias, as every rule's target (constructs/operations.test.ts checks their dead-letter queues).
    expect(rule.Properties.Targets).toEqual([
      expect.objectContaining({ Arn: { Ref: logicalId(prod.stacks.api.live.alias(prod.stacks.api.jobsFunction)) }, RetryPolicy: { MaximumRetryAttempts: 2 } }),
    ]);
    expect(jobsId).toMatch(/^ApiJobsFunction/);
    const statements = policyStatementsOf(prod.template, logicalId(prod.stacks.api.jobsRole));
    expect(JSON.stringify(statements.find((st) => asArray(st.Action).includes('dynamodb:PutItem'))?.Resource)).toContain(
      logicalId(prod.stacks.database.table),
    );
    const alarms = resources(prod.template, 'AWS::CloudWatch::Alarm').map(([id]) => id);
    expect(alarms.some((id) => id.includes('Jobs'))).toBe(true);
  });

  it('make no dependency cycle between resources (CloudFormation refuses one at deploy, not at synth)', () => {
    for (const { template } of [dev, prod]) {
      const all = template.toJSON().Resources as Record<string, Resource & { DependsOn?: string | string[] }>;
      const edges = (node: unknown, into: Set<string>): Set<string> => {
        if (Array.isArray(node)) node.forEach((n) => edges(n, into));
        else if (node && typeof node === 'object') {
          for (const [key, value] of Object.entries(node)) {
            if (key === 'Ref' && typeof value === 'string' && value in all) into.add(value);
            else if (key === 'Fn::GetAtt') into.add(Array.isArray(value) ? String(value[0]) : String(value).split('.')[0]!);
            else if (key === 'Fn::Sub') {
              const text = Array.isArray(value) ? String(value[0]) : String(value);
              for (const [, name] of text.matchAll(/\$\{([^}.!]+)/g)) if (name! in all) into.add(name!);
              edges(value, into);
            } else edges(value, into);
          }
        }
        return into;
      };
      const graph = new Map(
        Object.entries(all).map(([id, r]) => [id, edges(r.Properties ?? {}, new Set(asArray(r.DependsOn ?? [])))]),
      );
      const state = new Map<string, 'open' | 'done'>();
      const cycleFrom = (id: string, path: string[]): string[] | undefined => {
        state.set(id, 'open');
        for (const next of graph.get(id) ?? []) {
          if (state.get(next) === 'open') return [...path, next];
          if (!state.has(next)) {
            const found = cycleFrom(next, [...path, next]);
            if (found) return found;
          }
        }
        state.set(id, 'done');
        return undefined;
      };
      for (const id of graph.keys()) if (!state.has(id)) expect(cycleFrom(id, [id])).toBeUndefined();
    }
  });

  it("know the site's own URL: the custom domain, or else the distribution's domain", () => {
    const url = (synth: Synthesized, prefix: string) =>
      resources(synth.template, 'AWS::Lambda::Function').find(([id]) => id.startsWith(prefix))![1].Properties.Environment
        .Variables;
    const distributionDomain = {
      'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [logicalId(dev.stacks.web.distribution), 'DomainName'] }]],
    };
    for (const prefix of ['ApiPublic', 'ApiAdmin']) {
      expect(url(prod, prefix).SITE_URL, prefix).toBe('https://www.kaveri-studio.in');
      expect(url(dev, prefix).SITE_URL, prefix).toEqual(distributionDomain);
    }
    // The admin function's CSRF guard accepts the site's Origin even without Sec-Fetch-Site.
    expect(url(prod, 'ApiAdmin').ALLOWED_ORIGINS).toBe('https://www.kaveri-studio.in');
    expect(url(dev, 'ApiAdmin').ALLOWED_ORIGINS).toEqual(distributionDomain);
  });

  it('reserve concurrency for the public, admin and Jobs functions, so a flood of one cannot take what another needs', () => {
    const fns = resources(prod.template, 'AWS::Lambda::Function').filter(([id]) => id.startsWith('Api'));
    const reserved = (prefix: string) => fns.find(([id]) => id.startsWith(prefix))![1].Properties.ReservedConcurrentExecutions;
    expect(reserved('ApiPublic')).toBe(DEFAULT_PUBLIC_CONCURRENCY);
    expect(reserved('ApiAdmin')).toBe(DEFAULT_ADMIN_CONCURRENCY);
    expect(reserved('ApiJobs')).toBe(DEFAULT_JOBS_CONCURRENCY);
    // The PDF function draws on the unreserved rest of the account.
    expect(reserved('ApiPdf')).toBeUndefined();
    const custom = synthesize({ stage: 'dev', publicConcurrency: '7', adminConcurrency: '9', jobsConcurrency: '1', bundle: false });
    const customReserved = (prefix: string) =>
      resources(custom.template, 'AWS::Lambda::Function').find(([id]) => id.startsWith(prefix))![1].Properties.ReservedConcurrentExecutions;
    expect([customReserved('ApiPublic'), customReserved('ApiAdmin'), customReserved('ApiJobs')]).toEqual([7, 9, 1]);
    const unreserved = synthesize({ stage: 'dev', publicConcurrency: 'none', adminConcurrency: 'none', jobsConcurrency: 'none', bundle: false });
    for (const [, fn] of resources(unreserved.template, 'AWS::Lambda::Function')) {
      expect(fn.Properties.ReservedConcurrentExecutions).toBeUndefined();
    }
  });

  it('keeps every log group for a set time', () => {
    for (const { template } of [dev, prod]) {
      const groups = resources(template, 'AWS::Logs::LogGroup');
      expect(groups.length).toBeGreaterThanOrEqual(4);
      for (const [id, group] of groups) expect(group.Properties.RetentionInDays, id).toBeGreaterThan(0);
    }
    expect(only(prod.template, 'AWS::ApiGatewayV2::Stage').Properties.AccessLogSettings.DestinationArn).toBeDefined();
  });
});

describe('HTTP API', () => {
  const routeKeys = (template: Template, fnPrefix: string) => {
    const integrations = resources(template, 'AWS::ApiGatewayV2::Integration')
      .filter(([, i]) => JSON.stringify(i.Properties.IntegrationUri).includes(fnPrefix))
      .map(([id]) => id);
    return resources(template, 'AWS::ApiGatewayV2::Route')
      .filter(([, r]) => integrations.some((id) => JSON.stringify(r.Properties.Target).includes(id)))
      .map(([, r]) => r.Properties.RouteKey as string)
      .sort();
  };

  it('sends the public routes to the public function and every other /api path to the admin function', () => {
    expect(routeKeys(prod.template, 'ApiPublicFunction')).toEqual([...PUBLIC_ROUTES, ...PAGE_ROUTES].map((r) => `${r.method} ${r.path}`).sort());
    expect(routeKeys(prod.template, 'ApiAdminFunction')).toEqual(
      [`${ADMIN_ROUTE.method} ${ADMIN_ROUTE.path}`, ...ADMIN_ROUTES_BESIDE_PUBLIC.map((r) => `${r.method} ${r.path}`)].sort(),
    );
  });

  it('sends the quotation PDF routes, and only those, to the PDF function', () => {
    expect(routeKeys(prod.template, 'ApiPdfFunction')).toEqual(PDF_ROUTES.map((r) => `${r.method} ${r.path}`).sort());
    const app = createApp({ db: {} as Db, clientIp: () => '192.0.2.1' });
    const served = new Set(app.routes.map((r) => `${r.method} ${r.path}`));
    for (const route of PDF_ROUTES) {
      expect(served, route.path).toContain(`${route.method} ${route.path.replace(/\{(\w+)\}/g, ':$1')}`);
      // Not a public route: the staff PDF needs a session the public function cannot check.
      expect(PUBLIC_ROUTES.map((r) => r.path)).not.toContain(route.path);
    }
  });

  it('sends staff routes that a public path variable would catch to the admin function, where the app guards them', () => {
    const app = createApp({ db: {} as Db, clientIp: () => '192.0.2.1' });
    const served = new Set(app.routes.map((r) => `${r.method} ${r.path}`));
    for (const route of ADMIN_ROUTES_BESIDE_PUBLIC) {
      expect(served, route.path).toContain(`${route.method} ${route.path}`);
      expect(PUBLIC_API_ROUTES).not.toContain(`${route.method} ${route.path}`);
    }
  });

  it('routes only paths the Hono app serves', () => {
    const app = createApp({ db: {} as Db, clientIp: () => '192.0.2.1' });
    const served = new Set(app.routes.map((r) => `${r.method} ${r.path}`));
    for (const route of PUBLIC_ROUTES) {
      expect(served, route.path).toContain(`${route.method} ${route.path.replace(/\{(\w+)\}/g, ':$1')}`);
    }
    // The pages ('GET /' and 'GET /{proxy+}'): one catch-all route of the app (functions/src/site/pages-routes.ts).
    expect(PAGE_ROUTES.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /', 'GET /{proxy+}']);
    expect(served).toContain('GET /*');
  });

  it('throttles the stage, and the form posts harder', () => {
    const stage = only(prod.template, 'AWS::ApiGatewayV2::Stage');
    expect(stage.Properties.DefaultRouteSettings).toEqual({ ThrottlingRateLimit: 50, ThrottlingBurstLimit: 100 });
    // CloudFormation's casing: camelCase keys are silently ignored and the route keeps the stage limits.
    expect(stage.Properties.RouteSettings).toEqual({
      'POST /api/calculator': { ThrottlingRateLimit: 5, ThrottlingBurstLimit: 10 },
      'POST /api/contact': { ThrottlingRateLimit: 5, ThrottlingBurstLimit: 10 },
    });
  });
});

describe('CloudFront', () => {
  const CACHING_DISABLED = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';
  const CACHING_OPTIMIZED = '658327ea-f89d-4fab-a63d-7e88639e58f6';
  const ALL_VIEWER_EXCEPT_HOST_HEADER = 'b689b0a8-53d0-40ab-baf2-68738e2966ac';
  let config: Cfn;
  let originOf: (behavior: Cfn) => Cfn;
  beforeAll(() => {
    config = only(prod.template, 'AWS::CloudFront::Distribution').Properties.DistributionConfig;
    originOf = (behavior) => config.Origins.find((o: { Id: string }) => o.Id === behavior.TargetOriginId);
  });
  const behavior = (path: string) => config.CacheBehaviors.find((b: { PathPattern: string }) => b.PathPattern === path);

  it('sends /api/* to the HTTP API uncached, with every method, viewer header but Host, and the origin secret', () => {
    const api = behavior('/api/*');
    expect(api).toMatchObject({
      CachePolicyId: CACHING_DISABLED,
      OriginRequestPolicyId: ALL_VIEWER_EXCEPT_HOST_HEADER,
      ViewerProtocolPolicy: 'redirect-to-https',
    });
    expect(api.AllowedMethods).toEqual(expect.arrayContaining(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']));
    const origin = originOf(api);
    expect(JSON.stringify(origin.DomainName)).toContain('ApiEndpoint');
    expect(origin.CustomOriginConfig.OriginProtocolPolicy).toBe('https-only');
    expect(origin.OriginCustomHeaders).toEqual([
      { HeaderName: 'x-origin-verify', HeaderValue: { 'Fn::Join': ['', ['{{resolve:secretsmanager:', expect.anything(), ':SecretString:::}}']] } },
    ]);
  });

  it('sends sitemap.xml and robots.txt to the API, cached only as long as the API says', () => {
    for (const path of API_PATHS.filter((p) => p !== '/api/*')) {
      const seo = behavior(path);
      expect(originOf(seo)).toBe(originOf(behavior('/api/*')));
      expect(seo.OriginRequestPolicyId).toBe(ALL_VIEWER_EXCEPT_HOST_HEADER);
    }
    const [, policy] = resources(prod.template, 'AWS::CloudFront::CachePolicy').find(([id]) => id.startsWith('WebHonourOriginCaching'))!;
    expect(policy.Properties.CachePolicyConfig).toMatchObject({ DefaultTTL: 0, MinTTL: 0 });
  });

  it('renders the pages in the public function by default: GET/HEAD, cached as the origin says, keyed by ?status', () => {
    const pages = config.DefaultCacheBehavior;
    expect(originOf(pages)).toBe(originOf(behavior('/api/*')));
    expect(pages.AllowedMethods).toEqual(['GET', 'HEAD']);
    expect(pages.OriginRequestPolicyId).toBe(ALL_VIEWER_EXCEPT_HOST_HEADER);
    // The page-query function (constructs/edge.test.ts): only canonical queries reach the cache.
    expect(pages.FunctionAssociations).toEqual([{ EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [expect.stringMatching(/^WebPageQuery/), 'FunctionARN'] } }]);
    const [, policy] = resources(prod.template, 'AWS::CloudFront::CachePolicy').find(([id]) => id.startsWith('WebPageCaching'))!;
    expect(pages.CachePolicyId).toEqual({ Ref: expect.stringMatching(/^WebPageCaching/) });
    expect(policy.Properties.CachePolicyConfig).toMatchObject({
      DefaultTTL: 0,
      MinTTL: 0,
      ParametersInCacheKeyAndForwardedToOrigin: {
        QueryStringsConfig: { QueryStringBehavior: 'whitelist', QueryStrings: ['status'] },
        CookiesConfig: { CookieBehavior: 'none' },
        HeadersConfig: { HeaderBehavior: 'none' },
      },
    });
    // No root object: '/' is the home page, rendered like the others.
    expect(config.DefaultRootObject).toBeUndefined();
  });

  it('serves the built files from the private bucket through OAC, and the portal and quotation links as the SPA, with no error pages', () => {
    for (const path of [...SITE_FILE_PATHS, ...SPA_PATHS]) {
      const files = behavior(path);
      expect(files.CachePolicyId, path).toBe(CACHING_OPTIMIZED);
      const origin = originOf(files);
      expect(origin.OriginAccessControlId, path).toBeDefined();
      expect(JSON.stringify(origin.DomainName), path).toContain('WebSiteBucket');
      expect(files.FunctionAssociations, path).toEqual(
        (SPA_PATHS as readonly string[]).includes(path)
          ? [{ EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [expect.stringMatching(/^WebSpaRewrite/), 'FunctionARN'] } }]
          : undefined,
      );
    }
    expect(config.CustomErrorResponses).toBeUndefined();
    for (const [, bucket] of resources(prod.template, 'AWS::S3::Bucket')) {
      expect(bucket.Properties.PublicAccessBlockConfiguration).toEqual({
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      });
    }
  });

  it('serves project photos from their own private bucket at /uploads/*', () => {
    const uploads = behavior('/uploads/*');
    expect(JSON.stringify(originOf(uploads).DomainName)).toContain('WebPhotosBucket');
    expect(originOf(uploads).OriginAccessControlId).toBeDefined();
  });

  it('uses the custom domain with its certificate and TLS 1.2 when one is configured', () => {
    expect(config.Aliases).toEqual(['www.kaveri-studio.in']);
    expect(config.ViewerCertificate).toEqual({
      AcmCertificateArn: certificateArn,
      MinimumProtocolVersion: 'TLSv1.2_2021',
      SslSupportMethod: 'sni-only',
    });
  });

  it('adds HSTS, CSP, nosniff, frame and referrer policies to every behaviour', () => {
    const policy = only(prod.template, 'AWS::CloudFront::ResponseHeadersPolicy').Properties.ResponseHeadersPolicyConfig;
    expect(policy.SecurityHeadersConfig).toEqual({
      StrictTransportSecurity: { AccessControlMaxAgeSec: 63_072_000, IncludeSubdomains: true, Override: true },
      ContentSecurityPolicy: { ContentSecurityPolicy: expect.anything(), Override: true },
      ContentTypeOptions: { Override: true },
      FrameOptions: { FrameOption: 'DENY', Override: true },
      ReferrerPolicy: { ReferrerPolicy: 'strict-origin-when-cross-origin', Override: true },
    });
    for (const b of [config.DefaultCacheBehavior, ...config.CacheBehaviors]) {
      expect(b.ResponseHeadersPolicyId, b.PathPattern ?? 'default').toEqual({ Ref: expect.stringMatching(/^WebSecurityHeaders/) });
    }
  });

  it('sends exactly the shared security headers (functions/src/lib/security-headers.ts), which the local host sends too', () => {
    const policy = only(prod.template, 'AWS::CloudFront::ResponseHeadersPolicy').Properties.ResponseHeadersPolicyConfig;
    const security = policy.SecurityHeadersConfig;
    // The CSP with the photos bucket's domain (a deploy-time value) standing in as PHOTOS.
    const [separator, parts] = security.ContentSecurityPolicy.ContentSecurityPolicy['Fn::Join'] as [string, unknown[]];
    // ...and the backup bucket's as BACKUPS (a restore's upload form posts there).
    const domainOf = (bucket: Bucket) => JSON.stringify({ 'Fn::GetAtt': [logicalId(bucket), 'RegionalDomainName'] });
    const names: Record<string, string> = { [domainOf(prod.stacks.web.photosBucket)]: 'PHOTOS', [domainOf(prod.stacks.web.backupBucket)]: 'BACKUPS' };
    const csp = parts.map((part) => (typeof part === 'string' ? part : (names[JSON.stringify(part)] ?? `unexpected ${JSON.stringify(part)}`))).join(separator);
    const shared = securityHeaders({ photoUploadOrigin: ['https://PHOTOS', 'https://BACKUPS'], https: true });
    expect(csp).toBe(shared['Content-Security-Policy']);
    expect(csp).toBe(contentSecurityPolicy(['https://PHOTOS', 'https://BACKUPS']));
    expect(csp).toContain("connect-src 'self' https://www.google.com https://PHOTOS https://BACKUPS;");
    // CloudFront's X-Content-Type-Options has no value to set: it is always nosniff.
    expect(shared['X-Content-Type-Options']).toBe('nosniff');
    expect(security.FrameOptions.FrameOption).toBe(shared['X-Frame-Options']);
    expect(security.ReferrerPolicy.ReferrerPolicy).toBe(shared['Referrer-Policy']);
    const hsts = security.StrictTransportSecurity;
    expect(`max-age=${hsts.AccessControlMaxAgeSec}${hsts.IncludeSubdomains ? '; includeSubDomains' : ''}`).toBe(shared['Strict-Transport-Security']);
    expect(policy.CustomHeadersConfig.Items).toEqual([
      { Header: 'Permissions-Policy', Value: SECURITY_HEADERS.permissionsPolicy, Override: true },
    ]);
    expect(Object.keys(shared).sort()).toEqual(
      ['Content-Security-Policy', 'Permissions-Policy', 'Referrer-Policy', 'Strict-Transport-Security', 'X-Content-Type-Options', 'X-Frame-Options'],
    );
  });

  it('allows in the CSP only what the SPA loads, and uploads to the photos bucket alone', () => {
    const policy = only(prod.template, 'AWS::CloudFront::ResponseHeadersPolicy').Properties.ResponseHeadersPolicyConfig;
    const joined = policy.SecurityHeadersConfig.ContentSecurityPolicy.ContentSecurityPolicy['Fn::Join'];
    expect(JSON.stringify(joined)).toContain(`"${logicalId(prod.stacks.web.photosBucket)}","RegionalDomainName"`);
    const directives = Object.fromEntries(
      contentSecurityPolicy('https://photos.example').split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]),
    );
    expect(directives['default-src']).toEqual(["'self'"]);
    expect(directives['script-src']).toEqual(["'self'", 'https://www.instagram.com']);
    expect(directives['img-src']).toContain('data:');
    expect(directives['frame-src']).toEqual(expect.arrayContaining(['https://www.instagram.com', 'https://www.google.com']));
    expect(directives['frame-ancestors']).toEqual(["'none'"]);
    // Google: the contact page checks the map can load before embedding it.
    expect(directives['connect-src']).toEqual(["'self'", 'https://www.google.com', 'https://photos.example']);
    expect(directives['object-src']).toEqual(["'none'"]);
  });

  it('rewrites extension-less paths outside /api to /index.html and leaves files alone', () => {
    const handler = new Function(`${SPA_REWRITE_CODE}; return handler;`)() as (e: unknown) => { uri: string };
    const rewrite = (uri: string) => handler({ request: { uri, headers: {} } }).uri;
    expect(rewrite('/')).toBe('/index.html');
    expect(rewrite('/projects/jubilee-hills-villa')).toBe('/index.html');
    expect(rewrite('/admin/leads')).toBe('/index.html');
    expect(rewrite('/assets/index-3f2a1b.js')).toBe('/assets/index-3f2a1b.js');
    expect(rewrite('/images/projects/villa.svg')).toBe('/images/projects/villa.svg');
    expect(rewrite('/api/projects')).toBe('/api/projects');
    expect(rewrite('/api')).toBe('/api');
  });
});

describe('site bucket deployment', () => {
  it("uploads the built scripts and pages, never the page renderer's build (web/dist/server) nor a source map", () => {
    const deployments = resources(prod.template, 'Custom::CDKBucketDeployment').map(([, resource]) => resource.Properties);
    expect(deployments).toHaveLength(2);
    const assets = deployments.find((properties) => properties.Include);
    const pages = deployments.find((properties) => !properties.Include);
    expect(assets).toMatchObject({ Exclude: ['*'], Include: ['assets/*'] });
    expect(pages?.Exclude).toEqual(expect.arrayContaining(['assets/*', 'server/*']));
  });
});

describe('monitoring', () => {
  it('alarms on function errors, throttles and latency, error log lines, API 5xx and error ratios, dead letters, rules and DynamoDB throttles, into the alarm topic', () => {
    const alarms = resources(prod.template, 'AWS::CloudWatch::Alarm');
    const metricNames = alarms.map(([, a]) => a.Properties.MetricName ?? a.Properties.Metrics?.map((m: Cfn) => m.MetricStat?.Metric.MetricName).filter(Boolean).join('+'));
    expect(metricNames.sort()).toEqual(
      [
        ...Array(6).fill('Errors'),
        ...Array(6).fill('Throttles'),
        'PublicErrorLogLines',
        'AdminErrorLogLines',
        'PdfErrorLogLines',
        'AuthErrorLogLines',
        'ClientLinkErrorLogLines',
        'JobsErrorLogLines',
        '5xx',
        // The API's 4xx and 5xx ratios (metric math over Count).
        '4xx+Count',
        '5xx+Count',
        // p99 latency of each route group's function (public, admin, pdf, auth, client-link).
        ...Array(5).fill('Duration'),
        // The dead-letter queues (async invokes, rule targets) and each rule's failed invocations.
        'ApproximateNumberOfMessagesVisible',
        'ApproximateNumberOfMessagesVisible',
        'FailedInvocations',
        'FailedInvocations',
        'FailedInvocations',
        // The table and each of its indexes.
        Array(1 + TABLE_DEFINITION.globalSecondaryIndexes.length).fill('ReadThrottleEvents').join('+'),
        Array(1 + TABLE_DEFINITION.globalSecondaryIndexes.length).fill('WriteThrottleEvents').join('+'),
      ].sort(),
    );
    const topicId = logicalId(prod.stacks.monitoring.topic);
    for (const [id, alarm] of alarms) {
      expect(alarm.Properties.AlarmActions, id).toEqual([{ Ref: topicId }]);
      expect(alarm.Properties.TreatMissingData, id).toBe('notBreaching');
    }
  });

  it("counts the app's error log lines in each function's log group", () => {
    const filters = resources(prod.template, 'AWS::Logs::MetricFilter');
    const api = prod.stacks.api;
    const expected = [
      ['PublicErrorLogLines', logicalId(api.publicFunction.logGroup)],
      ['AdminErrorLogLines', logicalId(api.adminFunction.logGroup)],
      ['PdfErrorLogLines', logicalId(api.pdfFunction.logGroup)],
      ['AuthErrorLogLines', logicalId(api.authFunction.logGroup)],
      ['ClientLinkErrorLogLines', logicalId(api.clientLinkFunction.logGroup)],
      ['JobsErrorLogLines', logicalId(api.jobsFunction.logGroup)],
    ];
    expect(
      filters.map(([, f]) => [f.Properties.MetricTransformations[0].MetricName, f.Properties.LogGroupName.Ref]).sort(),
    ).toEqual(expected.sort());
    for (const [id, filter] of filters) {
      // The lines functions/src/lib/log.ts writes for log.error, inside Lambda's JSON record (monitoring.test.ts).
      expect(filter.Properties.FilterPattern, id).toBe('{ $.message.level = "error" }');
      expect(filter.Properties.MetricTransformations[0], id).toMatchObject({ MetricValue: '1', MetricNamespace: expect.any(String) });
    }
    // Each alarm watches its filter's metric.
    const alarms = resources(prod.template, 'AWS::CloudWatch::Alarm').filter(([, a]) => /ErrorLogLines$/.test(a.Properties.MetricName ?? ''));
    expect(alarms).toHaveLength(6);
    for (const [id, alarm] of alarms) {
      const filter = filters.find(([, f]) => f.Properties.MetricTransformations[0].MetricName === alarm.Properties.MetricName)![1];
      expect(alarm.Properties.Namespace, id).toBe(filter.Properties.MetricTransformations[0].MetricNamespace);
      expect(alarm.Properties.Threshold, id).toBe(1);
    }
  });

  it('subscribes the alarm email when one is configured, and none otherwise', () => {
    prod.template.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: 'ops@kaveri-studio.in' });
    dev.template.resourceCountIs('AWS::SNS::Subscription', 0);
  });
});

describe('backups', () => {
  const bucketId = () => logicalId(prod.stacks.web.backupBucket);
  const bucketArn = () => ({ 'Fn::GetAtt': [bucketId(), 'Arn'] });

  it('keep backup files in a private, encrypted, TLS-only, versioned bucket with access logs', () => {
    const bucket = prod.template.toJSON().Resources[bucketId()] as Resource;
    expect(bucket.Properties.PublicAccessBlockConfiguration).toEqual({
      BlockPublicAcls: true,
      BlockPublicPolicy: true,
      IgnorePublicAcls: true,
      RestrictPublicBuckets: true,
    });
    expect(bucket.Properties.BucketEncryption.ServerSideEncryptionConfiguration[0].ServerSideEncryptionByDefault.SSEAlgorithm).toBe('AES256');
    expect(bucket.Properties.VersioningConfiguration).toEqual({ Status: 'Enabled' });
    expect(bucket.Properties.LoggingConfiguration.LogFilePrefix).toBe('s3/backups/');
    expect(bucket.DeletionPolicy).toBe('Retain');
    const policies = resources(prod.template, 'AWS::S3::BucketPolicy').filter(([, p]) => p.Properties.Bucket.Ref === bucketId());
    expect(policies).toHaveLength(1);
    expect(policies[0]![1].Properties.PolicyDocument.Statement).toContainEqual(
      expect.objectContaining({ Effect: 'Deny', Action: 's3:*', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
    );
  });

  it('expire old backups after BACKUP_RETENTION_DAYS and uploads to restore after a day; nothing serves the bucket', () => {
    const bucket = prod.template.toJSON().Resources[bucketId()] as Resource;
    expect(bucket.Properties.LifecycleConfiguration.Rules).toEqual([
      { Id: 'ExpireOldBackups', Prefix: 'backups/', ExpirationInDays: BACKUP_RETENTION_DAYS, NoncurrentVersionExpiration: { NoncurrentDays: 1 }, Status: 'Enabled' },
      { Id: 'ExpireRestoreUploads', Prefix: 'uploads/', ExpirationInDays: 1, NoncurrentVersionExpiration: { NoncurrentDays: 1 }, Status: 'Enabled' },
    ]);
    const origins = only(prod.template, 'AWS::CloudFront::Distribution').Properties.DistributionConfig.Origins as { DomainName: unknown }[];
    expect(JSON.stringify(origins)).not.toContain(bucketId());
    expect(bucket.Properties.CorsConfiguration.CorsRules).toEqual([
      { AllowedHeaders: ['*'], AllowedMethods: ['POST'], AllowedOrigins: ['https://www.kaveri-studio.in'], MaxAge: 3600 },
    ]);
  });

  it('grant backup files to the admin and Jobs functions only, under backups/ and uploads/', () => {
    const objects = [
      { 'Fn::Join': ['', [bucketArn(), '/backups/*']] },
      { 'Fn::Join': ['', [bucketArn(), '/uploads/*']] },
    ];
    for (const [role, sid] of [
      [prod.stacks.api.adminRole, 'BackupFilesAdmin'],
      [prod.stacks.api.jobsRole, 'BackupFilesJobs'],
    ] as const) {
      const statements = policyStatementsOf(prod.template, logicalId(role));
      expect(statements.find((s) => s.Sid === sid)).toEqual({ Sid: sid, Effect: 'Allow', Action: ['s3:GetObject', 's3:PutObject'], Resource: objects });
      expect(statements.find((s) => s.Sid === `${sid}Listing`)?.Condition).toEqual({ StringLike: { 's3:prefix': ['backups/*', 'uploads/*'] } });
    }
    for (const role of [prod.stacks.api.publicRole, prod.stacks.api.pdfRole]) {
      expect(JSON.stringify(policyStatementsOf(prod.template, logicalId(role))), logicalId(role)).not.toContain(bucketId());
    }
  });

  it("let the admin function invoke the Jobs function's live alias, and no other (the job runner), and tell it where", () => {
    // The alias, whose async invokes have a dead-letter queue (constructs/operations.test.ts).
    const jobsAliasId = logicalId(prod.stacks.api.live.alias(prod.stacks.api.jobsFunction));
    const invokes = resources(prod.template, 'AWS::IAM::Policy')
      .flatMap(([, p]) => (p.Properties.PolicyDocument.Statement as Cfn[]).map((s) => ({ s, roles: p.Properties.Roles as { Ref: string }[] })))
      .filter(({ s }) => asArray(s.Action).includes('lambda:InvokeFunction'));
    // Besides the admin role, only the deploy's data upgrade (constructs/data-upgrade.test.ts checks its grant)
    // and the Jobs function itself (a restore's next run) may.
    expect(invokes.map(({ roles }) => roles.map((r) => r.Ref)).sort()).toEqual(
      [[logicalId(prod.stacks.api.adminRole)], [logicalId(prod.stacks.api.dataUpgradeRole)], [logicalId(prod.stacks.api.jobsRole)]].sort(),
    );
    const adminInvoke = invokes.find(({ roles }) => roles[0]!.Ref === logicalId(prod.stacks.api.adminRole))!;
    expect(adminInvoke.s).toEqual({ Sid: 'StartBackupJobs', Effect: 'Allow', Action: 'lambda:InvokeFunction', Resource: { Ref: jobsAliasId } });
    const selfInvoke = invokes.find(({ roles }) => roles[0]!.Ref === logicalId(prod.stacks.api.jobsRole))!;
    // Its own live alias, never the unqualified function ($LATEST), which it finds by its name and SELF_ALIAS.
    expect(selfInvoke.s).toEqual({ Sid: 'ContinueRestoreJobs', Effect: 'Allow', Action: 'lambda:InvokeFunction', Resource: { Ref: jobsAliasId } });
    const jobs = prod.template.toJSON().Resources[logicalId(prod.stacks.api.jobsFunction)] as Resource;
    expect(jobs.Properties.Environment.Variables).toMatchObject({ SELF_ALIAS: 'live' });
    const admin = prod.template.toJSON().Resources[logicalId(prod.stacks.api.adminFunction)] as Resource;
    expect(admin.Properties.Environment.Variables).toMatchObject({ BACKUP_BUCKET: { Ref: bucketId() }, JOBS_FUNCTION_NAME: { Ref: jobsAliasId } });
  });

  it('sign backups with a key the stack generates and keeps, which the admin and Jobs functions alone read (by ARN, never a value)', () => {
    const keyId = logicalId(prod.stacks.auth.backupKey);
    const secret = prod.template.toJSON().Resources[keyId] as Resource;
    expect(secret.Type).toBe('AWS::SecretsManager::Secret');
    expect(secret.Properties.GenerateSecretString).toMatchObject({ PasswordLength: 64, ExcludePunctuation: true });
    expect(secret.DeletionPolicy).toBe('Retain');
    for (const fn of [prod.stacks.api.adminFunction, prod.stacks.api.jobsFunction]) {
      const variables = (prod.template.toJSON().Resources[logicalId(fn)] as Resource).Properties.Environment.Variables;
      expect(variables.BACKUP_KEY_SECRET_ARN, logicalId(fn)).toEqual({ Ref: keyId });
    }
    const readers = resources(prod.template, 'AWS::IAM::Policy')
      .filter(([, p]) => JSON.stringify(p.Properties.PolicyDocument.Statement).includes(keyId))
      .flatMap(([, p]) => (p.Properties.Roles as { Ref: string }[]).map((r) => r.Ref));
    expect(readers.sort()).toEqual([logicalId(prod.stacks.api.adminRole), logicalId(prod.stacks.api.jobsRole)].sort());
    for (const role of [prod.stacks.api.adminRole, prod.stacks.api.jobsRole]) {
      const onKey = policyStatementsOf(prod.template, logicalId(role)).filter((s) => JSON.stringify(s).includes(keyId));
      expect(onKey).toEqual([{ Sid: 'BackupKey', Effect: 'Allow', Action: 'secretsmanager:GetSecretValue', Resource: { Ref: keyId } }]);
    }
  });

  it('size the Jobs function for 50,000 items and run the backup schedule hourly with its task', () => {
    const jobs = prod.template.toJSON().Resources[logicalId(prod.stacks.api.jobsFunction)] as Resource;
    expect(jobs.Properties.Timeout).toBe(900);
    expect(jobs.Properties.MemorySize).toBe(1024);
    const rules = resources(prod.template, 'AWS::Events::Rule').filter(([, r]) => r.Properties.ScheduleExpression === 'rate(1 hour)');
    const backup = rules.filter(([, r]) => JSON.stringify(r.Properties.Targets).includes('scheduled-backup'));
    expect(backup).toHaveLength(1);
    expect(backup[0]![1].Properties.Targets).toEqual([
      expect.objectContaining({
        Arn: { Ref: logicalId(prod.stacks.api.live.alias(prod.stacks.api.jobsFunction)) },
        Input: JSON.stringify({ task: 'scheduled-backup' }),
        RetryPolicy: { MaximumRetryAttempts: 2 },
      }),
    ]);
  });
});
