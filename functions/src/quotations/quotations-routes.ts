import { Hono, type Context } from 'hono';
import * as yup from 'yup';
import { ROLES } from '@app/shared-types/auth';
import { expectedVersion, pageLimit } from '@app/shared-types/forms';
import { calendarDate } from '@app/shared-types/format';
import {
  DEFAULT_QUOTATION_NOTES,
  LOW_MARGIN_MESSAGE,
  NOT_VARIABLE_MESSAGE,
  QUOTATION_LOCKED_MESSAGE,
  PROJECT_TYPE_TO_SEND,
  letterheadOf,
  QUOTE_TOO_LARGE_TO_MARK,
  STALE_QUOTATION_MESSAGE,
  publicQuotationOf,
  quotationCreateSchema,
  quotationListQuerySchema,
  quotationUpdateSchema,
  type PublicQuotation,
  type Quotation,
  type QuotationSendResult,
} from '@app/shared-types/quotations';
import { nowMs, requireManager, requireRole, writeContext } from '../auth';
import { approveQuotation } from './approval';
import {
  createQuotation,
  deleteQuotation,
  getQuotation,
  getRevision,
  issueOf,
  latestResponses,
  listQuotations,
  listRevisions,
  quotationCursorKeys,
  quotationSettings,
  sendQuotation,
  updateQuotation,
  type LowMargin,
} from './quotation-repo';
import { createVariation } from './variation';
import { pdfFileName } from './client-mail';
import { keys } from '../db/keys';
import { getSettings } from '../settings';
import type { Db } from '../db/client';
import type { AppEnv } from '../app-deps';
import { errorBody, isEntityId, jsonBody, limitBody, listPage, queryParams, requireJson } from '../lib/http';
import { log } from '../lib/log';
import { access } from '../lib/route-access';
import { letterheadLogo } from './letterhead-logo';

const NOT_FOUND = 'Quotation not found';
const NO_PDF = 'PDF export is not available on this server';
const NOT_SENDABLE = 'An approved or rejected quotation cannot be sent again. Duplicate it to send a new one.';
const NOT_APPROVABLE = 'Only a draft or sent quotation can be approved';
const ALREADY_APPROVED = 'This quotation has already been approved';
/** A quote of 200 rows at every field's maximum is about 150 KiB of JSON. */
const QUOTATION_MAX_BODY_BYTES = 256 * 1024;

const today = (c: Context<AppEnv>) => calendarDate(nowMs(c));
const canDelete = requireRole(...ROLES.filter((role) => role !== 'employee'));

const lowMarginBody = (result: LowMargin) => ({ ...errorBody(LOW_MARGIN_MESSAGE), lowMargin: result.lowMargin });

/** What the PDF and the client's page show: the quote without cost, with the letterhead, GST and plan it was issued with (Settings' now for a draft). */
export async function publicView(db: Db, quote: Quotation, day: string): Promise<PublicQuotation> {
  return publicQuotationOf(quote, day, await issueOf(db, quote));
}

/** Answers the rendered PDF of `quote`, or 503 on a host without the renderer. */
export async function pdfResponse(c: Context<AppEnv>, quote: Quotation) {
  const render = c.var.deps.renderQuotationPdf;
  if (!render) return c.json(errorBody(NO_PDF), 503);
  const view = await publicView(c.var.deps.db, quote, today(c));
  const pdf = await render(view, await letterheadLogo(c.var.deps.photos, view.company.companyLogo));
  const fileName = pdfFileName(quote.quotationNumber);
  return c.body(pdf, 200, {
    'Content-Type': 'application/pdf',
    'Content-Disposition': `attachment; filename="${fileName}"`,
    'Cache-Control': 'no-store',
  });
}

const sendSchema = yup.object({ version: expectedVersion(), confirmLowMargin: yup.boolean().typeError('confirmLowMargin must be true or false').default(false) });
const approveSchema = yup.object({ version: expectedVersion() });
const revisionsQuerySchema = yup.object({ limit: pageLimit(20), cursor: yup.string().max(2048).optional() });
const responsesQuerySchema = yup.object({ limit: yup.number().typeError('limit must be a number').integer().min(1).max(20).default(5) });

/**
 * The Quotation Builder's API: every signed-in role works quotations
 * (PRODUCT.md); deleting is for managers and above, and so is marking a quote
 * approved by hand (it creates a project and a finance demand).
 */
