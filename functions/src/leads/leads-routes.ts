import { Hono } from 'hono';
import { LEAD_SOURCES, LEAD_STATUSES } from '@app/shared-types/constants';
import {
  ASSIGNEE_MESSAGE,
  bulkImportSchema,
  bulkUpdateSchema,
  communicationSchema,
  conversionRate,
  leadCreateSchema,
  leadListQuerySchema,
  leadUpdateSchema,
  MY_LEADS,
  SPAM_FORMS,
  spamListQuerySchema,
  type NotSpamResult,
  SALESPEOPLE,
  SALESPERSON_IDS,
  type BulkImportResult,
  type BulkUpdateResult,
  type LeadAnalytics,
  type LeadDetail,
  type LeadListQuery,
  type TimelineEntry,
} from '@app/shared-types/leads';
import { leadConversionSchema } from '@app/shared-types/projects';
import type { Context } from 'hono';
import { authOf, requireManager, writeContext } from '../auth';
import { getEmployee } from '../people';
import { AssigneeGoneError, bulkUpdateLeads, importLeads } from './lead-bulk-repo';
import { convertLead } from './lead-conversion';
import { listSpam, markNotSpam } from './spam-repo';
import {
  addCommunication,
  createLead,
  deleteLead,
  getLead,
  leadCursorKeys,
  listLeads,
  listTimeline,
  updateLead,
} from './lead-repo';
import { leadCounter, readCounters } from '../dashboard';
import { firstResponseReportQuerySchema, type ResponseOverdue } from '@app/shared-types/speed-to-lead';
import { firstResponseReport, overdueLeadIds } from './lead-sla';
import { leadEntity } from './lead-repo';

/** The overdue leads one answer lists (oldest first); `total` counts them all. */
const OVERDUE_SHOWN = 100;
import type { AppEnv } from '../app-deps';
import { errorBody, isEntityId, jsonBody, limitBody, listPage, nowMs, queryParams, requireJson } from '../lib/http';
import { log } from '../lib/log';
import { access, REQUEST_DEADLINE_MS } from '../lib/route-access';

/** A bulk import of 1,000 typical rows is ~250 KiB; this leaves room for long requirements. */
const BULK_IMPORT_MAX_BYTES = 2 * 1024 * 1024;

const PHONE_TAKEN = 'A lead with this phone number already exists';
const STALE = 'Someone else changed this lead. Reload it to see their changes.';

/**
 * The assignee of a write: undefined when the request names none, the id with
 * the employee's name when it names an active employee (or '' for nobody),
 * 'invalid' otherwise.
 */
async function resolveAssignee(c: Context<AppEnv>, id: string | undefined) {
  if (id === undefined) return undefined;
  if (id === '') return { assignedTo: '', assignedToName: '' };
  const employee = await getEmployee(c.var.deps.db, id);
  return employee && employee.status === 'active' ? { assignedTo: employee.id, assignedToName: employee.name } : ('invalid' as const);
}

const assigneeRefused = (c: Context<AppEnv>) => c.json(errorBody('Validation failed', { assignedTo: ASSIGNEE_MESSAGE }), 400);

/**
 * How many leads a list holds over all its pages, where a kept counter knows
 * it and every page is full (read from its own index, nothing filtered out of
 * a page): all leads, or one status newest first. A search or any other
 * filter has none: its pages may hold fewer than the limit.
 */
async function keptTotal(c: Context<AppEnv>, query: LeadListQuery): Promise<number | undefined> {
  if (query.q || query.projectType || query.source || query.assignedTo) return undefined;
  if (query.status && query.sort !== 'created') return undefined;
  const { LEADS: counters } = await readCounters(c.var.deps.db);
  return Math.max(0, counters[query.status ? leadCounter.status(query.status) : leadCounter.total] ?? 0);
}

