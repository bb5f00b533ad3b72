import { isRecord } from '@app/shared-types/guards';

/**
 * Whether an error means the database (or another AWS service the request
 * needed) could not be reached or would not serve us right now, so the answer
 * is "try again in a moment" (503), not "we have a bug" (500): the network
 * (refused, reset, unreachable), the SDK's connection and request timeouts,
 * throttling, and the service's own 5xx answers. Anything else is a bug.
 */
export function isServiceUnavailable(error: unknown): boolean {
  return causes(error).some(isUnavailableCause);
}

/** A BatchGetItem or BatchWriteItem that kept leaving items unprocessed past its retries: DynamoDB is throttling us (503). */
export class UnprocessedItems extends Error {
  override readonly name = 'UnprocessedItems';
}

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** The SDK's error names for timeouts, throttling and the service's own failures. */
const UNAVAILABLE_NAMES = new Set([
  'TimeoutError',
  'RequestTimeout',
  'RequestTimeoutException',
  'ProvisionedThroughputExceededException',
  'ThrottlingException',
  'Throttling',
  'RequestLimitExceeded',
  'TooManyRequestsException',
  'InternalServerError',
  // A single-item write refused while a transaction was writing that item.
  'TransactionConflictException',
  // A write that kept losing (its unique claim, an approval, a delete) to concurrent writes (db/entity.ts): busy, worth retrying.
  'ContendedWrite',
  // A batch read or write whose items DynamoDB kept leaving unprocessed (its throughput): busy, worth retrying.
  'UnprocessedItems',
  'InternalFailure',
  'ServiceUnavailable',
  'ServiceUnavailableException',
]);

/** A cancelled transaction's reasons that are throttling, not a failed condition. */
const UNAVAILABLE_CANCELLATION_CODES = new Set(['ThrottlingError', 'ProvisionedThroughputExceeded', 'RequestLimitExceeded']);

/**
 * The reason code of each entry of a cancelled transaction ('None' for the
 * ones that were fine); undefined when `error` is not one. Read by name, as
 * DynamoDB's errors are told apart everywhere here.
 */
export function cancellationCodes(error: unknown): (string | undefined)[] | undefined {
  if (!isRecord(error) || error.name !== 'TransactionCanceledException') return undefined;
  const reasons: unknown[] = Array.isArray(error.CancellationReasons) ? error.CancellationReasons : [];
  return reasons.map((reason) => (isRecord(reason) && typeof reason.Code === 'string' ? reason.Code : undefined));
}

function isUnavailableCause(error: unknown): boolean {
  if (!isRecord(error)) return false;
  const { code, name, $fault, $metadata } = error;
  if (typeof code === 'string' && NETWORK_CODES.has(code)) return true;
  if (typeof name === 'string' && UNAVAILABLE_NAMES.has(name)) return true;
  const codes = cancellationCodes(error);
  if (codes) {
    // Lost to concurrent transactions past the write's own tries, no condition failed: busy, not a bug.
    const onlyConflicts = codes.includes('TransactionConflict') && !codes.includes('ConditionalCheckFailed');
    return onlyConflicts || codes.some((code) => code !== undefined && UNAVAILABLE_CANCELLATION_CODES.has(code));
  }
  // An SDK error (it carries $metadata) for an answer of 5xx: the service failed, not our request.
  const status = isRecord($metadata) ? $metadata.httpStatusCode : undefined;
  return typeof status === 'number' && status >= 500 && $fault === 'server';
}

/** The error, its causes and an AggregateError's errors (connecting to both IPv4 and IPv6 gives one), a few levels deep. */
function causes(error: unknown, depth = 0): unknown[] {
  if (depth > 4 || typeof error !== 'object' || error === null) return [error];
  const nested: unknown[] = [];
  if ('cause' in error) nested.push(error.cause);
  if (error instanceof AggregateError) nested.push(...error.errors);
  return [error, ...nested.flatMap((inner) => causes(inner, depth + 1))];
}
