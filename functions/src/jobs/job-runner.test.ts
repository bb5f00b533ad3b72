import { Readable } from 'node:stream';
import { LambdaClient } from '@aws-sdk/client-lambda';
import { describe, expect, it } from 'vitest';
import { lambdaJobRunner, localJobRunner } from './job-runner';

type Sent = { method: string; path: string; headers: Record<string, string>; body: string };

/** A Lambda client whose every request is recorded and answered with `status` (AWS is never reached). */
function recording(status: number) {
  const sent: Sent[] = [];
  const client = new LambdaClient({
    region: 'ap-south-1',
    credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'not-a-real-secret' },
    requestHandler: {
      handle: async (request: { method: string; path: string; headers: Record<string, string>; body?: unknown }) => {
        const body = request.body instanceof Uint8Array ? new TextDecoder().decode(request.body) : String(request.body ?? '');
        sent.push({ method: request.method, path: request.path, headers: request.headers, body });
        return { response: { statusCode: status, headers: {}, body: Readable.from([Buffer.from('')]) } };
      },
    },
  });
  return { client, sent };
}

describe('job runners', () => {
  it('deployed: invokes the Jobs function asynchronously (Event) with the job to run', async () => {
    const { client, sent } = recording(202);
    await lambdaJobRunner('jobs-function', client).start({ backupJob: { jobId: 'job-1' } });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ method: 'POST', path: '/2015-03-31/functions/jobs-function/invocations' });
    expect(sent[0]!.headers['x-amz-invocation-type']).toBe('Event');
    expect(JSON.parse(sent[0]!.body)).toEqual({ backupJob: { jobId: 'job-1' } });
  });

  it('deployed: the retention job goes the same way, its task as the payload (handlers/jobs.ts runs it)', async () => {
    const { client, sent } = recording(202);
    await lambdaJobRunner('jobs-function', client).start({ task: 'submission-retention' });
    expect(sent[0]!.headers['x-amz-invocation-type']).toBe('Event');
    expect(JSON.parse(sent[0]!.body)).toEqual({ task: 'submission-retention' });
  });

  it('deployed: a refused invoke fails the start (the route then answers an error, not 202)', async () => {
    const { client } = recording(200);
    await expect(lambdaJobRunner('jobs-function', client).start({ backupJob: { jobId: 'job-1' } })).rejects.toThrow(/did not accept/);
  });

  it('locally: runs the job in this process without waiting for it, and idle() waits', async () => {
    const ran: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const runner = localJobRunner(async (request) => {
      await gate;
      ran.push('backupJob' in request ? request.backupJob.jobId : request.task);
    });
    await runner.start({ backupJob: { jobId: 'a' } });
    expect(ran).toEqual([]);
    release();
    await runner.idle();
    expect(ran).toEqual(['a']);
  });
});
