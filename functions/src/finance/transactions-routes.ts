import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import {
  ATTACHMENT_SIZE_MESSAGE,
  ATTACHMENT_TYPE_MESSAGE,
  MAX_ATTACHMENT_BYTES,
  MAX_ATTACHMENTS,
  attachmentAddSchema,
  attachmentUploadRequestSchema,
  detectAttachmentType,
  type Attachment,
  type AttachmentUploadTicket,
  type Transaction,
  IDEMPOTENCY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  STALE_TRANSACTION_MESSAGE,
  DUE_BEFORE_DATE_MESSAGE,
  NOT_PENDING_MESSAGE,
  paymentRecordSchema,
  transactionCreateSchema,
  transactionListQuerySchema,
  transactionUpdateSchema,
} from '@app/shared-types/finance';
import { calendarDate } from '@app/shared-types/format';
import { nowMs, requireManager, writeContext } from '../auth';
import { recordPayment } from './payments';
import {
  addTransactionAttachment,
  createTransaction,
  deleteTransaction,
  getTransaction,
  listTransactions,
  removeTransactionAttachment,
  transactionCursorKeys,
  updateTransaction,
} from './transaction-repo';
import { attachmentKey, attachmentStagingKey } from '../photos';
import { removeFiles } from '../photos';
import type { AppEnv } from '../app-deps';
import { errorBody, isEntityId, jsonBody, limitBody, listPage, queryParams, requestHash, requireJson } from '../lib/http';
import { log } from '../lib/log';
import { access } from '../lib/route-access';

const NOT_FOUND = 'Transaction not found';
const ATTACHMENT_NOT_FOUND = 'Attachment not found';
/** Said with a 503 when the host provides no file storage. */
const NO_FILE_STORAGE = 'File uploads are not available on this server';
const ATTACHMENTS_FULL = `A transaction can have at most ${MAX_ATTACHMENTS} attachments. Remove one first.`;
const ALREADY_ATTACHED = 'This file is already attached';
/** A staged file was replaced or deleted between the check and the publish. */
const UPLOAD_CHANGED = 'The upload changed while it was being attached. Upload the file again.';

/** The stored files of a transaction's attachments. */
const attachmentKeys = (tx: Transaction, attachments: Attachment[] = tx.attachments) =>
  attachments.map((attachment) => attachmentKey(tx.id, attachment.id, attachment.contentType));
/** A transaction at every field's maximum (10 attachments, a long description) is well under this. */
const TRANSACTION_MAX_BODY_BYTES = 24 * 1024;
export const IDEMPOTENCY_KEY_MESSAGE = 'Idempotency-Key must be 8 to 128 letters, digits, - or _';
export const IDEMPOTENCY_KEY_USED_MESSAGE = 'This Idempotency-Key created a transaction that has since been deleted. Send a new key to record it again.';
/** Stripe's answer to a key sent again with another request: 422, nothing created. */
export const IDEMPOTENCY_KEY_MISMATCH_MESSAGE = 'Idempotency-Key reused with a different request';

