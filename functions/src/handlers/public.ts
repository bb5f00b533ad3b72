import { handle, type LambdaEvent } from 'hono/aws-lambda';
import { createApp } from '../app';
import { dbFromEnv } from '../db/client';

/** Lambda entry point of the public surface (API Gateway HTTP API, payload v2). */
const app = createApp({
  db: dbFromEnv(),
  clientIp: (c) => {
    const event = (c.env as { event?: LambdaEvent } | undefined)?.event;
    return event && 'requestContext' in event && 'http' in event.requestContext
      ? event.requestContext.http.sourceIp
      : 'unknown';
  },
});

export const handler = handle(app);