/** The Leads CRM. Every route needs a session (app.ts); deleting needs manager or above. */
export const leads = new Hono<AppEnv>()
  .get('/', access.staff(), queryParams(leadListQuerySchema), async (c) => {
    const asked = c.req.valid('query');
    // 'My leads': the signed-in person's own.
    const query = asked.assignedTo === MY_LEADS ? { ...asked, assignedTo: authOf(c).employee.id } : asked;
    return listPage(c, query.cursor, leadCursorKeys(query), (start) => listLeads(c.var.deps.db, query, start), () => keptTotal(c, query));
  })
  .get('/analytics', access.staff(), async (c) => {
    const { LEADS: counters } = await readCounters(c.var.deps.db);
    const count = (name: string) => Math.max(0, counters[name] ?? 0);
    const total = count(leadCounter.total);
    const won = count(leadCounter.status('Won'));
    const analytics: LeadAnalytics = {
      totalLeads: total,
      newLeads: count(leadCounter.status('New')),
      quotedLeads: count(leadCounter.status('Quoted')),
      wonLeads: won,
      conversionRate: conversionRate(won, total),
      sourceBreakdown: LEAD_SOURCES.map((source) => ({ source, count: count(leadCounter.source(source)) })).filter(
        (entry) => entry.count > 0,
      ),
      statusBreakdown: LEAD_STATUSES.map((status) => ({ status, count: count(leadCounter.status(status)), budget: count(leadCounter.budget(status)) })),
    };
    c.header('Cache-Control', 'no-store');
    return c.json(analytics, 200);
  })
  .post('/', access.staff(), limitBody(), requireJson, jsonBody(leadCreateSchema), async (c) => {
    const input = c.req.valid('json');
    const assignee = await resolveAssignee(c, input.assignedTo);
    if (assignee === 'invalid') return assigneeRefused(c);
    const result = await createLead(c.var.deps.db, { ...input, ...assignee }, writeContext(c));
    if ('assigneeGone' in result) return assigneeRefused(c);
    if ('phoneTakenBy' in result) {
      return c.json(errorBody(PHONE_TAKEN, { phone: PHONE_TAKEN }), 409);
    }
    log.info('lead created', { leadId: result.lead.id, by: c.var.auth.employee.id });
    return c.json(result.lead, 201);
  })
  .post('/bulk-import', access.staff({ deadlineMs: REQUEST_DEADLINE_MS.bulkImport }), limitBody(BULK_IMPORT_MAX_BYTES), requireJson, jsonBody(bulkImportSchema), async (c) => {
    const { leadsData, includeDuplicates, dryRun } = c.req.valid('json');
    // Imported leads go to the first salesperson while they are an active employee (SPEC.md 5).
    const assignee = await resolveAssignee(c, SALESPERSON_IDS[SALESPEOPLE[0]]);
    const result: BulkImportResult = await importLeads(c.var.deps.db, leadsData, {
      includeDuplicates,
      dryRun,
      ctx: writeContext(c),
      assignee: assignee === 'invalid' || !assignee ? { assignedTo: '', assignedToName: '' } : assignee,
    });
    if (!dryRun) {
      log.info('leads imported', { created: result.leads.length, merged: result.merged, skipped: result.skipped, by: c.var.auth.employee.id });
    }
    return c.json(result, 200);
  })
  .post('/bulk-update', access.staff(), limitBody(64 * 1024), requireJson, jsonBody(bulkUpdateSchema), async (c) => {
    const { ids, assignedTo, status } = c.req.valid('json');
    const assignee = await resolveAssignee(c, assignedTo);
    if (assignee === 'invalid') return assigneeRefused(c);
    let result: BulkUpdateResult;
    try {
      result = await bulkUpdateLeads(c.var.deps.db, ids, { ...assignee, ...(status !== undefined ? { status } : {}) }, writeContext(c));
    } catch (error) {
      if (error instanceof AssigneeGoneError) return assigneeRefused(c);
      throw error;
    }
    log.info('leads bulk-updated', { count: result.updated.length, conflicted: result.conflicted.length, by: c.var.auth.employee.id });
    return c.json(result, 200);
  })
  // The Spam view (issue 25): suspected bot submissions, kept out of the list and its counts; managers let them through.
  .get('/spam', access.role('manager'), requireManager, queryParams(spamListQuerySchema), async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await listSpam(c.var.deps.db, c.req.valid('query')), 200);
  })
  .post('/spam/:form/:id/not-spam', access.role('manager'), requireManager, async (c) => {
    const form = SPAM_FORMS.find((name) => name === c.req.param('form'));
    const id = c.req.param('id');
    if (!form || !isEntityId(id)) return c.json(errorBody('Submission not found'), 404);
    const result = await markNotSpam(c.var.deps.db, form, id, writeContext(c));
    if ('notFound' in result) return c.json(errorBody('Submission not found'), 404);
    if ('alreadyKept' in result) return c.json(errorBody('This submission is no longer in Spam'), 409);
    log.info('spam marked not spam', { form, submissionId: id, leadId: result.leadId, created: result.created, by: c.var.auth.employee.id });
    return c.json({ leadId: result.leadId, created: result.created } satisfies NotSpamResult, 200);
  })
  // Speed-to-lead (issue 26): the leads past their first-response time with no response yet (the 'Response overdue' filter, the dashboard card).
  .get('/response-overdue', access.staff(), async (c) => {
    const db = c.var.deps.db;
    const overdue = await overdueLeadIds(db, nowMs(c));
    const shown = await leadEntity.getMany(db, overdue.slice(0, OVERDUE_SHOWN).map((item) => item.id));
    const items = overdue.flatMap((item) => shown.get(item.id) ?? []);
    c.header('Cache-Control', 'no-store');
    return c.json({ items, total: overdue.length } satisfies ResponseOverdue, 200);
  })
  // The per-salesperson report of a month: median first-response time and % within the SLA.
  .get('/first-response', access.role('manager'), requireManager, queryParams(firstResponseReportQuerySchema), async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await firstResponseReport(c.var.deps.db, c.req.valid('query').month), 200);
  })
  .get('/:id', access.staff(), async (c) => {
    const id = c.req.param('id');
    const db = c.var.deps.db;
    const [lead, timeline] = isEntityId(id) ? await Promise.all([getLead(db, id), listTimeline(db, id)]) : [undefined, []];
    if (!lead) return c.json(errorBody('Lead not found'), 404);
    c.header('Cache-Control', 'no-store');
    return c.json({ lead, timeline } satisfies LeadDetail, 200);
  })
  .put('/:id', access.staff(), limitBody(), requireJson, jsonBody(leadUpdateSchema), async (c) => {
    const id = c.req.param('id');
    if (!isEntityId(id)) return c.json(errorBody('Lead not found'), 404);
    const input = c.req.valid('json');
    const assignee = await resolveAssignee(c, input.assignedTo);
    if (assignee === 'invalid') return assigneeRefused(c);
    const result = await updateLead(c.var.deps.db, id, { ...input, ...assignee }, writeContext(c));
    if ('assigneeGone' in result) return assigneeRefused(c);
    if ('notFound' in result) return c.json(errorBody('Lead not found'), 404);
    if ('stale' in result) return c.json({ ...errorBody(STALE), current: result.stale }, 409);
    if ('phoneTakenBy' in result) return c.json(errorBody(PHONE_TAKEN, { phone: PHONE_TAKEN }), 409);
    return c.json(result.lead, 200);
  })
  .delete('/:id', access.role('manager'), requireManager, async (c) => {
    const id = c.req.param('id');
    if (!isEntityId(id) || !(await deleteLead(c.var.deps.db, id, writeContext(c)))) return c.json(errorBody('Lead not found'), 404);
    log.info('lead deleted', { leadId: id, by: c.var.auth.employee.id });
    return c.json({ id }, 200);
  })
  .post('/:id/convert', access.staff(), limitBody(), requireJson, jsonBody(leadConversionSchema), async (c) => {
    const id = c.req.param('id');
    if (!isEntityId(id)) return c.json(errorBody('Lead not found'), 404);
    const result = await convertLead(c.var.deps.db, id, c.req.valid('json'), writeContext(c));
    if ('notFound' in result) return c.json(errorBody('Lead not found'), 404);
    if ('stale' in result) return c.json({ ...errorBody(STALE), current: result.stale }, 409);
    if ('notWon' in result) return c.json({ ...errorBody('Only a Won lead can be converted to a customer'), current: result.notWon }, 409);
    if ('alreadyConverted' in result) {
      return c.json({ ...errorBody('This lead has already been converted to a customer'), current: result.alreadyConverted }, 409);
    }
    log.info('lead converted', { leadId: id, customerId: result.customer.id, projectId: result.project?.id ?? null, by: c.var.auth.employee.id });
    return c.json(result, 201);
  })
  .get('/:id/communications', access.staff(), async (c) => {
    const id = c.req.param('id');
    const db = c.var.deps.db;
    if (!isEntityId(id) || !(await getLead(db, id))) return c.json(errorBody('Lead not found'), 404);
    c.header('Cache-Control', 'no-store');
    return c.json({ items: await listTimeline(db, id) } satisfies { items: TimelineEntry[] }, 200);
  })
  .post('/:id/communications', access.staff(), limitBody(), requireJson, jsonBody(communicationSchema), async (c) => {
    const id = c.req.param('id');
    const entry = isEntityId(id) ? await addCommunication(c.var.deps.db, id, c.req.valid('json'), writeContext(c)) : undefined;
    if (!entry) return c.json(errorBody('Lead not found'), 404);
    return c.json(entry, 201);
  });