/** Finance transactions: manager, admin and superadmin only (PRODUCT.md); employees get 403. */
export const transactions = new Hono<AppEnv>()
  .use('*', requireManager)
  .get('/', access.role('manager'), queryParams(transactionListQuerySchema), async (c) => {
    const query = c.req.valid('query');
    return listPage(c, query.cursor, transactionCursorKeys(query), (start) => listTransactions(c.var.deps.db, query, start));
  })
  .post('/', access.role('manager'), limitBody(TRANSACTION_MAX_BODY_BYTES), requireJson, jsonBody(transactionCreateSchema), async (c) => {
    const key = c.req.header(IDEMPOTENCY_HEADER);
    if (key !== undefined && !IDEMPOTENCY_KEY_PATTERN.test(key)) {
      return c.json(errorBody('Validation failed', { [IDEMPOTENCY_HEADER]: IDEMPOTENCY_KEY_MESSAGE }), 400);
    }
    const employee = c.var.auth.employee;
    const input = c.req.valid('json');
    // Sent without a date, the transaction is dated today.
    if (!input.transactionDate && input.dueDate && input.dueDate < calendarDate(nowMs(c))) {
      return c.json(errorBody('Validation failed', { dueDate: DUE_BEFORE_DATE_MESSAGE }), 400);
    }
    const result = await createTransaction(c.var.deps.db, input, writeContext(c), {
      ...(key ? { idempotency: { scope: employee.id, key, requestHash: requestHash(c.req.method, c.req.path, input), nowMs: nowMs(c) } } : {}),
    });
    if ('fields' in result) return c.json(errorBody('Validation failed', result.fields), 400);
    if ('replay' in result) return c.json(result.replay, 201);
    if ('keyUsed' in result) return c.json(errorBody(IDEMPOTENCY_KEY_USED_MESSAGE), 409);
    if ('keyMismatch' in result) return c.json(errorBody(IDEMPOTENCY_KEY_MISMATCH_MESSAGE), 422);
    if (!('item' in result)) throw new Error('unexpected create result');
    log.info('transaction created', { transactionId: result.item.id, by: employee.id });
    return c.json(result.item, 201);
  })
  .get('/:id', access.role('manager'), async (c) => {
    const id = c.req.param('id');
    const tx = isEntityId(id) ? await getTransaction(c.var.deps.db, id) : undefined;
    if (!tx) return c.json(errorBody(NOT_FOUND), 404);
    c.header('Cache-Control', 'no-store');
    return c.json(tx, 200);
  })
  .put('/:id', access.role('manager'), limitBody(TRANSACTION_MAX_BODY_BYTES), requireJson, jsonBody(transactionUpdateSchema), async (c) => {
    const id = c.req.param('id');
    if (!isEntityId(id)) return c.json(errorBody(NOT_FOUND), 404);
    const result = await updateTransaction(c.var.deps.db, id, c.req.valid('json'), writeContext(c));
    if ('stale' in result) return c.json({ ...errorBody(STALE_TRANSACTION_MESSAGE), current: result.stale }, 409);
    if ('fields' in result) return c.json(errorBody('Validation failed', result.fields), 400);
    if (!('item' in result)) return c.json(errorBody(NOT_FOUND), 404);
    log.info('transaction updated', { transactionId: id, by: c.var.auth.employee.id });
    return c.json(result.item, 200);
  })
  // 'Record payment': a payment (date, method, reference, amount) at the version the screen saw; a part leaves the rest pending.
  .post('/:id/payments', access.role('manager'), limitBody(), requireJson, jsonBody(paymentRecordSchema), async (c) => {
    const id = c.req.param('id');
    if (!isEntityId(id)) return c.json(errorBody(NOT_FOUND), 404);
    const result = await recordPayment(c.var.deps.db, id, c.req.valid('json'), writeContext(c));
    if ('stale' in result) return c.json({ ...errorBody(STALE_TRANSACTION_MESSAGE), current: result.stale }, 409);
    if ('notPending' in result) return c.json({ ...errorBody(NOT_PENDING_MESSAGE), current: result.notPending }, 409);
    if ('fields' in result) return c.json(errorBody('Validation failed', result.fields), 400);
    if (!('item' in result)) return c.json(errorBody(NOT_FOUND), 404);
    log.info('payment recorded', { transactionId: id, by: c.var.auth.employee.id });
    return c.json(result.item, 200);
  })
  .delete('/:id', access.role('manager'), async (c) => {
    const id = c.req.param('id');
    const result = isEntityId(id) ? await deleteTransaction(c.var.deps.db, id, writeContext(c)) : undefined;
    if (!result || !('deleted' in result)) return c.json(errorBody(NOT_FOUND), 404);
    await removeFiles(c, attachmentKeys(result.deleted));
    log.info('transaction deleted', { transactionId: id, by: c.var.auth.employee.id });
    return c.json({ id }, 200);
  })
  // Receipts and invoices: uploaded like project photos (a signed form to staging, checked by
  // content, then published), but to the private prefix, read only through short-lived links.
  .post('/:id/attachment-uploads', access.role('manager'), limitBody(), requireJson, jsonBody(attachmentUploadRequestSchema), async (c) => {
    const storage = c.var.deps.photos;
    if (!storage) return c.json(errorBody(NO_FILE_STORAGE), 503);
    const id = c.req.param('id');
    const tx = isEntityId(id) ? await getTransaction(c.var.deps.db, id) : undefined;
    if (!tx) return c.json(errorBody(NOT_FOUND), 404);
    if (tx.attachments.length >= MAX_ATTACHMENTS) return c.json(errorBody(ATTACHMENTS_FULL), 409);
    const { contentType } = c.req.valid('json');
    const uploadId = randomUUID();
    const target = await storage.createUpload(attachmentStagingKey(id, uploadId, contentType), contentType, MAX_ATTACHMENT_BYTES);
    return c.json({ uploadId, target } satisfies AttachmentUploadTicket, 201);
  })
  .post('/:id/attachments', access.role('manager'), limitBody(), requireJson, jsonBody(attachmentAddSchema), async (c) => {
    const storage = c.var.deps.photos;
    if (!storage) return c.json(errorBody(NO_FILE_STORAGE), 503);
    const id = c.req.param('id');
    const tx = isEntityId(id) ? await getTransaction(c.var.deps.db, id) : undefined;
    if (!tx) return c.json(errorBody(NOT_FOUND), 404);
    const { uploadId, name, contentType } = c.req.valid('json');
    if (tx.attachments.some((attachment) => attachment.id === uploadId)) return c.json(errorBody(ALREADY_ATTACHED), 409);
    if (tx.attachments.length >= MAX_ATTACHMENTS) return c.json(errorBody(ATTACHMENTS_FULL), 409);
    const staged = attachmentStagingKey(id, uploadId, contentType);
    // What arrived, by its size and first bytes, never by its name.
    const file = await storage.inspect(staged);
    if (!file) return c.json(errorBody('Upload the file before attaching it', { file: 'Upload incomplete' }), 400);
    if (file.size > MAX_ATTACHMENT_BYTES) {
      await removeFiles(c, [staged]);
      return c.json(errorBody(ATTACHMENT_SIZE_MESSAGE, { file: ATTACHMENT_SIZE_MESSAGE }), 413);
    }
    if (detectAttachmentType(file.head) !== contentType) {
      await removeFiles(c, [staged]);
      return c.json(errorBody(ATTACHMENT_TYPE_MESSAGE, { file: ATTACHMENT_TYPE_MESSAGE }), 415);
    }
    const key = attachmentKey(id, uploadId, contentType);
    if ((await storage.publish(staged, key, file.version, contentType)) === 'changed') {
      return c.json(errorBody(UPLOAD_CHANGED, { file: UPLOAD_CHANGED }), 409);
    }
    const attachment: Attachment = { id: uploadId, name, contentType, size: file.size };
    const result = await addTransactionAttachment(c.var.deps.db, id, attachment, writeContext(c));
    if (!('item' in result)) {
      await removeFiles(c, [key]);
      return c.json(errorBody(NOT_FOUND), 404);
    }
    // Filled up by racing adds meanwhile (the file is not this transaction's, so it goes).
    if (!result.item.attachments.some((existing) => existing.id === uploadId)) {
      await removeFiles(c, [key]);
      return c.json(errorBody(ATTACHMENTS_FULL), 409);
    }
    log.info('transaction attachment added', { transactionId: id, attachmentId: uploadId, by: c.var.auth.employee.id });
    return c.json(result.item, 201);
  })
  .get('/:id/attachments/:attachmentId', access.role('manager'), async (c) => {
    const storage = c.var.deps.photos;
    if (!storage) return c.json(errorBody(NO_FILE_STORAGE), 503);
    const { id, attachmentId } = c.req.param();
    const tx = isEntityId(id) ? await getTransaction(c.var.deps.db, id) : undefined;
    const attachment = tx?.attachments.find((existing) => existing.id === attachmentId);
    if (!tx || !attachment) return c.json(errorBody(ATTACHMENT_NOT_FOUND), 404);
    c.header('Cache-Control', 'no-store');
    return c.redirect(await storage.downloadUrl(attachmentKeys(tx, [attachment])[0]!, attachment.name, attachment.contentType), 302);
  })
  .delete('/:id/attachments/:attachmentId', access.role('manager'), async (c) => {
    const { id, attachmentId } = c.req.param();
    const tx = isEntityId(id) ? await getTransaction(c.var.deps.db, id) : undefined;
    const attachment = tx?.attachments.find((existing) => existing.id === attachmentId);
    if (!tx || !attachment) return c.json(errorBody(ATTACHMENT_NOT_FOUND), 404);
    const result = await removeTransactionAttachment(c.var.deps.db, id, attachmentId, writeContext(c));
    if (!('item' in result)) return c.json(errorBody(NOT_FOUND), 404);
    await removeFiles(c, attachmentKeys(tx, [attachment]));
    log.info('transaction attachment removed', { transactionId: id, attachmentId, by: c.var.auth.employee.id });
    return c.json(result.item, 200);
  });
