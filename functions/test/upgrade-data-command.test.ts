import { execFile } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { dynamoEndpoint } from './dynamo-endpoint';
import type { Customer } from '@app/shared-types/customers';
import type { Project } from '@app/shared-types/projects';
import { keys } from '../src/db/keys';
import { runJobsEvent } from '../src/handlers/jobs';
import { createTestApp, customerInput, json, signedInStaff, staffRequest } from './helpers';

const run = promisify(execFile);
const root = join(dirname(fileURLToPath(import.meta.url)), '../..');

/** `npm run upgrade-data -- <args>` (its script, run by tsx) against `table` on the run's DynamoDB Local. */
async function upgradeData(table: string, ...args: string[]) {
  const { stdout } = await run(join(root, 'node_modules/.bin/tsx'), ['functions/src/local/upgrade-data-command.ts', ...args], {
    cwd: root,
    env: { ...process.env, DYNAMODB_ENDPOINT: dynamoEndpoint(), TABLE_NAME: table, AWS_REGION: 'local', LOG_LEVEL: 'silent' },
  });
  return stdout;
}

/** A table with one project saved before slugs (no slug, no marker) at data version 7, as a deployed table may hold it. */
async function tableWithSluglessProject(name: string) {
  const { app, db } = await createTestApp();
  const staff = await signedInStaff(app, db, 'employee');
  const customer = await json<Customer>(staffRequest(app, '/api/customers', staff.cookie, { method: 'POST', body: customerInput }));
  const project = await json<Project>(staffRequest(app, '/api/projects', staff.cookie, { method: 'POST', body: { customerId: customer.id, name, projectType: 'Villa' } }));
  const stored = (await db.doc.send(new GetCommand({ TableName: db.table, Key: keys.project(project.id) }))).Item!;
  const { slug: _slug, ...withoutSlug } = stored;
  void _slug;
  await db.doc.send(new PutCommand({ TableName: db.table, Item: withoutSlug }));
  await db.doc.send(new DeleteCommand({ TableName: db.table, Key: keys.projectSlug(project.slug) }));
  await db.doc.send(new PutCommand({ TableName: db.table, Item: { ...keys.dataVersion(), entityType: 'DataVersion', version: 7 } }));
  const slugOf = async () => (await db.doc.send(new GetCommand({ TableName: db.table, Key: keys.project(project.id), ConsistentRead: true }))).Item!.slug as unknown;
  return { db, project, slugOf };
}

describe('npm run upgrade-data (a deployed table has no start-up to run the data upgrades)', () => {
  it('lists the pending steps without running them, runs them once, then finds nothing to do', async () => {
    const { db, project, slugOf } = await tableWithSluglessProject('Film Nagar Bungalow');

    const listed = await upgradeData(db.table, '--list');
    expect(listed).toContain(`Table '${db.table}' is at data version 7.`);
    expect(listed).toMatch(/Pending: 8 - every project gets its readable website address/);
    expect(await slugOf()).toBeUndefined();

    const ran = await upgradeData(db.table);
    expect(ran).toMatch(/Running: 8 - /);
    expect(ran).toContain(`Table '${db.table}' is now at data version 12.`);
    expect(await slugOf()).toBe('film-nagar-bungalow');
    const marker = await db.doc.send(new GetCommand({ TableName: db.table, Key: keys.projectSlug('film-nagar-bungalow'), ConsistentRead: true }));
    expect(marker.Item).toMatchObject({ entityType: 'ProjectSlug', projectId: project.id });

    expect(await upgradeData(db.table)).toContain('Nothing to upgrade.');
  }, 60_000);
});

describe("the Jobs function's 'data-upgrade' task (what a deploy step can invoke)", () => {
  it('runs the pending upgrades and answers the version reached; again, it changes nothing', async () => {
    const { db, project, slugOf } = await tableWithSluglessProject('Road No 10 Residence');
    expect(await runJobsEvent({ db }, { task: 'data-upgrade' })).toEqual({ dataVersion: 12 });
    expect(await slugOf()).toBe('road-no-10-residence');
    const marker = await db.doc.send(new GetCommand({ TableName: db.table, Key: keys.projectSlug('road-no-10-residence'), ConsistentRead: true }));
    expect(marker.Item).toMatchObject({ projectId: project.id });
    expect(await runJobsEvent({ db }, { task: 'data-upgrade' })).toEqual({ dataVersion: 12 });
    expect(await slugOf()).toBe('road-no-10-residence');
  }, 60_000);
});
