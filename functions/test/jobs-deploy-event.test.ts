import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { dynamoEndpoint } from './dynamo-endpoint';
import type { Db } from '../src/db/client';
import { DATA_UPGRADE_RESOURCE_ID, handler, runDeployEvent, type DeployEvent } from '../src/handlers/jobs';
import { pendingUpgrades } from '../src/local/upgrade-data';
import { createTestApp } from './helpers';

/**
 * The deploy's data upgrade (infra/src/constructs/api.ts, the DataUpgrade custom resource): CDK's provider
 * framework invokes the Jobs function with CloudFormation's lifecycle events and fails the resource, and so the
 * deploy, with the message of an error it throws. Run here on DynamoDB Local through runDeployEvent and the
 * Lambda entry point.
 */
let LATEST: number;

beforeAll(async () => {
  // The last step a table that never had any is pending.
  const { db } = await createTestApp();
  const { steps } = await pendingUpgrades(db);
  LATEST = steps[steps.length - 1]!.version;
  expect(LATEST).toBeGreaterThanOrEqual(8);
});

/** A lifecycle event as the framework passes it on (its ResponseURL and ids left out: the function reads none of them). */
const deployEvent = (RequestType: DeployEvent['RequestType'], task: string | null = 'data-upgrade', PhysicalResourceId?: string): DeployEvent => ({
  RequestType,
  ...(PhysicalResourceId ? { PhysicalResourceId } : {}),
  ResourceProperties: { ...(task === null ? {} : { task }), ServiceToken: 'arn:aws:lambda:ap-south-1:123456789012:function:framework' } as { task?: string },
});

/** The table behind `db`, but every write refused (a throttled or broken table) while reads go through. */
function refusingWrites(db: Db): Db {
  const writes = new Set(['PutCommand', 'UpdateCommand', 'DeleteCommand', 'TransactWriteCommand', 'BatchWriteCommand']);
  const send = (command: { constructor: { name: string } }) =>
    writes.has(command.constructor.name) ? Promise.reject(new Error('write refused')) : db.doc.send(command as never);
  return { table: db.table, doc: { send } as unknown as DynamoDBDocumentClient };
}

describe("a deploy's lifecycle events in the Jobs function", () => {
  it('Create (a new stage) runs every upgrade step and answers the version reached; Update (every later deploy) changes nothing more', async () => {
    const { db } = await createTestApp();
    expect((await pendingUpgrades(db)).from).toBe(0);
    expect(await runDeployEvent({ db }, deployEvent('Create'))).toEqual({ PhysicalResourceId: DATA_UPGRADE_RESOURCE_ID, Data: { dataVersion: LATEST } });
    expect(await pendingUpgrades(db)).toEqual({ from: LATEST, steps: [] });
    expect(await runDeployEvent({ db }, deployEvent('Update', 'data-upgrade', DATA_UPGRADE_RESOURCE_ID))).toEqual({
      PhysicalResourceId: DATA_UPGRADE_RESOURCE_ID,
      Data: { dataVersion: LATEST },
    });
  }, 60_000);

  it('Delete (the stack going) runs nothing and keeps the physical id', async () => {
    const { db } = await createTestApp();
    expect(await runDeployEvent({ db }, deployEvent('Delete', 'data-upgrade', DATA_UPGRADE_RESOURCE_ID))).toEqual({ PhysicalResourceId: DATA_UPGRADE_RESOURCE_ID });
    expect((await pendingUpgrades(db)).from).toBe(0);
  });

  it('an Update back to an older deployId (CloudFormation rolling a failed deploy back) runs nothing and never fails', async () => {
    const { db } = await createTestApp();
    const rollback = {
      ...deployEvent('Update', 'data-upgrade', DATA_UPGRADE_RESOURCE_ID),
      ResourceProperties: { task: 'data-upgrade', deployId: '2026-11-20T10:00:00.000Z' },
      OldResourceProperties: { deployId: '2026-11-23T06:00:00.000Z' },
    };
    expect(await runDeployEvent({ db }, rollback)).toEqual({ PhysicalResourceId: DATA_UPGRADE_RESOURCE_ID, Data: { dataVersion: 0 } });
    expect((await pendingUpgrades(db)).from).toBe(0);
    // A table that cannot even be read does not fail it either (it answers no version then).
    const unreachable = { table: db.table, doc: { send: () => Promise.reject(new Error('unreachable')) } as unknown as DynamoDBDocumentClient };
    expect(await runDeployEvent({ db: unreachable }, rollback)).toEqual({ PhysicalResourceId: DATA_UPGRADE_RESOURCE_ID });
    // The next deploy (a newer deployId) runs them.
    const next = { ...rollback, ResourceProperties: { task: 'data-upgrade', deployId: '2026-11-23T07:00:00.000Z' } };
    expect(await runDeployEvent({ db }, next)).toEqual({ PhysicalResourceId: DATA_UPGRADE_RESOURCE_ID, Data: { dataVersion: LATEST } });
  }, 60_000);

  it('runs no other task: a resource asking for a backup or no task fails and writes nothing', async () => {
    const { db } = await createTestApp();
    await expect(runDeployEvent({ db }, deployEvent('Create', 'scheduled-backup'))).rejects.toThrow("A deploy runs the 'data-upgrade' task only, not 'scheduled-backup'");
    await expect(runDeployEvent({ db }, deployEvent('Update', null))).rejects.toThrow("not 'undefined'");
    expect((await pendingUpgrades(db)).from).toBe(0);
  });

  it('a failed upgrade throws the message the deploy fails with: the step, the version the table stays at, the cause', async () => {
    const { db } = await createTestApp();
    const error = await runDeployEvent({ db: refusingWrites(db) }, deployEvent('Update', 'data-upgrade', DATA_UPGRADE_RESOURCE_ID)).then(
      () => undefined,
      (thrown: unknown) => thrown as Error,
    );
    expect(error).toBeInstanceOf(Error);
    const { from, steps } = await pendingUpgrades(db);
    expect(error!.message).toBe(`Data upgrade failed at step ${steps[0]!.version} (${steps[0]!.name}); the table stays at data version ${from}: write refused`);
    // The next deploy (or a manual invoke) on a working table finishes the job.
    expect(await runDeployEvent({ db }, deployEvent('Update', 'data-upgrade', DATA_UPGRADE_RESOURCE_ID))).toMatchObject({ Data: { dataVersion: LATEST } });
  }, 60_000);

  it('the Lambda entry point tells a lifecycle event from a job event', async () => {
    const { db } = await createTestApp();
    process.env.TABLE_NAME = db.table;
    process.env.DYNAMODB_ENDPOINT = dynamoEndpoint();
    process.env.AWS_REGION = 'local';
    expect(await handler(deployEvent('Delete', 'data-upgrade', DATA_UPGRADE_RESOURCE_ID))).toEqual({ PhysicalResourceId: DATA_UPGRADE_RESOURCE_ID });
    expect((await pendingUpgrades(db)).from).toBe(0);
    expect(await handler(deployEvent('Create'))).toEqual({ PhysicalResourceId: DATA_UPGRADE_RESOURCE_ID, Data: { dataVersion: LATEST } });
    // A job event still goes to the jobs' dispatch.
    expect(await handler({ task: 'data-upgrade' })).toEqual({ dataVersion: LATEST });
  }, 60_000);
});
