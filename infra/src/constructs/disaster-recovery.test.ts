import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKUP_RETENTION_DAYS } from '@app/functions/backup/backup-storage';
import { fakeWebDist, removeTempDirs, synthesize, type Synthesized } from '../../test/synth';
import { ConfigError, parseConfig } from '../config';
import { drStackName, stackName } from '../create-stacks';
import { logicalId } from '../nag';
import { backupReplicaBucketName, REPLICATED_BACKUP_PREFIX } from './backup-replica';

// CloudFormation JSON as the template holds it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Cfn = any;

const RESTORED = 'StudioInteriors-prod-restored-20261101T0930';
let dev: Synthesized;
let prod: Synthesized;
let drTemplate: Template;

afterAll(removeTempDirs);
beforeAll(() => {
  dev = synthesize({ stage: 'dev', bundle: false });
  prod = synthesize({ stage: 'prod', alarmEmail: 'ops@kaveri-studio.in', drRegion: 'ap-south-2', restoredTableName: RESTORED, bundle: false });
  const drStack = prod.stacks.drStack!;
  drTemplate = Template.fromJSON(JSON.parse(readFileSync(join(prod.assemblyDir, drStack.templateFile), 'utf8')));
});

const resources = (template: Template, type: string): [string, Cfn][] => Object.entries(template.findResources(type));
const backupBucketOf = (synth: Synthesized): Cfn => synth.template.toJSON().Resources[logicalId(synth.stacks.web.backupBucket)];

describe('the backups in a second region (config drRegion)', () => {
  it('live in a stack of their own in that region, deployed before the main stack, with zero cdk-nag findings', () => {
    const { drStack, stack } = prod.stacks;
    expect(drStack?.stackName).toBe(drStackName('prod'));
    expect(drStackName('prod')).toBe(`${stackName('prod')}-dr`);
    expect(drStack?.region).toBe('ap-south-2');
    expect(drStack?.terminationProtection).toBe(true);
    expect(stack.dependencies).toContain(drStack);
    expect(prod.findings).toEqual([]);
  });

  it('are kept in a private, encrypted, TLS-only, versioned bucket there, with the source lifecycle for backups/ and access logs', () => {
    const [replicaId, replica] = resources(drTemplate, 'AWS::S3::Bucket').find(([, b]) => b.Properties.BucketName)!;
    expect(replica.Properties.BucketName).toEqual({ 'Fn::Join': ['', ['studio-prod-backups-', { Ref: 'AWS::AccountId' }, '-ap-south-2']] });
    expect(replica.Properties).toMatchObject({
      VersioningConfiguration: { Status: 'Enabled' },
      BucketEncryption: { ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }] },
      PublicAccessBlockConfiguration: { BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true },
      OwnershipControls: { Rules: [{ ObjectOwnership: 'BucketOwnerEnforced' }] },
      LoggingConfiguration: { DestinationBucketName: { Ref: expect.stringMatching(/^BackupsLogsBucket/) }, LogFilePrefix: 's3/backups/' },
    });
    expect(replica.DeletionPolicy).toBe('Retain');
    // The source bucket's rule for backups/, the same days.
    const sourceRule = backupBucketOf(prod).Properties.LifecycleConfiguration.Rules.find((r: Cfn) => r.Id === 'ExpireOldBackups');
    expect(replica.Properties.LifecycleConfiguration.Rules).toEqual([sourceRule]);
    expect(sourceRule).toMatchObject({ Prefix: 'backups/', ExpirationInDays: BACKUP_RETENTION_DAYS, NoncurrentVersionExpiration: { NoncurrentDays: 1 }, Status: 'Enabled' });
    const policy = resources(drTemplate, 'AWS::S3::BucketPolicy').find(([, p]) => p.Properties.Bucket.Ref === replicaId)![1];
    expect(policy.Properties.PolicyDocument.Statement).toContainEqual(
      expect.objectContaining({ Effect: 'Deny', Action: 's3:*', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
    );
  });

  it('are copied there by S3 Cross-Region Replication of backups/ (not the restore uploads), deletions not copied', () => {
    const config = backupBucketOf(prod).Properties.ReplicationConfiguration;
    expect(config.Rules).toEqual([
      {
        Id: 'CopyBackupsToSecondRegion',
        Status: 'Enabled',
        Priority: 0,
        Filter: { Prefix: REPLICATED_BACKUP_PREFIX },
        DeleteMarkerReplication: { Status: 'Disabled' },
        Destination: { Bucket: { 'Fn::Join': ['', ['arn:', { Ref: 'AWS::Partition' }, ':s3:::studio-prod-backups-', { Ref: 'AWS::AccountId' }, '-ap-south-2']] } },
      },
    ]);
    expect(REPLICATED_BACKUP_PREFIX).toBe('backups/');
    expect(backupReplicaBucketName('prod', '123456789012', 'ap-south-2')).toBe('studio-prod-backups-123456789012-ap-south-2');
    // The name fits S3's 63 characters for the longest stage (20) and region names.
    expect(backupReplicaBucketName('a'.repeat(20), '123456789012', 'ap-southeast-4').length).toBeLessThanOrEqual(63);
  });

  it('are replicated by a role of S3 that reads the source bucket and its backups/ versions and writes replicas under backups/ there, nothing else', () => {
    const config = backupBucketOf(prod).Properties.ReplicationConfiguration;
    const roleId = config.Role['Fn::GetAtt'][0];
    const role = prod.template.toJSON().Resources[roleId];
    expect(role.Properties.AssumeRolePolicyDocument.Statement).toEqual([
      expect.objectContaining({ Effect: 'Allow', Principal: { Service: 's3.amazonaws.com' }, Action: 'sts:AssumeRole' }),
    ]);
    expect(role.Properties.ManagedPolicyArns).toBeUndefined();
    const statements = resources(prod.template, 'AWS::IAM::Policy')
      .filter(([, p]) => p.Properties.Roles.some((r: Cfn) => r.Ref === roleId))
      .flatMap(([, p]) => p.Properties.PolicyDocument.Statement as Cfn[]);
    const source = logicalId(prod.stacks.web.backupBucket);
    expect(statements).toEqual([
      { Sid: 'SourceBucket', Effect: 'Allow', Action: ['s3:GetReplicationConfiguration', 's3:ListBucket'], Resource: { 'Fn::GetAtt': [source, 'Arn'] } },
      {
        Sid: 'SourceBackups',
        Effect: 'Allow',
        Action: ['s3:GetObjectVersionAcl', 's3:GetObjectVersionForReplication', 's3:GetObjectVersionTagging'],
        Resource: { 'Fn::Join': ['', [{ 'Fn::GetAtt': [source, 'Arn'] }, '/backups/*']] },
      },
      {
        Sid: 'ReplicaBackups',
        Effect: 'Allow',
        Action: ['s3:ReplicateObject', 's3:ReplicateTags'],
        Resource: { 'Fn::Join': ['', ['arn:', { Ref: 'AWS::Partition' }, ':s3:::studio-prod-backups-', { Ref: 'AWS::AccountId' }, '-ap-south-2/backups/*']] },
      },
    ]);
  });

  it('are not copied anywhere without a drRegion (dev): no second stack, no replication', () => {
    expect(dev.stacks.drStack).toBeUndefined();
    expect(backupBucketOf(dev).Properties.ReplicationConfiguration).toBeUndefined();
  });

  it('need a real region other than the stack\'s own', () => {
    const webDist = fakeWebDist();
    const problems = (input: Parameters<typeof parseConfig>[0]) => {
      try {
        parseConfig({ webDist, ...input });
        return [];
      } catch (error) {
        if (error instanceof ConfigError) return error.problems;
        throw error;
      }
    };
    expect(parseConfig({ webDist, drRegion: ' AP-South-2 ' }).drRegion).toBe('ap-south-2');
    expect(parseConfig({ webDist }).drRegion).toBeUndefined();
    expect(problems({ drRegion: 'mumbai' })).toEqual([expect.stringContaining("drRegion 'mumbai' is not an AWS region")]);
    expect(problems({ drRegion: 'ap-south-1', region: 'ap-south-1' })).toEqual([expect.stringContaining("is the stack's own region")]);
    expect(problems({ restoredTableName: 'a b' })).toEqual([expect.stringContaining("restoredTableName 'a b' is not a DynamoDB table name")]);
  });
});

