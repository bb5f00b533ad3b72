import * as yup from 'yup';
import { storedFields } from '@app/shared-types/forms';
import type { NotificationEvent } from '@app/shared-types/notifications';
import {
  defaultPackageLines,
  defaultPackageRules,
  draftRows,
  packageLineSchema,
  packageRuleId,
  parsePackageRuleId,
  ruleMisses,
  type LinePrice,
  type PackageLine,
  type PackageRule,
  type PackageRuleInput,
  type RuleMiss,
} from '@app/shared-types/package-rules';
import { quotationCreateSchema, quotationTotals } from '@app/shared-types/quotations';
import { MATERIAL_LABELS, PROPERTY_TYPE_LABELS, ROOM_SCOPE_LABELS } from '@app/shared-types/constants';
import { calendarDate, formatINR } from '@app/shared-types/format';
import type { Db } from '../db/client';
import { allPages, defineEntity, type WriteContext } from '../db/entity';
import { queryPage } from '../db/item';
import { keys } from '../db/keys';
import { plan, PlanConditionFailed } from '../db/plan';
import { calculatorProjectType } from '../leads';
import { log } from '../lib/log';
import type { TaskRunner } from '../lib/outbox-task';
import { getSettings } from '../settings';
import { createQuotation, getQuotation } from './quotation-repo';
import { itemDetail, priceOf, readLibraryIndex, type LibraryIndex } from './rate-library-repo';

/**
 * Package rules (shared-types/package-rules.ts): a saved rule per type, band
 * and rooms in one small partition (at most 90 items, read whole); a rule
 * never saved is its default. Whether a rule is in step with the calculator
 * is worked out when it is saved (and when a lead's draft misses), never on read.
 */

const missSchema = yup.object({
  area: yup.number().defined(),
  total: yup.number().defined(),
  minCost: yup.number().defined(),
  maxCost: yup.number().defined(),
  unpriced: yup.string().optional(),
});

const storedRuleSchema = yup.object({
  ...storedFields,
  lines: yup.array().of(packageLineSchema).defined(),
  outOfStep: yup
    .object({ at: yup.string().defined(), misses: yup.array().of(missSchema).defined() })
    .nullable()
    .default(null),
});
type StoredRule = yup.InferType<typeof storedRuleSchema>;

export const packageRuleEntity = defineEntity({
  type: 'PackageRule',
  schema: storedRuleSchema,
  key: (id) => keys.packageRule(id),
  partition: 'PACKAGERULES',
  patterns: {},
});

/** The rule as the editor shows it: its type, band and rooms from its id. */
function ruleOf(stored: StoredRule): PackageRule | undefined {
  const parts = parsePackageRuleId(stored.id);
  if (!parts) return undefined;
  return { ...parts, id: stored.id, lines: stored.lines, outOfStep: stored.outOfStep, saved: true, updatedAt: stored.updatedAt, version: stored.version };
}

/** Every rule: the saved ones, the rest at their defaults (one Query of the partition). */
export async function listPackageRules(db: Db): Promise<PackageRule[]> {
  const raws = await allPages((start) => queryPage(db, { pk: keys.packageRules(), consistent: true, start }));
  const saved = new Map(raws.flatMap((raw) => {
    const rule = ruleOf(packageRuleEntity.parse(raw));
    return rule ? [[rule.id, rule] as const] : [];
  }));
  return defaultPackageRules().map((rule) => saved.get(rule.id) ?? rule);
}

/** One rule: saved, else its default. */
async function readRule(db: Db, id: string): Promise<{ stored: StoredRule | undefined; lines: PackageLine[] } | undefined> {
  const parts = parsePackageRuleId(id);
  if (!parts) return undefined;
  const stored = await packageRuleEntity.get(db, id, true);
  return { stored, lines: stored?.lines ?? defaultPackageLines(parts.type, parts.material, parts.rooms) };
}

/** A line's unit and price in the library (its brand's own price, else the any-brand price), or why it has none. */
export function linePrice(index: LibraryIndex, line: PackageLine): LinePrice {
  const detail = itemDetail(index, line.usageArea, line.item);
  if (!('found' in detail)) return { missing: detail.missing };
  const price = priceOf(index, line.usageArea, line.item, line.finishType, line.brand);
  if (!('found' in price)) return { missing: price.missing };
  return { unit: detail.found.unit, price: price.found.price };
}

async function checkRule(db: Db, rule: Pick<PackageRule, 'type' | 'material' | 'rooms' | 'lines'>): Promise<RuleMiss[]> {
  const [index, settings] = await Promise.all([readLibraryIndex(db), getSettings(db)]);
  return ruleMisses(rule, (line) => linePrice(index, line), settings.business.pricing);
}

export type SaveRuleResult = { item: PackageRule } | { notFound: true } | { stale: PackageRule };

/**
 * Saves a rule's lines at the version the editor read (0: still its
 * default), with whether it is in step with the calculator now (the library's
 * prices and Settings' calculator rates at the time of saving).
 */
