import { Readable } from 'node:stream';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { parseArgs, restoredTableName, restoreToPointInTime, RestoreError } from '../scripts/pitr-restore';

const SOURCE = 'StudioInteriors-prod-DatabaseTable-1ABC';
const ARN = (table: string) => `arn:aws:dynamodb:ap-south-1:123456789012:table/${table}`;
const EARLIEST = Date.parse('2026-10-02T09:00:00Z') / 1000;
const LATEST = Date.parse('2026-11-01T10:55:00Z') / 1000;

type Call = { operation: string; input: Record<string, unknown> };
type Answer = { status: number; body: unknown };

/**
 * DynamoDB, as far as the script talks to it: a real SDK client whose requests are answered here
 * (the JSON protocol: X-Amz-Target names the operation), so every call is recorded as sent. The
 * source table has TTL, a stream, deletion protection and tags; a restored table is CREATING for
 * `creatingPolls` DescribeTable calls, then ACTIVE.
 */
function fakeDynamo(options: { pitr?: boolean; stream?: boolean; creatingPolls?: number } = {}) {
  const calls: Call[] = [];
  const tables = new Map<string, { status: string; polls: number; indexStatus: string }>();
  const notFound = (table: string): Answer => ({
    status: 400,
    body: { __type: 'com.amazonaws.dynamodb.v20120810#ResourceNotFoundException', message: `Requested resource not found: Table: ${table} not found` },
  });
  const describeSource = {
    TableName: SOURCE,
    TableArn: ARN(SOURCE),
    TableStatus: 'ACTIVE',
    BillingModeSummary: { BillingMode: 'PAY_PER_REQUEST' },
    DeletionProtectionEnabled: true,
    GlobalSecondaryIndexes: [{ IndexName: 'gsi1', IndexStatus: 'ACTIVE' }],
    ...(options.stream ? { StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' } } : {}),
  };
  const answer = (operation: string, input: Record<string, unknown>): Answer => {
    const table = String(input.TableName ?? input.TargetTableName ?? '');
    switch (operation) {
      case 'DescribeTable': {
        if (table === SOURCE) return { status: 200, body: { Table: describeSource } };
        const restored = tables.get(table);
        if (!restored) return notFound(table);
        restored.polls++;
        if (restored.status !== 'ACTIVE' && restored.polls > (options.creatingPolls ?? 2)) [restored.status, restored.indexStatus] = ['ACTIVE', 'ACTIVE'];
        return { status: 200, body: { Table: { TableName: table, TableArn: ARN(table), TableStatus: restored.status, GlobalSecondaryIndexes: [{ IndexName: 'gsi1', IndexStatus: restored.indexStatus }] } } };
      }
      case 'DescribeContinuousBackups':
        return {
          status: 200,
          body: {
            ContinuousBackupsDescription: {
              ContinuousBackupsStatus: 'ENABLED',
              PointInTimeRecoveryDescription:
                options.pitr === false
                  ? { PointInTimeRecoveryStatus: 'DISABLED' }
                  : { PointInTimeRecoveryStatus: 'ENABLED', EarliestRestorableDateTime: EARLIEST, LatestRestorableDateTime: LATEST },
            },
          },
        };
      case 'DescribeTimeToLive':
        return { status: 200, body: { TimeToLiveDescription: { TimeToLiveStatus: 'ENABLED', AttributeName: 'expiresAt' } } };
      case 'ListTagsOfResource':
        return input.NextToken
          ? { status: 200, body: { Tags: [{ Key: 'stage', Value: 'prod' }] } }
          : { status: 200, body: { Tags: [{ Key: 'project', Value: 'studio-interiors' }, { Key: 'aws:cloudformation:stack-name', Value: 'StudioInteriors-prod' }], NextToken: 'page-2' } };
      case 'RestoreTableToPointInTime':
        tables.set(table, { status: 'CREATING', polls: 0, indexStatus: 'CREATING' });
        return { status: 200, body: { TableDescription: { TableName: table, TableStatus: 'CREATING' } } };
      case 'UpdateTable': {
        const restored = tables.get(table);
        if (restored) [restored.status, restored.polls] = ['UPDATING', 0];
        return { status: 200, body: { TableDescription: { TableName: table, TableStatus: 'UPDATING' } } };
      }
      case 'UpdateTimeToLive':
        return { status: 200, body: { TimeToLiveSpecification: input.TimeToLiveSpecification } };
      case 'UpdateContinuousBackups':
        return { status: 200, body: { ContinuousBackupsDescription: { ContinuousBackupsStatus: 'ENABLED' } } };
      case 'TagResource':
        return { status: 200, body: {} };
      default:
        return { status: 400, body: { __type: 'com.amazonaws.dynamodb.v20120810#ValidationException', message: `unexpected ${operation}` } };
    }
  };
  const client = new DynamoDBClient({
    region: 'ap-south-1',
    credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'not-a-real-secret' },
    requestHandler: {
      handle: async (request: { headers: Record<string, string>; body?: unknown }) => {
        const operation = String(request.headers['x-amz-target']).replace('DynamoDB_20120810.', '');
        const body = request.body instanceof Uint8Array ? Buffer.from(request.body).toString('utf8') : String(request.body ?? '{}');
        const input = JSON.parse(body) as Record<string, unknown>;
        calls.push({ operation, input });
        const reply = answer(operation, input);
        return {
          response: { statusCode: reply.status, headers: { 'content-type': 'application/x-amz-json-1.0' }, body: Readable.from([Buffer.from(JSON.stringify(reply.body))]) },
        };
      },
    },
  });
  return { client, calls, tables };
}

const deps = (client: DynamoDBClient, lines: string[] = []) => ({ client, log: (line: string) => lines.push(line), sleep: () => Promise.resolve() });
const writes = (calls: Call[]) => calls.filter((call) => !/^(Describe|List)/.test(call.operation));

describe('pitr-restore (infra/scripts/pitr-restore.ts), against a stubbed DynamoDB', () => {
  it('restores into a new table, waits for it, then sets TTL, PITR, the stream, deletion protection and the tags the restore drops', async () => {
    const { client, calls } = fakeDynamo({ stream: true });
    const time = new Date('2026-11-01T09:30:00Z');
    const result = await restoreToPointInTime({ sourceTable: SOURCE, time }, deps(client));
    const target = `${SOURCE}-pitr-20261101T0930Z`;
    expect(result).toEqual({
      targetTable: target,
      restoredTo: '2026-11-01T09:30:00.000Z',
      applied: [
        'time to live on expiresAt',
        'point-in-time recovery',
        'stream (NEW_AND_OLD_IMAGES)',
        'deletion protection',
        'tags (project, stage, restored-from, restored-to)',
      ],
    });
    expect(writes(calls)).toEqual([
      {
        operation: 'RestoreTableToPointInTime',
        input: { SourceTableName: SOURCE, TargetTableName: target, RestoreDateTime: Date.parse('2026-11-01T09:30:00Z') / 1000, BillingModeOverride: 'PAY_PER_REQUEST' },
      },
      { operation: 'UpdateTimeToLive', input: { TableName: target, TimeToLiveSpecification: { Enabled: true, AttributeName: 'expiresAt' } } },
      { operation: 'UpdateContinuousBackups', input: { TableName: target, PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true } } },
      { operation: 'UpdateTable', input: { TableName: target, StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' } } },
      { operation: 'UpdateTable', input: { TableName: target, DeletionProtectionEnabled: true } },
      {
        operation: 'TagResource',
        input: {
          ResourceArn: ARN(target),
          Tags: [
            { Key: 'project', Value: 'studio-interiors' },
            { Key: 'stage', Value: 'prod' },
            { Key: 'restored-from', Value: SOURCE },
            { Key: 'restored-to', Value: '2026-11-01T09:30:00.000Z' },
          ],
        },
      },
    ]);
    // Every change to the new table waited for it to be ACTIVE, with its index, first; the source was never written.
    const restoreAt = calls.findIndex((call) => call.operation === 'RestoreTableToPointInTime');
    const firstUpdate = calls.findIndex((call) => call.operation === 'UpdateTimeToLive');
    expect(calls.slice(restoreAt + 1, firstUpdate).filter((call) => call.operation === 'DescribeTable').length).toBeGreaterThanOrEqual(3);
    expect(writes(calls).every((call) => call.input.TableName !== SOURCE && call.input.ResourceArn !== ARN(SOURCE))).toBe(true);
  });

  it('restores the latest restorable time with --latest, and sets no stream when the source has none', async () => {
    const { client, calls } = fakeDynamo({ stream: false });
    const result = await restoreToPointInTime({ sourceTable: SOURCE, targetTable: 'interiors-restored' }, deps(client));
    expect(result.restoredTo).toBe(new Date(LATEST * 1000).toISOString());
    expect(writes(calls)[0]).toEqual({
      operation: 'RestoreTableToPointInTime',
      input: { SourceTableName: SOURCE, TargetTableName: 'interiors-restored', UseLatestRestorableTime: true, BillingModeOverride: 'PAY_PER_REQUEST' },
    });
    expect(writes(calls).some((call) => call.operation === 'UpdateTable' && 'StreamSpecification' in call.input)).toBe(false);
  });

  it('refuses, before restoring anything, a time outside the recovery window, a source without PITR, and a target that exists', async () => {
    const early = fakeDynamo();
    await expect(restoreToPointInTime({ sourceTable: SOURCE, time: new Date('2026-09-01T00:00:00Z') }, deps(early.client))).rejects.toThrow(
      /outside .*recovery window: 2026-10-02T09:00:00.000Z to 2026-11-01T10:55:00.000Z/,
    );
    expect(writes(early.calls)).toEqual([]);
    const off = fakeDynamo({ pitr: false });
    await expect(restoreToPointInTime({ sourceTable: SOURCE, time: new Date('2026-11-01T09:30:00Z') }, deps(off.client))).rejects.toThrow(/not enabled/);
    expect(writes(off.calls)).toEqual([]);
    const taken = fakeDynamo();
    await expect(restoreToPointInTime({ sourceTable: SOURCE, targetTable: SOURCE }, deps(taken.client))).rejects.toThrow(/exists already/);
    expect(writes(taken.calls)).toEqual([]);
    await expect(restoreToPointInTime({ sourceTable: 'no-such-table' }, deps(fakeDynamo().client))).rejects.toBeInstanceOf(RestoreError);
  });

  it('gives up waiting, with what to do next, when the new table does not become ACTIVE', async () => {
    const { client } = fakeDynamo({ creatingPolls: 1_000 });
    await expect(restoreToPointInTime({ sourceTable: SOURCE }, { ...deps(client), maxPolls: 5 })).rejects.toThrow(/did not become ACTIVE .* run the rest by hand/);
  });

  it('reads its command line: --table with --time or --latest, --target and --region optional', () => {
    expect(parseArgs(['--table', SOURCE, '--time', '2026-11-01T09:30:00Z'])).toEqual({ sourceTable: SOURCE, time: new Date('2026-11-01T09:30:00Z') });
    expect(parseArgs(['--table', SOURCE, '--latest', '--target', 'x-restored', '--region', 'ap-south-1'])).toEqual({
      sourceTable: SOURCE,
      targetTable: 'x-restored',
      region: 'ap-south-1',
    });
    expect(() => parseArgs(['--time', '2026-11-01T09:30:00Z'])).toThrow(/--table/);
    expect(() => parseArgs(['--table', SOURCE])).toThrow(/--time .* or --latest/);
    expect(() => parseArgs(['--table', SOURCE, '--latest', '--time', '2026-11-01T09:30:00Z'])).toThrow(/either/);
    expect(() => parseArgs(['--table', SOURCE, '--time', 'yesterday'])).toThrow(/not a time/);
    expect(restoredTableName('interiors', new Date('2026-11-01T09:30:59Z'))).toBe('interiors-pitr-20261101T0930Z');
  });
});