describe('a stage switched to a table restored to a point in time (config restoredTableName)', () => {
  const functions = () => resources(prod.template, 'AWS::Lambda::Function').filter(([, fn]) => fn.Properties.Environment?.Variables?.TABLE_NAME);

  it('runs every function on the restored table, by name', () => {
    expect(functions().length).toBeGreaterThanOrEqual(4);
    for (const [id, fn] of functions()) expect(fn.Properties.Environment.Variables.TABLE_NAME, id).toBe(RESTORED);
    const output = prod.template.toJSON().Outputs.TableName;
    expect(output.Value).toBe(RESTORED);
  });

  it("grants the functions the restored table (and its indexes), never the stack's own", () => {
    const ownId = logicalId(prod.stacks.database.ownTable);
    const policies = JSON.stringify(resources(prod.template, 'AWS::IAM::Policy').map(([, p]) => p.Properties.PolicyDocument));
    expect(policies).not.toContain(`"${ownId}"`);
    expect(policies).toContain(`:table/${RESTORED}"`);
    expect(policies).toContain(`:table/${RESTORED}/index/*"`);
  });

  it("alarms on the restored table's throttles", () => {
    const dimensions = resources(prod.template, 'AWS::CloudWatch::Alarm')
      .flatMap(([, alarm]) => [alarm.Properties.Dimensions ?? [], ...(alarm.Properties.Metrics ?? []).map((m: Cfn) => m.MetricStat?.Metric?.Dimensions ?? [])])
      .flat()
      .filter((d: Cfn) => d.Name === 'TableName');
    expect(dimensions.length).toBeGreaterThan(0);
    for (const dimension of dimensions) expect(dimension.Value).toBe(RESTORED);
  });

  it("keeps the stack's own table as it was (RETAIN, deletion protection), so switching back is unsetting the name", () => {
    const own = prod.template.toJSON().Resources[logicalId(prod.stacks.database.ownTable)];
    expect(own.DeletionPolicy).toBe('Retain');
    expect(own.Properties.Replicas[0].DeletionProtectionEnabled).toBe(true);
  });
});