export async function savePackageRule(db: Db, id: string, input: PackageRuleInput, ctx: WriteContext): Promise<SaveRuleResult> {
  const parts = parsePackageRuleId(id);
  const current = await readRule(db, id);
  if (!parts || !current) return { notFound: true };
  const { stored } = current;
  const asRule = (value: StoredRule) => ruleOf(value) ?? { ...parts, id, lines: value.lines, outOfStep: value.outOfStep, saved: true, updatedAt: value.updatedAt, version: value.version };
  const defaultRule = (): PackageRule => ({ ...parts, id, lines: current.lines, outOfStep: null, saved: false, updatedAt: '', version: 0 });
  if ((stored?.version ?? 0) !== input.version) return { stale: stored ? asRule(stored) : defaultRule() };
  const misses = await checkRule(db, { ...parts, lines: input.lines });
  const outOfStep = misses.length > 0 ? { at: ctx.now, misses } : null;
  const p = plan(db, ctx);
  let after: StoredRule;
  if (stored) {
    after = { ...stored, lines: input.lines, outOfStep, updatedAt: ctx.now, version: stored.version + 1 };
    packageRuleEntity.planUpdate(p, 'rule', stored, after);
  } else {
    after = { id, lines: input.lines, outOfStep, createdAt: ctx.now, updatedAt: ctx.now, version: 1 };
    packageRuleEntity.planCreate(p, 'rule', after);
  }
  try {
    await p.commit();
  } catch (error) {
    if (!(error instanceof PlanConditionFailed && error.has('rule'))) throw error;
    const now = await packageRuleEntity.get(db, id, true);
    return { stale: now ? asRule(now) : defaultRule() };
  }
  return { item: asRule(after) };
}

/**
 * Flags a rule out of step after a lead's draft missed the range its visitor
 * was shown (a rule never saved is saved at its default, flagged). A flag
 * lost to a concurrent save is left: that save checked the rule itself.
 */
async function flagRule(db: Db, id: string, lines: PackageLine[], miss: RuleMiss, ctx: WriteContext): Promise<void> {
  const stored = await packageRuleEntity.get(db, id, true);
  const outOfStep = { at: ctx.now, misses: [miss] };
  const p = plan(db, ctx);
  if (stored) packageRuleEntity.planUpdate(p, 'rule', stored, { ...stored, outOfStep, updatedAt: ctx.now, version: stored.version + 1 });
  else packageRuleEntity.planCreate(p, 'rule', { id, lines, outOfStep, createdAt: ctx.now, updatedAt: ctx.now, version: 1 });
  try {
    await p.commit();
  } catch (error) {
    if (!(error instanceof PlanConditionFailed && error.has('rule'))) throw error;
    log.warn('package rule not flagged: it changed meanwhile', { id });
  }
}

type DraftEvent = Extract<NotificationEvent, { kind: 'lead.draft_quote' }>;

export type DraftResult = { created: string } | { exists: string } | { leadMissing: true } | { unpriced: string };

/**
 * A calculator lead's draft quotation (the outbox's 'lead.draft_quote'
 * task): the package rule of its answers priced from the rate library,
 * linked to the lead, status draft, for the salesperson to review, edit and
 * send. Its id is the submission's, so a retry finds it made. A total outside
 * the range the visitor was shown flags the rule in the rate library.
 */
export async function createCalculatorDraft(db: Db, event: DraftEvent, ctx: WriteContext, today: string): Promise<DraftResult> {
  if (await getQuotation(db, event.submissionId)) return { exists: event.submissionId };
  const id = packageRuleId(event.bhk, event.material, event.rooms);
  const rule = await readRule(db, id);
  if (!rule) throw new Error(`no package rule ${id}`);
  const index = await readLibraryIndex(db);
  const drafted = draftRows(rule.lines, event.area, (line) => linePrice(index, line));
  if ('missing' in drafted) {
    await flagRule(db, id, rule.lines, { area: event.area, total: 0, minCost: event.minCost, maxCost: event.maxCost, unpriced: drafted.missing }, ctx);
    return { unpriced: drafted.missing };
  }
  const summary = `${PROPERTY_TYPE_LABELS[event.bhk]}, ${event.area} sq ft, ${MATERIAL_LABELS[event.material]}, ${ROOM_SCOPE_LABELS[event.rooms]}`;
  const input = quotationCreateSchema.validateSync({
    title: `Draft from the cost calculator: ${summary}`,
    clientDetails: { name: event.name, phone: event.phone, email: event.email, projectType: calculatorProjectType[event.bhk], siteAddress: event.city },
    rows: drafted.rows,
    status: 'draft',
    leadId: event.leadId,
  });
  const result = await createQuotation(db, input, ctx, today, event.submissionId);
  if ('leadMissing' in result) return { leadMissing: true };
  if (!('item' in result)) throw new Error('a calculator draft was refused');
  const total = quotationTotals(result.item.rows, 0).grandTotal;
  if (total < event.minCost || total > event.maxCost) {
    log.warn('calculator draft outside the range shown', { quotationId: result.item.id, total, range: `${formatINR(event.minCost)} - ${formatINR(event.maxCost)}` });
    await flagRule(db, id, rule.lines, { area: event.area, total, minCost: event.minCost, maxCost: event.maxCost }, ctx);
  }
  return { created: result.item.id };
}

/**
 * The outbox's 'lead.draft_quote' task (jobs/tasks.ts): done is 'sent', a lead gone meanwhile 'skipped';
 * a rule that could not be priced is done too, its reason kept as the item's last error.
 */
export const draftQuoteTask: TaskRunner<DraftEvent> = async (event, { db, ctx, nowMs }) => {
  const drafted = await createCalculatorDraft(db, event, ctx, calendarDate(nowMs));
  return { status: 'leadMissing' in drafted ? 'skipped' : 'sent', note: 'unpriced' in drafted ? `Not drafted: ${drafted.unpriced}` : '' };
};
