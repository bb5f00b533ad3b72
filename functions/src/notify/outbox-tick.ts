/**
 * The EventBridge rule's input that runs the outbox sender (every minute,
 * deployed) in the admin function: the function that holds the key that opens
 * the SMTP password (PII_KMS_KEY_ID), so no other role needs it. Plain data,
 * so infra can import it without pulling the SDK in.
 */
export const OUTBOX_TICK = { job: 'notification-outbox' } as const;

/** Whether a Lambda event is the rule's tick (API Gateway's events carry requestContext and never a top-level job). */
export function isOutboxTick(event: unknown): boolean {
  return typeof event === 'object' && event !== null && 'job' in event && event.job === OUTBOX_TICK.job && !('requestContext' in event);
}

/** A run stops claiming items after this (the admin function's timeout is 15 s; a send may take SMTP_TIMEOUTS.job). */
export const OUTBOX_TICK_BUDGET_MS = 5_000;
