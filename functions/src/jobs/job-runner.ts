import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { log } from '../lib/log';
import type { JobRequest, JobRunner } from './backup';

/**
 * Starts a job in this process and returns at once (the local host): the job
 * records its own progress and failure, so nothing waits for it here.
 */
export function localJobRunner(run: (request: JobRequest) => Promise<void>): JobRunner & { idle: () => Promise<void> } {
  const running = new Set<Promise<void>>();
  return {
    async start(request) {
      const task = run(request)
        .catch((error: unknown) => log.error('job failed', { ...request, error }))
        .finally(() => running.delete(task));
      running.add(task);
    },
    /** Resolves when every job started here has ended (tests, shutdown). */
    async idle() {
      while (running.size > 0) await Promise.all([...running]);
    },
  };
}

/**
 * Starts a job in the Jobs function (deployed): an asynchronous invoke
 * ('Event'), so the admin function answers 202 at once and the job may run
 * up to the Jobs function's timeout. The admin role may invoke that function only.
 */
export function lambdaJobRunner(functionName: string, client = new LambdaClient({})): JobRunner {
  return {
    async start(request) {
      const answer = await client.send(
        new InvokeCommand({ FunctionName: functionName, InvocationType: 'Event', Payload: new TextEncoder().encode(JSON.stringify(request)) }),
      );
      if (answer.StatusCode !== 202) throw new Error(`The Jobs function did not accept the job (status ${String(answer.StatusCode)})`);
    },
  };
}