export const quotations = new Hono<AppEnv>()
  .get('/', access.staff(), queryParams(quotationListQuerySchema), async (c) => {
    const query = c.req.valid('query');
    return listPage(c, query.cursor, quotationCursorKeys(query), (start) => listQuotations(c.var.deps.db, query, start));
  })
  .get('/defaults', access.staff(), async (c) => {
    const db = c.var.deps.db;
    const [settings, { company }] = await Promise.all([quotationSettings(db), getSettings(db)]);
    c.header('Cache-Control', 'no-store');
    return c.json(
      {
        validityDays: settings.validityDays,
        marginThreshold: settings.marginThreshold,
        notes: DEFAULT_QUOTATION_NOTES,
        company: letterheadOf(company),
      },
      200,
    );
  })
  .get('/responses', access.staff(), queryParams(responsesQuerySchema), async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ items: await latestResponses(c.var.deps.db, c.req.valid('query').limit) }, 200);
  })
  .post('/', access.staff(), limitBody(QUOTATION_MAX_BODY_BYTES), requireJson, jsonBody(quotationCreateSchema), async (c) => {
    const result = await createQuotation(c.var.deps.db, c.req.valid('json'), writeContext(c), today(c));
    if ('lowMargin' in result) return c.json(lowMarginBody(result), 409);
    if ('leadMissing' in result) return c.json(errorBody('Validation failed', { leadId: 'Lead not found' }), 400);
    if ('customerMissing' in result) return c.json(errorBody('Validation failed', { customerId: 'Customer not found' }), 400);
    log.info('quotation created', { quotationId: result.item.id, by: c.var.auth.employee.id });
    return c.json(result.item, 201);
  })
  .get('/:id', access.staff(), async (c) => {
    const id = c.req.param('id');
    const quote = isEntityId(id) ? await getQuotation(c.var.deps.db, id) : undefined;
    if (!quote) return c.json(errorBody(NOT_FOUND), 404);
    c.header('Cache-Control', 'no-store');
    return c.json(quote, 200);
  })
  .put('/:id', access.staff(), limitBody(QUOTATION_MAX_BODY_BYTES), requireJson, jsonBody(quotationUpdateSchema), async (c) => {
    const id = c.req.param('id');
    if (!isEntityId(id)) return c.json(errorBody(NOT_FOUND), 404);
    const result = await updateQuotation(c.var.deps.db, id, c.req.valid('json'), writeContext(c));
    if ('stale' in result) return c.json({ ...errorBody(STALE_QUOTATION_MESSAGE), current: result.stale }, 409);
    if ('lowMargin' in result) return c.json(lowMarginBody(result), 409);
    if ('locked' in result) return c.json({ ...errorBody(QUOTATION_LOCKED_MESSAGE), current: result.locked }, 409);
    if (!('item' in result)) return c.json(errorBody(NOT_FOUND), 404);
    log.info('quotation updated', { quotationId: id, by: c.var.auth.employee.id });
    return c.json(result.item, 200);
  })
  .delete('/:id', access.role('manager'), canDelete, async (c) => {
    const id = c.req.param('id');
    const result = isEntityId(id) ? await deleteQuotation(c.var.deps.db, id, writeContext(c)) : undefined;
    if (!result || !('deleted' in result)) return c.json(errorBody(NOT_FOUND), 404);
    log.info('quotation deleted', { quotationId: id, by: c.var.auth.employee.id });
    return c.json({ id }, 200);
  })
  .post('/:id/duplicate', access.staff(), async (c) => {
    const id = c.req.param('id');
    const db = c.var.deps.db;
    const source = isEntityId(id) ? await getQuotation(db, id) : undefined;
    if (!source) return c.json(errorBody(NOT_FOUND), 404);
    const result = await createQuotation(
      db,
      {
        title: source.title,
        clientDetails: source.clientDetails,
        quotationDate: null,
        validUntil: null,
        rows: source.rows.map(({ total: _total, costPrice: _cost, ...row }) => ({ ...row, id: '' })),
        discount: source.discount,
        notes: source.notes,
        status: 'draft',
        leadId: source.leadId,
        customerId: source.customerId,
        projectId: null,
        confirmLowMargin: false,
      },
      writeContext(c),
      today(c),
    );
    if (!('item' in result)) return c.json(errorBody('The quotation could not be duplicated: its lead or customer is gone'), 409);
    log.info('quotation duplicated', { quotationId: result.item.id, from: id, by: c.var.auth.employee.id });
    return c.json(result.item, 201);
  })
  .post('/:id/variation', access.staff(), limitBody(), requireJson, jsonBody(approveSchema), async (c) => {
    const id = c.req.param('id');
    if (!isEntityId(id)) return c.json(errorBody(NOT_FOUND), 404);
    const result = await createVariation(c.var.deps.db, id, c.req.valid('json').version, writeContext(c));
    if ('stale' in result) return c.json({ ...errorBody(STALE_QUOTATION_MESSAGE), current: result.stale }, 409);
    if ('notApproved' in result) return c.json({ ...errorBody(NOT_VARIABLE_MESSAGE), current: result.notApproved }, 409);
    if (!('item' in result)) return c.json(errorBody(NOT_FOUND), 404);
    log.info('quotation variation started', { quotationId: id, by: c.var.auth.employee.id });
    return c.json(result.item, 200);
  })
  .get('/:id/revisions', access.staff(), queryParams(revisionsQuerySchema), async (c) => {
    const id = c.req.param('id');
    const query = c.req.valid('query');
    if (!isEntityId(id) || !(await getQuotation(c.var.deps.db, id, false))) return c.json(errorBody(NOT_FOUND), 404);
    const pk = keys.quotation(id).pk;
    return listPage(c, query.cursor, { names: ['pk', 'sk'], partition: { name: 'pk', values: [pk] }, sort: { name: 'sk', condition: { beginsWith: keys.quotationRevisionPrefix() } } }, (start) =>
      listRevisions(c.var.deps.db, id, query.limit, start),
    );
  })
  .get('/:id/revisions/:revision', access.staff(), async (c) => {
    const { id, revision } = c.req.param();
    const number = Number(revision);
    const found = isEntityId(id) && Number.isInteger(number) && number >= 1 ? await getRevision(c.var.deps.db, id, number) : undefined;
    if (!found) return c.json(errorBody('Revision not found'), 404);
    return c.json(found, 200);
  })
  .post('/:id/send', access.staff(), limitBody(), requireJson, jsonBody(sendSchema), async (c) => {
    const id = c.req.param('id');
    if (!isEntityId(id)) return c.json(errorBody(NOT_FOUND), 404);
    const { version, confirmLowMargin } = c.req.valid('json');
    const result = await sendQuotation(c.var.deps.db, id, version, confirmLowMargin, writeContext(c));
    if ('stale' in result) return c.json({ ...errorBody(STALE_QUOTATION_MESSAGE), current: result.stale }, 409);
    if ('lowMargin' in result) return c.json(lowMarginBody(result), 409);
    if ('notSendable' in result) return c.json({ ...errorBody(NOT_SENDABLE), current: result.notSendable }, 409);
    if ('noProjectType' in result) return c.json(errorBody('Validation failed', { 'clientDetails.projectType': PROJECT_TYPE_TO_SEND }), 400);
    if (!('item' in result)) return c.json(errorBody(NOT_FOUND), 404);
    log.info('quotation sent', { quotationId: id, by: c.var.auth.employee.id });
    return c.json({ quotation: result.item, sharePath: `/q/${result.item.shareToken}` } satisfies QuotationSendResult, 200);
  })
  .post('/:id/approve', access.role('manager'), requireManager, limitBody(), requireJson, jsonBody(approveSchema), async (c) => {
    const id = c.req.param('id');
    const db = c.var.deps.db;
    const quote = isEntityId(id) ? await getQuotation(db, id) : undefined;
    if (!quote) return c.json(errorBody(NOT_FOUND), 404);
    const { version } = c.req.valid('json');
    if (quote.version !== version) return c.json({ ...errorBody(STALE_QUOTATION_MESSAGE), current: quote }, 409);
    const ctx = writeContext(c);
    const result = await approveQuotation(db, quote, { name: ctx.actor.name, comment: 'Marked approved in the portal', ip: c.var.deps.clientIp(c), version }, ctx, today(c));
    if ('notFound' in result) return c.json(errorBody(NOT_FOUND), 404);
    if ('answered' in result) return c.json({ ...errorBody(ALREADY_APPROVED), current: result.answered }, 409);
    if ('notOpen' in result) return c.json({ ...errorBody(NOT_APPROVABLE), current: result.notOpen }, 409);
    if ('stale' in result) return c.json({ ...errorBody(STALE_QUOTATION_MESSAGE), current: result.stale }, 409);
    if ('tooLarge' in result) return c.json({ ...errorBody(QUOTE_TOO_LARGE_TO_MARK), current: result.tooLarge }, 422);
    const demandTransactionId = result.demand?.id ?? null;
    log.info('quotation approved', { quotationId: id, by: c.var.auth.employee.id });
    return c.json({ quotation: result.quote, projectId: result.quote.projectId, demandTransactionId }, 200);
  })
  .get('/:id/pdf', access.staff({ lambda: 'pdf' }), async (c) => {
    const id = c.req.param('id');
    const quote = isEntityId(id) ? await getQuotation(c.var.deps.db, id, false) : undefined;
    if (!quote) return c.json(errorBody(NOT_FOUND), 404);
    return pdfResponse(c, quote);
  });
