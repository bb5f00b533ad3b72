import { Hono, type Context } from 'hono';
import { calendarDate } from '@app/shared-types/format';
import {
  QUOTE_ALREADY_ANSWERED,
  QUOTE_LINK_EXPIRED,
  QUOTE_LINK_INVALID,
  QUOTE_PAGE_OUTDATED,
  QUOTE_TOO_LARGE_TO_APPROVE,
  QUOTE_UPDATED,
  SHARE_TOKEN_PATTERN,
  clientAnswerFieldsSchema,
  quoteNotOpenFor,
  shownVersion,
} from '@app/shared-types/quotations';
import { nowIso, nowMs } from '../auth';
import { approveQuotation } from './approval';
import { clientContext, quotationByToken, requestChanges } from './quotation-repo';
import type { AppEnv } from '../app-deps';
import { errorBody, jsonBody, limitBody, rateLimit, requireJson } from '../lib/http';
import { log } from '../lib/log';
import { pdfResponse, publicView } from './quotations-routes';
import { access } from '../lib/route-access';

const today = (c: Context<AppEnv>) => calendarDate(nowMs(c));
/** Answers are few; a burst from one address is someone guessing or a script. */
const answerRateLimit = rateLimit({ scope: 'quote-answer', limit: 10, windowSeconds: 60 });

/**
 * The client's answer (clientAnswerSchema) as the routes read it: a page from
 * before answers carried the version it showed sends none, and shows only the
 * answer's `error`, so that is where it is told to reload.
 */
const answerSchema = clientAnswerFieldsSchema.shape({ version: shownVersion().nullable().optional() });
const outdatedPage = (c: Context<AppEnv>) => c.json(errorBody(QUOTE_PAGE_OUTDATED, { version: QUOTE_PAGE_OUTDATED }), 400);

/** The quote a link opens, or the answer that it does not (404 unknown, 410 expired). */
async function openLink(c: Context<AppEnv>) {
  const token = c.req.param('token') ?? '';
  if (!SHARE_TOKEN_PATTERN.test(token)) return { response: c.json(errorBody(QUOTE_LINK_INVALID), 404) } as const;
  const result = await quotationByToken(c.var.deps.db, token, today(c));
  if ('invalid' in result) return { response: c.json(errorBody(QUOTE_LINK_INVALID), 404) } as const;
  if ('expired' in result) return { response: c.json(errorBody(QUOTE_LINK_EXPIRED), 410) } as const;
  return { quote: result.quote } as const;
}

/**
 * The client's share link (no session): the quote as they may see it (no
 * cost, margin or other quotes), its PDF, and their answer. Approving moves
 * the quote to approved with who, when and from which IP (its audit entry),
 * creates the customer and project when it has none, and raises the Advance
 * stage's demand in Finance. An answer names the version of the quote its
 * page showed: a quote changed since (reworded, or repriced and so back to
 * draft as a new revision) answers 409 and the page shows it again.
 */
export const quoteLinks = new Hono<AppEnv>()
  .get('/:token', access.clientLink({ lambda: 'clientLink' }), async (c) => {
    const link = await openLink(c);
    if ('response' in link) return link.response;
    c.header('Cache-Control', 'no-store');
    c.header('X-Robots-Tag', 'noindex');
    return c.json(await publicView(c.var.deps.db, link.quote, today(c)), 200);
  })
  .get('/:token/pdf', access.clientLink({ lambda: 'pdf' }), async (c) => {
    const link = await openLink(c);
    if ('response' in link) return link.response;
    return pdfResponse(c, link.quote);
  })
  .post('/:token/approve', access.clientLink({ lambda: 'clientLink' }), answerRateLimit, limitBody(), requireJson, jsonBody(answerSchema), async (c) => {
    const link = await openLink(c);
    if ('response' in link) return link.response;
    const { name, comment, version } = c.req.valid('json');
    if (version === undefined || version === null) return outdatedPage(c);
    const db = c.var.deps.db;
    const ctx = clientContext(name, c.var.requestId, nowIso(c));
    // Only a sent quote: one pulled back to draft (or rejected) keeps its link, but not its approval.
    const result = await approveQuotation(db, link.quote, { name, comment, ip: c.var.deps.clientIp(c), version }, ctx, today(c), ['sent']);
    if ('notFound' in result) return c.json(errorBody(QUOTE_LINK_INVALID), 404);
    if ('answered' in result) return c.json(errorBody(QUOTE_ALREADY_ANSWERED), 409);
    if ('stale' in result) return c.json(errorBody(QUOTE_UPDATED), 409);
    if ('notOpen' in result) return c.json(errorBody(quoteNotOpenFor('approval', result.notOpen.status)), 409);
    if ('tooLarge' in result) return c.json(errorBody(QUOTE_TOO_LARGE_TO_APPROVE), 422);
    log.info('quotation approved by client', { quotationId: result.quote.id });
    return c.json(await publicView(db, result.quote, today(c)), 200);
  })
  .post('/:token/request-changes', access.clientLink({ lambda: 'clientLink' }), answerRateLimit, limitBody(), requireJson, jsonBody(answerSchema), async (c) => {
    const link = await openLink(c);
    if ('response' in link) return link.response;
    const { name, comment, version } = c.req.valid('json');
    if (version === undefined || version === null) return outdatedPage(c);
    const db = c.var.deps.db;
    if (link.quote.status === 'approved') return c.json(errorBody(QUOTE_ALREADY_ANSWERED), 409);
    if (link.quote.version !== version) return c.json(errorBody(QUOTE_UPDATED), 409);
    if (link.quote.status !== 'sent') return c.json(errorBody(quoteNotOpenFor('change requests', link.quote.status)), 409);
    const ctx = clientContext(name, c.var.requestId, nowIso(c));
    const result = await requestChanges(db, link.quote, { name, comment, ip: c.var.deps.clientIp(c) }, ctx);
    if ('notFound' in result) return c.json(errorBody(QUOTE_LINK_INVALID), 404);
    if (!('item' in result)) return c.json(errorBody(QUOTE_UPDATED), 409);
    log.info('changes requested by client', { quotationId: result.item.id });
    return c.json(await publicView(db, result.item, today(c)), 200);
  });
