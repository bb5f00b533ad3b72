import { beforeAll, describe, expect, it } from 'vitest';
import { TASK_KINDS, type NotificationEvent, type TaskEvent } from '@app/shared-types/notifications';
import type { Db } from '../src/db/client';
import { systemContext } from '../src/db/entity';
import { plan } from '../src/db/plan';
import { listOutbox, MAX_OUTBOX_ATTEMPTS, OUTBOX_MAX_DELAY_MS, runOutboxSender } from '../src/jobs/outbox';
import { TASK_RUNNERS } from '../src/jobs/tasks';
import { TaskRefused, type TaskRunner, type TaskRunners } from '../src/lib/outbox-task';
import { notify } from '../src/notify';
import { createTestApp, type TestClock } from './helpers';

/** The outbox's one task runner (issue 26): every task kind through one function, one retry policy, runners from a registry. */

let db: Db;
let clock: TestClock;
beforeAll(async () => {
  ({ db, clock } = await createTestApp());
}, 60_000);

const noMail = () => Promise.reject(new Error('a task is never mailed'));

async function queue(event: NotificationEvent, id: string) {
  const p = plan(db, systemContext(new Date(clock.now()).toISOString()));
  notify(p, event, id);
  await p.commit();
}

const googleTask = (leadId: string): TaskEvent => ({ kind: 'integration.google_lead', leadId, formId: 'f', campaignId: 'c', adGroupId: 'a', creativeId: 'cr', gclid: '', isTest: true, columns: [] });

/** A registry whose every runner is `run` (the sender looks runners up by the event's kind). */
function registry(run: TaskRunner): TaskRunners {
  return Object.fromEntries(TASK_KINDS.map((kind) => [kind, run])) as unknown as TaskRunners;
}

async function entry(id: string, status: 'pending' | 'sent' | 'failed' | 'skipped') {
  return (await listOutbox(db, status, 100)).items.find((item) => item.id === id);
}

describe('the outbox runs every task kind through one runner', () => {
  it('has a runner for each task kind, each its module own', () => {
    expect(Object.keys(TASK_RUNNERS).sort()).toEqual([...TASK_KINDS].sort());
  });

  it("passes the event to its kind's runner; done is 'sent', nothing to do 'skipped' with its note; never a bell or an email", async () => {
    const seen: string[] = [];
    const tasks = registry(async (event) => {
      seen.push(event.kind);
      return event.kind === 'integration.google_lead' && event.leadId === 'skip-me' ? { status: 'skipped', note: 'Nothing to do' } : undefined;
    });
    await queue(googleTask('done-1'), 'task-done-1');
    await queue(googleTask('skip-me'), 'task-skip-1');
    const run = await runOutboxSender(db, clock.now(), { mailer: noMail, tasks });
    expect(run).toMatchObject({ claimed: 2, sent: 1, skipped: 1, failed: 0, retrying: 0 });
    expect(seen).toEqual(['integration.google_lead', 'integration.google_lead']);
    const done = await entry('task-done-1', 'sent');
    expect(done).toMatchObject({ task: true, recipients: [], lastError: '' });
    expect(await entry('task-skip-1', 'skipped')).toMatchObject({ task: true, lastError: 'Nothing to do' });
  });

  it('retries a failure with backoff up to MAX_OUTBOX_ATTEMPTS, then fails it with its error', async () => {
    let calls = 0;
    const tasks = registry(async () => {
      calls++;
      throw new Error('The Graph API answered 500');
    });
    await queue(googleTask('retry-1'), 'task-retry-1');
    let at = clock.now();
    for (let attempt = 1; attempt < MAX_OUTBOX_ATTEMPTS; attempt++) {
      expect(await runOutboxSender(db, at, { mailer: noMail, tasks })).toMatchObject({ claimed: 1, retrying: 1 });
      const waiting = await entry('task-retry-1', 'pending');
      expect(waiting).toMatchObject({ attempts: attempt, lastError: 'The Graph API answered 500' });
      at = Date.parse(waiting!.nextAttemptAt) + 1;
      expect(at - clock.now()).toBeLessThanOrEqual(attempt * (OUTBOX_MAX_DELAY_MS + 1000));
    }
    expect(await runOutboxSender(db, at, { mailer: noMail, tasks })).toMatchObject({ claimed: 1, failed: 1 });
    expect(await entry('task-retry-1', 'failed')).toMatchObject({ attempts: MAX_OUTBOX_ATTEMPTS, task: true });
    expect(calls).toBe(MAX_OUTBOX_ATTEMPTS);
  });

  it('fails a TaskRefused at once, and the runner is told the failure is final', async () => {
    const finals: boolean[] = [];
    const tasks = registry(async (_event, { final }) => {
      const error = new TaskRefused('Set the access token first');
      finals.push(final(error), final(new Error('transient')));
      throw error;
    });
    await queue(googleTask('refused-1'), 'task-refused-1');
    expect(await runOutboxSender(db, clock.now(), { mailer: noMail, tasks })).toMatchObject({ claimed: 1, failed: 1 });
    expect(await entry('task-refused-1', 'failed')).toMatchObject({ attempts: 1, lastError: 'Set the access token first' });
    expect(finals).toEqual([true, false]);
  });
});
