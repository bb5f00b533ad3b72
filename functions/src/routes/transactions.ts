import { Hono } from 'hono';
import {
  IDEMPOTENCY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  STALE_TRANSACTION_MESSAGE,
  transactionCreateSchema,
  transactionListQuerySchema,
  transactionUpdateSchema,
} from '@app/shared-types/finance';
import { nowMs, requireManager, writeContext } from '../auth/middleware';
import { createTransaction, deleteTransaction, getTransaction, listTransactions, transactionCursorKeys, updateTransaction } from '../db/transaction-repo';
import type { AppEnv } from '../lib/deps';
import { errorBody, isEntityId, jsonBody, limitBody, listPage, queryParams, requireJson } from '../lib/http';
import { log } from '../lib/log';

const NOT_FOUND = 'Transaction not found';
/** A transaction at every field's maximum (10 attachments, a long description) is well under this. */
const TRANSACTION_MAX_BODY_BYTES = 24 * 1024;
export const IDEMPOTENCY_KEY_MESSAGE = 'Idempotency-Key must be 8 to 128 letters, digits, - or _';
export const IDEMPOTENCY_KEY_USED_MESSAGE = 'This Idempotency-Key created a transaction that has since been deleted. Send a new key to record it again.';

/** Finance transactions: manager, admin and superadmin only (PRODUCT.md); employees get 403. */
export const transactions = new Hono<AppEnv>()
  .use('*', requireManager)
  .get('/', queryParams(transactionListQuerySchema), async (c) => {
    const query = c.req.valid('query');
    return listPage(c, query.cursor, transactionCursorKeys(query), (start) => listTransactions(c.var.deps.db, query, start));
  })
  .post('/', limitBody(TRANSACTION_MAX_BODY_BYTES), requireJson, jsonBody(transactionCreateSchema), async (c) => {
    const key = c.req.header(IDEMPOTENCY_HEADER);
    if (key !== undefined && !IDEMPOTENCY_KEY_PATTERN.test(key)) {
      return c.json(errorBody('Validation failed', { [IDEMPOTENCY_HEADER]: IDEMPOTENCY_KEY_MESSAGE }), 400);
    }
    const employee = c.var.auth.employee;
    const result = await createTransaction(c.var.deps.db, c.req.valid('json'), writeContext(c), {
      ...(key ? { idempotency: { scope: employee.id, key, nowMs: nowMs(c) } } : {}),
    });
    if ('fields' in result) return c.json(errorBody('Validation failed', result.fields), 400);
    if ('replay' in result) return c.json(result.replay, 201);
    if ('keyUsed' in result) return c.json(errorBody(IDEMPOTENCY_KEY_USED_MESSAGE), 409);
    if (!('item' in result)) throw new Error('unexpected create result');
    log.info('transaction created', { transactionId: result.item.id, by: employee.id });
    return c.json(result.item, 201);
  })
  .get('/:id', async (c) => {
    const id = c.req.param('id');
    const tx = isEntityId(id) ? await getTransaction(c.var.deps.db, id) : undefined;
    if (!tx) return c.json(errorBody(NOT_FOUND), 404);
    c.header('Cache-Control', 'no-store');
    return c.json(tx, 200);
  })
  .put('/:id', limitBody(TRANSACTION_MAX_BODY_BYTES), requireJson, jsonBody(transactionUpdateSchema), async (c) => {
    const id = c.req.param('id');
    if (!isEntityId(id)) return c.json(errorBody(NOT_FOUND), 404);
    const result = await updateTransaction(c.var.deps.db, id, c.req.valid('json'), writeContext(c));
    if ('stale' in result) return c.json({ ...errorBody(STALE_TRANSACTION_MESSAGE), current: result.stale }, 409);
    if ('fields' in result) return c.json(errorBody('Validation failed', result.fields), 400);
    if (!('item' in result)) return c.json(errorBody(NOT_FOUND), 404);
    log.info('transaction updated', { transactionId: id, by: c.var.auth.employee.id });
    return c.json(result.item, 200);
  })
  .delete('/:id', async (c) => {
    const id = c.req.param('id');
    if (!isEntityId(id) || !('deleted' in (await deleteTransaction(c.var.deps.db, id, writeContext(c))))) {
      return c.json(errorBody(NOT_FOUND), 404);
    }
    log.info('transaction deleted', { transactionId: id, by: c.var.auth.employee.id });
    return c.json({ id }, 200);
  });
