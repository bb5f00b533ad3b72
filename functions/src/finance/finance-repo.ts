import type { NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import * as yup from 'yup';
import {
  DEFAULT_DEMAND_DUE_DAYS,
  CONTRIBUTION_FIELDS,
  NO_CONTRIBUTION,
  PAYMENT_STAGES,
  fiscalYearMonths,
  marginPercent,
  paidOf,
  round2,
  stageAmounts,
  stageState,
  summaryOf,
  vendorBadge,
  type Contribution,
  type ExpenseCategory,
  type FinanceReport,
  type FinanceSummary,
  type MonthFigures,
  type PaymentPlanInput,
  type PlanStage,
  type ProjectFinancial,
  type ProjectFinancialDetail,
  type TransactionCategory,
  type VendorLedger,
  EXPENSE_CATEGORIES,
  ALL_CATEGORIES,
} from '@app/shared-types/finance';
import type { Project } from '@app/shared-types/projects';
import type { Vendor } from '@app/shared-types/vendors';
import { isOneOf } from '@app/shared-types/guards';
import { batchGet } from '../db/batch-get';
import type { Db } from '../db/client';
import type { WriteContext } from '../db/entity';
import type { Grants } from '../db/kind';
import { conditions, defineItem, queryPage, type QueryOptions, type SortCondition } from '../db/item';
import { keys } from '../db/keys';
import { plan, PlanConditionFailed, type WritePlan } from '../db/plan';
import { getSettings } from '../settings';
import {
  addTransactionChange,
  addTransactionCreate,
  createTransaction,
  getTransaction,
  newTransaction,
  planTransactionNumber,
  readVendorStates,
  type CreateTransactionResult,
  type DemandClaim,
} from './transaction-repo';
import { categoryAttribute, stageAttribute, stageDemandKind } from './transaction-writes';
import type { Transaction, TransactionInput } from '@app/shared-types/finance';

type Item = Record<string, NativeAttributeValue>;

const amount = () => yup.number().default(0);

/**
 * The kept figures of one item (transaction-writes.ts addFigures adds to
 * them): the contribution totals, a vendor ledger's payable/paid/count, a
 * project's payment plan, and `amounts`, the per-category and per-stage
 * totals ('cat:<category>', 'stage:<name>'), whose names depend on the data.
 */
const figuresSchema = yup.object({
  income: amount(),
  expense: amount(),
  receivable: amount(),
  payable: amount(),
  gstCollected: amount(),
  gstPaid: amount(),
  paid: amount(),
  /** A vendor ledger's GST on what is payable and on what was paid (kept apart from payable and paid). */
  payableTax: amount(),
  paidTax: amount(),
  /** Set on a vendor ledger once its GST was counted (the data upgrade that counts it for ledgers kept before). */
  taxCounted: yup.boolean().default(false),
  count: amount(),
  planVersion: amount(),
  stages: yup.array(yup.object({ name: yup.string().required(), percent: yup.number().required() })).optional().default(undefined),
});

export type Figures = yup.InferType<typeof figuresSchema> & { amounts: Record<string, number> };

/** The per-category and per-stage totals of a figures item (attributes named by their data). */
function amountsOf(raw: Item): Record<string, number> {
  return Object.fromEntries(
    Object.entries(raw).filter((entry): entry is [string, number] => (entry[0].startsWith('cat:') || entry[0].startsWith('stage:')) && typeof entry[1] === 'number' && Number.isFinite(entry[1])),
  );
}

const figureKind = <A extends unknown[]>(type: string, key: (...args: A) => { pk: string; sk: string }, partition: string, grants?: Grants) =>
  defineItem({ type, schema: figuresSchema, key, partition, grants });
/** A shard of the all-time totals, and of one month's: a client's approval adds its Advance demand to them. */
export const financeTotalKind = figureKind('FinanceTotal', (shard: number) => keys.financeTotal(shard), 'FINANCE', { clientLink: ['write'] });
export const financeMonthKind = figureKind('FinanceMonth', (month: string, shard: number) => keys.financeMonth(month, shard), 'FINANCE', { clientLink: ['write'] });
/** A project's figures and payment plan (read and added to by a client's approval; a quote's PDF prints the plan); a vendor's ledger. */
export const financeProjectKind = figureKind('FinanceProject', (projectId: string) => keys.financeProject(projectId), 'FINPROJECT#*', { clientLink: ['read', 'write'], pdf: ['read'] });
export const financeVendorKind = figureKind('FinanceVendor', (vendorId: string) => keys.financeVendor(vendorId), 'FINVENDOR#*');

/** A figures item, parsed (with its per-category and per-stage amounts). */
const figuresOf = (kind: typeof financeTotalKind | typeof financeMonthKind | typeof financeProjectKind | typeof financeVendorKind, raw: Item): Figures => ({ ...kind.parse(raw), amounts: amountsOf(raw) });

function contributionFrom(items: Figures[]): Contribution {
  const total: Contribution = { ...NO_CONTRIBUTION };
  for (const item of items) for (const field of CONTRIBUTION_FIELDS) total[field] += item[field];
  for (const field of CONTRIBUTION_FIELDS) total[field] = round2(total[field]);
  return total;
}

/** Every item of a query, page after page, unparsed. */
async function queryAll(db: Db, options: QueryOptions): Promise<Item[]> {
  const items: Item[] = [];
  let start: Item | undefined;
  do {
    const page = await queryPage(db, { ...options, start });
    items.push(...page.items);
    start = page.lastKey;
  } while (start);
  return items;
}

/** The finance partition's figures items of a sort-key range (total shards, month shards), with their sort keys. */
const financeItems = async (db: Db, kind: typeof financeTotalKind | typeof financeMonthKind, sk: SortCondition) =>
  (await queryAll(db, { pk: keys.financePartition(), sk, consistent: true })).map((raw) => ({ sk: String(raw.sk), figures: figuresOf(kind, raw) }));

/** How many pending transactions are past their due date: a COUNT of their small due-date markers before today (one Query). */
export async function overdueCount(db: Db, today: string): Promise<number> {
  // The markers' keys only: a count of a small range.
  return (await queryAll(db, { pk: keys.transactionsDue(), sk: { lt: today }, consistent: true, fields: ['sk'] })).length;
}

/** The summary from the kept totals: the all-time shards, this month's shards and the overdue count. */
export async function financeSummary(db: Db, today: string): Promise<FinanceSummary> {
  const month = today.slice(0, 7);
  const [total, thisMonth, overdue] = await Promise.all([
    financeItems(db, financeTotalKind, { beginsWith: 'TOTAL#' }),
    financeItems(db, financeMonthKind, { beginsWith: `MONTH#${month}#` }),
    overdueCount(db, today),
  ]);
  return summaryOf(contributionFrom(total.map((item) => item.figures)), contributionFrom(thisMonth.map((item) => item.figures)), overdue, month);
}

// ---------------------------------------------------------------------------
// Settings the figures read

export async function taxRate(db: Db): Promise<number> {
  return (await getSettings(db)).business.defaultTaxRate;
}

async function fiscalYearStart(db: Db): Promise<string> {
  return (await getSettings(db)).business.fiscalYearStart;
}

// ---------------------------------------------------------------------------
// Reports

/** The fiscal year's months from the kept month items (one Query of their range), never from the transactions. */
export async function financeReport(db: Db, today: string): Promise<FinanceReport> {
  const { label, months } = fiscalYearMonths(await fiscalYearStart(db), today);
  const items = await financeItems(db, financeMonthKind, { between: [`MONTH#${months[0]}#`, `MONTH#${months[11]}#~`] });
  const byMonth = new Map<string, Figures[]>();
  for (const { sk, figures } of items) {
    const month = sk.split('#')[1] ?? '';
    byMonth.set(month, [...(byMonth.get(month) ?? []), figures]);
  }
  const expensesByCategory: Partial<Record<ExpenseCategory, number>> = {};
  const figures: MonthFigures[] = months.map((month) => {
    const shards = byMonth.get(month) ?? [];
    const byCategory: Partial<Record<TransactionCategory, number>> = {};
    for (const category of ALL_CATEGORIES) {
      const total = round2(shards.reduce((sum, item) => sum + (item.amounts[categoryAttribute(category)] ?? 0), 0));
      if (total === 0) continue;
      byCategory[category] = total;
      if (isOneOf(EXPENSE_CATEGORIES, category)) expensesByCategory[category] = round2((expensesByCategory[category] ?? 0) + total);
    }
    return { month, ...contributionFrom(shards), byCategory };
  });
  return { fiscalYear: label, months: figures, expensesByCategory };
}

// ---------------------------------------------------------------------------
// Projects

export function projectFinancial(project: Pick<Project, 'id' | 'name' | 'estimatedBudget'>, figures: Figures | undefined): ProjectFinancial {
  const c = contributionFrom(figures ? [figures] : []);
  const budget = project.estimatedBudget ?? 0;
  const profit = round2(c.income - c.expense);
  return {
    projectId: project.id,
    projectName: project.name,
    budget,
    totalIncome: c.income,
    totalExpenses: c.expense,
    profitMargin: profit,
    marginPercent: marginPercent(profit, budget),
    receivable: c.receivable,
    payable: c.payable,
  };
}

/** The kept figures of many projects (one BatchGet). */
export async function projectFigures(db: Db, projectIds: string[]): Promise<Map<string, Figures>> {
  const items = await batchGet(db, [...new Set(projectIds)].map((id) => financeProjectKind.key(id)));
  return new Map(items.map((item) => [String(item.pk).slice('FINPROJECT#'.length), figuresOf(financeProjectKind, item)]));
}

/** The project's figures item and its stage demand markers (one Query of its partition). */
async function projectPartition(db: Db, projectId: string): Promise<{ figures: Figures | undefined; demands: Map<string, StageDemand> }> {
  const key = financeProjectKind.key(projectId);
  const items = await queryAll(db, { pk: key.pk, consistent: true });
  const found = items.find((item) => item.sk === key.sk);
  const figures = found ? figuresOf(financeProjectKind, found) : undefined;
  const demands = new Map(items.filter((item) => String(item.sk).startsWith('DEMAND#')).map((item) => [String(item.sk).slice('DEMAND#'.length), stageDemandKind.parse(item)]));
  return { figures, demands };
}

type StageDemand = ReturnType<typeof stageDemandKind.parse>;

const planOf = (figures: { stages?: PlanStage[] } | undefined): PlanStage[] => figures?.stages ?? PAYMENT_STAGES.map((stage) => ({ name: stage.name, percent: stage.percent }));

export async function projectFinancialDetail(db: Db, project: Project, today: string): Promise<ProjectFinancialDetail> {
  const [{ figures, demands }, rate] = await Promise.all([projectPartition(db, project.id), taxRate(db)]);
  const stages = planOf(figures).map((stage) => {
    const { amount, tax } = stageAmounts(project.estimatedBudget, stage.percent, rate);
    const received = round2(figures?.amounts[stageAttribute(stage.name)] ?? 0);
    const demand = demands.get(stage.name.toLowerCase());
    const dueDate = demand?.dueDate || null;
    return {
      name: stage.name,
      percent: stage.percent,
      amount,
      tax,
      received,
      demandTransactionId: demand?.transactionRef ?? null,
      dueDate,
      state: stageState({ amount, received, demanded: Boolean(demand), dueDate }, today),
    };
  });
  return { ...projectFinancial(project, figures), stages, planVersion: figures?.planVersion || 1 };
}

/** Saves a project's plan if it is still at `version` (an unsaved plan is version 1); false when stale. */
export async function savePaymentPlan(db: Db, projectId: string, { stages, version }: PaymentPlanInput, ctx: WriteContext, before: PlanStage[]): Promise<boolean> {
  const stagesAfter = stages.map((stage) => ({ name: stage.name, percent: stage.percent }));
  const p = plan(db, ctx)
    .write(
      'plan',
      financeProjectKind.update([projectId], {
        set: { stages: stagesAfter, planVersion: version + 1 },
        condition: version === 1 ? { expression: 'attribute_not_exists(planVersion)' } : conditions.equals('planVersion', version, 'planVersion'),
      }),
    )
    .write('project', { op: 'check', type: 'Project', key: keys.project(projectId), condition: conditions.present() })
    .audit({ entity: 'PaymentPlan', entityId: projectId, action: 'update', changes: { stages: { before, after: stagesAfter } } });
  try {
    await p.commit();
    return true;
  } catch (error) {
    if (error instanceof PlanConditionFailed) return false;
    throw error;
  }
}

export async function currentPlan(db: Db, projectId: string): Promise<PlanStage[]> {
  return planOf(await financeProjectKind.get(db, [projectId]));
}

const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

export type DemandResult = CreateTransactionResult | { noStage: true } | { noAmount: true };

/** A stage's demand: a pending income transaction for its amount and GST, and its claim (once per project and stage). */
async function stageDemand(
  db: Db,
  project: Project,
  stageName: string,
  dueDate: string | null,
  today: string,
): Promise<{ input: TransactionInput; claim: DemandClaim } | { noStage: true } | { noAmount: true }> {
  const stages = await currentPlan(db, project.id);
  const index = stages.findIndex((stage) => stage.name.toLowerCase() === stageName.toLowerCase());
  if (index < 0) return { noStage: true };
  const stage = stages[index]!;
  const { amount, tax } = stageAmounts(project.estimatedBudget, stage.percent, await taxRate(db));
  if (amount <= 0) return { noAmount: true };
  const advance = stage.name.toLowerCase() === 'advance';
  const category = advance ? 'project_advance' : index === stages.length - 1 ? 'final_payment' : 'milestone_payment';
  const due = dueDate ?? addDays(today, DEFAULT_DEMAND_DUE_DAYS);
  return {
    input: {
      // The Advance stage's demand is an advance: its type, its chip and the 'Advance' filter agree (issue 25).
      type: advance ? 'advance' : 'income',
      category,
      stageName: stage.name,
      amount,
      taxAmount: tax,
      projectId: project.id,
      customerId: project.customerId,
      vendorId: null,
      description: `${stage.name} (${stage.percent}%) of ${project.name}`,
      paymentMethod: 'bank_transfer',
      status: 'pending',
      transactionDate: today,
      dueDate: due,
      referenceNumber: '',
      isRecurring: false,
      attachments: [],
    },
    claim: { projectId: project.id, stageName: stage.name, dueDate: due },
  };
}

/** Raises a stage's demand: a pending income transaction for its amount and GST, claimed once per stage. */
export async function demandStage(db: Db, project: Project, stageName: string, dueDate: string | null, ctx: WriteContext, today: string): Promise<DemandResult> {
  const demand = await stageDemand(db, project, stageName, dueDate, today);
  if (!('input' in demand)) return demand;
  return createTransaction(db, demand.input, ctx, { demand: demand.claim });
}

/**
 * Adds a stage's demand to another write's plan (a quote's approval raises
 * the Advance of the project it creates, in the same commit): the demand's
 * transaction, its claim ('demand') and all that follows from it. `fresh`:
 * the project and customer the same plan creates (no existence checks).
 * Answers the demand's transaction; null when the stage has no amount or is
 * already demanded.
 */
export async function addStageDemand(
  p: WritePlan,
  project: Project,
  customerName: string | null,
  stageName: string,
  today: string,
  fresh: ReadonlySet<string>,
): Promise<Transaction | null> {
  const db = p.db;
  if (!fresh.has(project.id) && (await stageDemandKind.get(db, [project.id, stageName]))) return null;
  const demand = await stageDemand(db, project, stageName, null, today);
  if (!('input' in demand)) return null;
  const names = { projectName: project.name, customerName, vendorName: null };
  const tx = newTransaction(demand.input, names, await planTransactionNumber(p), p.ctx);
  addTransactionCreate(p, tx, new Map(), { demand: demand.claim, fresh });
  return tx;
}

/**
 * A variation's approval moves the project's budget (issue 25): the stage's demand, while still
 * pending (unpaid or partly paid), follows it in the same plan, with its audit entry. Its amount and
 * GST become the stage's share of the new budget, never less than what was already paid: a payment
 * that covers the new figure settles it (completed, at what was paid). `project` is the project with
 * its new budget. Answers the demand as changed; null when there is none to change (never demanded,
 * paid in full, its stage gone, or the same figures).
 */
export async function addStageDemandFollow(p: WritePlan, project: Project, stageName: string): Promise<Transaction | null> {
  const db = p.db;
  const claim = await stageDemandKind.get(db, [project.id, stageName]);
  const before = claim ? await getTransaction(db, claim.transactionRef) : undefined;
  if (!before || before.status !== 'pending') return null;
  const stage = (await currentPlan(db, project.id)).find((item) => item.name.toLowerCase() === stageName.toLowerCase());
  if (!stage) return null;
  const rate = await taxRate(db);
  const share = stageAmounts(project.estimatedBudget, stage.percent, rate);
  const paid = paidOf(before);
  // Half a paisa: what is left below it is nothing (as 'Record payment' counts).
  const settled = paid > 0 && paid + 0.005 >= share.amount + share.tax;
  const amount = settled ? round2((paid * 100) / (100 + rate)) : share.amount;
  const taxAmount = settled ? round2(paid - amount) : share.tax;
  if (amount <= 0 || (amount === before.amount && taxAmount === before.taxAmount)) return null;
  const after: Transaction = {
    ...before,
    amount,
    taxAmount,
    status: settled ? 'completed' : 'pending',
    description: `${stage.name} (${stage.percent}%) of ${project.name}`,
    updatedAt: p.ctx.now,
    version: before.version + 1,
  };
  addTransactionChange(p, before, after, await readVendorStates(db, before, after));
  return after;
}

// ---------------------------------------------------------------------------
// Vendors

/** A vendor's ledger from its kept figures: payable, paid and outstanding, GST included. */
export function vendorLedger(vendor: Pick<Vendor, 'id' | 'name'>, ledger: Figures | undefined): VendorLedger {
  const totalPayable = round2((ledger?.payable ?? 0) + (ledger?.payableTax ?? 0));
  const totalPaid = round2((ledger?.paid ?? 0) + (ledger?.paidTax ?? 0));
  const outstandingAmount = round2(totalPayable - totalPaid);
  return {
    vendorId: vendor.id,
    vendorName: vendor.name,
    totalPayable,
    totalPaid,
    outstandingAmount,
    transactionCount: ledger?.count ?? 0,
    badge: vendorBadge(outstandingAmount),
  };
}

export async function vendorLedgers(db: Db, vendorIds: string[]): Promise<Map<string, Figures>> {
  const items = await batchGet(db, [...new Set(vendorIds)].map((id) => financeVendorKind.key(id)));
  return new Map(items.map((item) => [String(item.pk).slice('FINVENDOR#'.length), figuresOf(financeVendorKind, item)]));
}
