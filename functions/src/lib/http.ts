import { createHash } from 'node:crypto';
import type { Context, MiddlewareHandler, TypedResponse } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { validator } from 'hono/validator';
import { ValidationError, type ValidateOptions } from 'yup';
import type { ApiErrorBody, Page } from '@app/shared-types/api';
import { API_INPUT_CONTEXT, fieldMessages } from '@app/shared-types/forms';
import { decodeListCursor, encodeCursor } from '../db/cursor';
import type { CursorKeys, ItemKey } from '../db/entity';
import { hitRateLimit } from './rate-limit';
import type { AppEnv } from '../app-deps';
import { reservedKeyFields, reservedNameFields } from './reserved-keys';

export const MAX_JSON_BODY_BYTES = 16 * 1024;

export function errorBody(error: string, fields?: Record<string, string>): ApiErrorBody {
  return fields ? { error, fields } : { error };
}


/** 413 for bodies over the limit, before anything reads them. */
export const limitBody = (maxSize = MAX_JSON_BODY_BYTES): MiddlewareHandler =>
  bodyLimit({
    maxSize,
    onError: (c) => c.json(errorBody(`Request body too large (${maxSize / 1024} KiB at most)`), 413),
  });

/** 415 unless the request says it sends JSON. */
export const requireJson: MiddlewareHandler = async (c, next) => {
  const type = (c.req.header('content-type') ?? '').split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/json') {
    return c.json(errorBody('Content-Type must be application/json'), 415);
  }
  await next();
};

/**
 * What the validators use of a yup object schema: its output type and
 * `validate`. A narrow shape on purpose: tsc relates yup's full ObjectSchema
 * types member by member, which cost seconds per routes file.
 */
interface InputSchema {
  __outputType: object;
  validate(value: unknown, options?: ValidateOptions): Promise<this['__outputType']>;
}
type Output<S extends InputSchema> = S['__outputType'];

/**
 * Validates a JSON body with a shared yup schema. Unknown fields are dropped,
 * strings trimmed; failures give 400 with a message per field. The context
 * says it is a request's body: fields built with jsonNumber (transaction
 * amounts) then take a JSON number only, never text or a list.
 */
export const jsonBody = <S extends InputSchema>(schema: S) =>
  validator('json', async (value: unknown, c): Promise<Output<S> | Response> => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      return c.json(errorBody('Request body must be a JSON object'), 400);
    }
    // Keys such as 'constructor' make yup throw: refused here, anywhere in the body.
    const reserved = reservedKeyFields(value);
    if (Object.keys(reserved).length > 0) return c.json(errorBody('Validation failed', reserved), 400);
    try {
      return await schema.validate(value, { abortEarly: false, stripUnknown: true, context: API_INPUT_CONTEXT });
    } catch (error) {
      if (error instanceof ValidationError) {
        return c.json(errorBody('Validation failed', fieldMessages(error)), 400);
      }
      throw error;
    }
  });

/** What a client sends as query parameters: every field optional, as text. */
type QueryInput<S extends InputSchema> = { [K in keyof Output<S>]?: string };

/**
 * Validates query parameters with a yup schema; 400 with field messages otherwise.
 * Clients may omit any parameter (the schema supplies defaults), which the
 * declared input type says for the typed client.
 */
export const queryParams = <S extends InputSchema>(schema: S) =>
  validator('query', async (value, c) => {
    // Read from the URL itself: the parsed query silently drops '__proto__'.
    const reserved = reservedNameFields(new URL(c.req.url).searchParams.keys());
    if (Object.keys(reserved).length > 0) return c.json(errorBody('Invalid query parameters', reserved), 400);
    try {
      return await schema.validate(value, { abortEarly: false, stripUnknown: true });
    } catch (error) {
      if (error instanceof ValidationError) {
        return c.json(errorBody('Invalid query parameters', fieldMessages(error)), 400);
      }
      throw error;
    }
  }) as MiddlewareHandler<AppEnv, string, { in: { query: QueryInput<S> }; out: { query: Output<S> } }>;

/** JSON with every object's keys in order: one text per value, however its keys were sent. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, field]) => field !== undefined);
    return `{${entries
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([name, field]) => `${JSON.stringify(name)}:${canonicalJson(field)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * The hash of a request, kept with its Idempotency-Key: its method, path and
 * body as validated (unknown fields dropped, text trimmed), in canonical JSON.
 */
export function requestHash(method: string, path: string, body: unknown): string {
  return createHash('sha256').update(`${method.toUpperCase()} ${path}\n${canonicalJson(body)}`).digest('base64url');
}

/** The app's clock (tests move it) in epoch milliseconds. */
export const nowMs = (c: Context<AppEnv>) => (c.var.deps.now ?? Date.now)();
/** The app's clock as an ISO timestamp (what items store). */
export const nowIso = (c: Context<AppEnv>) => new Date(nowMs(c)).toISOString();

/** Per-IP fixed-window limit; over it, 429 with Retry-After. */
export const rateLimit = (options: { scope: string; limit: number; windowSeconds: number }): MiddlewareHandler<AppEnv> =>
  async (c: Context<AppEnv>, next) => {
    const { db, clientIp } = c.var.deps;
    const result = await hitRateLimit(db, { ...options, subject: clientIp(c), nowMs: nowMs(c) });
    if (!result.allowed) {
      c.header('Retry-After', String(result.retryAfter));
      return c.json(errorBody('Too many requests. Please try again in a minute.'), 429);
    }
    await next();
  };

/** Ids the app makes (UUIDs) or seeds (slugs); anything else cannot name an item. */
export function isEntityId(id: string): boolean {
  return /^[A-Za-z0-9-]{1,64}$/.test(id);
}

/**
 * The answer of a list route: 400 when the cursor is not one of this list's
 * (forged, or from another list), else the page `read` returns from the
 * cursor's position, never cached, with the next cursor when there is one
 * (and, with `total`, how many all pages hold, when that is known).
 */
export async function listPage<T>(
  c: Context<AppEnv>,
  cursor: string | undefined,
  cursorKeys: CursorKeys,
  read: (start: ItemKey | undefined) => Promise<{ items: T[]; lastKey?: ItemKey }>,
  total?: () => Promise<number | undefined>,
): Promise<(Response & TypedResponse<ApiErrorBody, 400, 'json'>) | (Response & TypedResponse<Page<T>, 200, 'json'>)> {
  const start = decodeListCursor(cursor, cursorKeys);
  if (start === null) return c.json(errorBody('Invalid query parameters', { cursor: 'cursor is not valid for these filters' }), 400);
  const [{ items, lastKey }, count] = await Promise.all([read(start), total?.()]);
  const nextCursor = encodeCursor(lastKey);
  c.header('Cache-Control', 'no-store');
  const page: Page<T> = { items, ...(nextCursor ? { nextCursor } : {}), ...(count !== undefined ? { total: count } : {}) };
  // TypeScript cannot work out the JSON form of a generic T; for the plain data items are, it is T itself.
  return c.json(page, 200) as Response & TypedResponse<Page<T>, 200, 'json'>;
}
