import { Hono, type Context } from 'hono';
import * as yup from 'yup';
import {
  CSV_COLUMNS,
  TRANSACTION_STATUS_LABELS,
  TRANSACTION_TYPE_LABELS,
  categoryLabel,
  csvFileName,
  csvLine,
  paymentPlanSchema,
  stageDemandSchema,
  transactionListQuerySchema,
  type CsvReport,
  type ProjectFinancial,
  type VendorLedger,
  type VendorLedgerDetail,
} from '@app/shared-types/finance';
import { calendarDate } from '@app/shared-types/format';
import { pageLimit } from '@app/shared-types/forms';
import { nowMs, requireManager, writeContext } from '../auth';
import { allPages, type ItemKey } from '../db/entity';
import {
  currentPlan,
  demandStage,
  financeReport,
  financeSummary,
  projectFigures,
  projectFinancial,
  projectFinancialDetail,
  savePaymentPlan,
  vendorLedger,
  vendorLedgers,
} from './finance-repo';
import { getProject, projectEntity } from '../projects';
import { allTransactions, listTransactions } from './transaction-repo';
import { vendorEntity } from '../vendors';
import type { AppEnv } from '../app-deps';
import { errorBody, isEntityId, jsonBody, limitBody, listPage, queryParams, requireJson } from '../lib/http';
import { log } from '../lib/log';
import { access } from '../lib/route-access';

export const STALE_PLAN_MESSAGE = 'Someone else changed this payment plan. Reload it to see their changes.';
export const STAGE_DEMANDED_MESSAGE = 'This stage has already been demanded';
const PROJECT_NOT_FOUND = 'Project not found';
const VENDOR_NOT_FOUND = 'Vendor not found';
/** Transactions a vendor's ledger shows (its latest). */
const LEDGER_TRANSACTIONS = 50;

const pageQuerySchema = yup.object({ limit: pageLimit(25), cursor: yup.string().max(2048).optional() });
const today = (c: Context<AppEnv>) => calendarDate(nowMs(c));

function csvResponse(c: Context<AppEnv>, report: CsvReport, rows: (string | number | null)[][]) {
  const body = [csvLine(CSV_COLUMNS[report]), ...rows.map(csvLine)].join('\r\n') + '\r\n';
  return c.body(body, 200, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="${csvFileName(report, today(c))}"`,
    'Cache-Control': 'no-store',
  });
}

const projectsPage = (c: Context<AppEnv>, limit: number, start: ItemKey | undefined) =>
  projectEntity.list(c.var.deps.db, projectEntity.source('all', {}), { limit, start });
const vendorsPage = (c: Context<AppEnv>, limit: number, start: ItemKey | undefined) =>
  vendorEntity.list(c.var.deps.db, vendorEntity.source('all', {}), { limit, start });

async function projectFinancialsPage(c: Context<AppEnv>, limit: number, start: ItemKey | undefined): Promise<{ items: ProjectFinancial[]; lastKey?: ItemKey }> {
  const page = await projectsPage(c, limit, start);
  const figures = await projectFigures(c.var.deps.db, page.items.map((project) => project.id));
  return { items: page.items.map((project) => projectFinancial(project, figures.get(project.id))), lastKey: page.lastKey };
}

async function vendorLedgersPage(c: Context<AppEnv>, limit: number, start: ItemKey | undefined): Promise<{ items: VendorLedger[]; lastKey?: ItemKey }> {
  const page = await vendorsPage(c, limit, start);
  const ledgers = await vendorLedgers(c.var.deps.db, page.items.map((vendor) => vendor.id));
  return { items: page.items.map((vendor) => vendorLedger(vendor, ledgers.get(vendor.id))), lastKey: page.lastKey };
}

/**
 * Finance figures ('Enhanced Finance Management'): read from the figures
 * every transaction write keeps, never by summing transactions. Manager,
 * admin and superadmin only; employees get 403.
 */
export const finance = new Hono<AppEnv>()
  .use('*', requireManager)
  .get('/summary', access.role('manager'), async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await financeSummary(c.var.deps.db, today(c)), 200);
  })
  .get('/reports', access.role('manager'), async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await financeReport(c.var.deps.db, today(c)), 200);
  })
  .get('/projects', access.role('manager'), queryParams(pageQuerySchema), async (c) => {
    const { limit, cursor } = c.req.valid('query');
    return listPage<ProjectFinancial>(c, cursor, projectEntity.cursorKeys(projectEntity.source('all', {})), (start) => projectFinancialsPage(c, limit, start));
  })
  .get('/projects/:id', access.role('manager'), async (c) => {
    const id = c.req.param('id');
    const project = isEntityId(id) ? await getProject(c.var.deps.db, id, true) : undefined;
    if (!project) return c.json(errorBody(PROJECT_NOT_FOUND), 404);
    c.header('Cache-Control', 'no-store');
    return c.json(await projectFinancialDetail(c.var.deps.db, project, today(c)), 200);
  })
  .put('/projects/:id/plan', access.role('manager'), limitBody(), requireJson, jsonBody(paymentPlanSchema), async (c) => {
    const id = c.req.param('id');
    const db = c.var.deps.db;
    const project = isEntityId(id) ? await getProject(db, id, true) : undefined;
    if (!project) return c.json(errorBody(PROJECT_NOT_FOUND), 404);
    const saved = await savePaymentPlan(db, id, c.req.valid('json'), writeContext(c), await currentPlan(db, id));
    const detail = await projectFinancialDetail(db, project, today(c));
    if (!saved) return c.json({ ...errorBody(STALE_PLAN_MESSAGE), current: detail }, 409);
    log.info('payment plan saved', { projectId: id, by: c.var.auth.employee.id });
    return c.json(detail, 200);
  })
  .post('/projects/:id/stages/demand', access.role('manager'), limitBody(), requireJson, jsonBody(stageDemandSchema), async (c) => {
    const id = c.req.param('id');
    const db = c.var.deps.db;
    const project = isEntityId(id) ? await getProject(db, id, true) : undefined;
    if (!project) return c.json(errorBody(PROJECT_NOT_FOUND), 404);
    const { stageName, dueDate } = c.req.valid('json');
    const result = await demandStage(db, project, stageName, dueDate, writeContext(c), today(c));
    if ('noStage' in result) return c.json(errorBody('Validation failed', { stageName: "Choose a stage of this project's payment plan" }), 400);
    if ('noAmount' in result) return c.json(errorBody('Validation failed', { stageName: 'The project has no budget to bill this stage against' }), 400);
    if ('claimed' in result) return c.json(errorBody(STAGE_DEMANDED_MESSAGE), 409);
    if ('fields' in result) return c.json(errorBody('Validation failed', result.fields), 400);
    if (!('item' in result)) throw new Error('unexpected demand result');
    log.info('stage demanded', { projectId: id, transactionId: result.item.id, by: c.var.auth.employee.id });
    return c.json(result.item, 201);
  })
  .get('/vendors', access.role('manager'), queryParams(pageQuerySchema), async (c) => {
    const { limit, cursor } = c.req.valid('query');
    return listPage<VendorLedger>(c, cursor, vendorEntity.cursorKeys(vendorEntity.source('all', {})), (start) => vendorLedgersPage(c, limit, start));
  })
  .get('/vendors/:id', access.role('manager'), async (c) => {
    const id = c.req.param('id');
    const db = c.var.deps.db;
    const vendor = isEntityId(id) ? await vendorEntity.get(db, id, true) : undefined;
    if (!vendor) return c.json(errorBody(VENDOR_NOT_FOUND), 404);
    const [ledgers, page] = await Promise.all([vendorLedgers(db, [id]), listTransactions(db, { vendorId: id, limit: LEDGER_TRANSACTIONS })]);
    const detail: VendorLedgerDetail = { ...vendorLedger(vendor, ledgers.get(id)), transactions: page.items };
    c.header('Cache-Control', 'no-store');
    return c.json(detail, 200);
  })
  .get('/export/transactions', access.role('manager'), queryParams(transactionListQuerySchema), async (c) => {
    const items = await allTransactions(c.var.deps.db, c.req.valid('query'));
    return csvResponse(
      c,
      'transactions',
      items.map((tx) => [
        tx.transactionDate,
        TRANSACTION_TYPE_LABELS[tx.type],
        categoryLabel(tx.category),
        tx.amount,
        tx.description,
        TRANSACTION_STATUS_LABELS[tx.status],
        tx.projectName ?? '',
        tx.referenceNumber,
      ]),
    );
  })
  .get('/export/projects', access.role('manager'), async (c) => {
    const items = await allPages((start) => projectFinancialsPage(c, 100, start));
    return csvResponse(c, 'projects', items.map((p) => [p.projectName, p.budget, p.totalIncome, p.totalExpenses, p.profitMargin]));
  })
  .get('/export/vendors', access.role('manager'), async (c) => {
    const items = await allPages((start) => vendorLedgersPage(c, 100, start));
    return csvResponse(c, 'vendors', items.map((v) => [v.vendorName, v.totalPayable, v.totalPaid, v.outstandingAmount]));
  });

