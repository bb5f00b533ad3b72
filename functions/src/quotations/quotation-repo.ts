import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { GetCommand, QueryCommand, type NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import { customerName, type Customer } from '@app/shared-types/customers';
import type { Lead, LeadConversion } from '@app/shared-types/leads';
import type { Project } from '@app/shared-types/projects';
import { PROJECT_TYPES, projectCreateSchema } from '@app/shared-types/projects';
import {
  addDays,
  fiscalYearOf,
  formatQuotationNumber,
  quotationMargin,
  quotationPrefix,
  quotationSchema,
  quotationTotals,
  type ClientAnswerInput,
  type ClientResponse,
  type Quotation,
  type QuotationInput,
  type QuotationListQuery,
  type QuotationRevision,
  type QuotationRow,
} from '@app/shared-types/quotations';
import type { Db } from '../db/client';
import { addCustomerProjectCount, customerEntity, newCustomer } from '../customers';
import { defineEntity, type ItemKey, type WriteContext } from '../db/entity';
import { defineItem, transactItem } from '../db/item';
import { AGAIN, plan, PlanConditionFailed, rounds } from '../db/plan';
import { addStageDemand } from '../finance';
import { keys, newestFirst } from '../db/keys';
import { addTimelineNote, getLead, leadEntity, timelineItem } from '../leads';
import { getProject, newProject, projectEntity } from '../projects';
import { costPricesFor } from './rate-library-repo';
import { getAllSettings } from '../settings';
import { dashboardCounter } from '../dashboard';
import { notificationWrite, notify } from '../notify';
import type { Transaction } from '@app/shared-types/finance';
import { calendarDate } from '@app/shared-types/format';
import * as yup from 'yup';
import type { NotificationEvent } from '@app/shared-types/notifications';
import { nextSequence, putNew, type TransactItem } from '../db/writes';
import { log } from '../lib/log';

type Item = Record<string, NativeAttributeValue>;

/**
 * Quotations (issue 13): server-saved quotes with a readable number per
 * fiscal year, totals the server computes, revisions kept on every save
 * that matters, a share link the client answers through, and an approval
 * that creates the customer and project. Every write carries its audit entry
 * and keeps the dashboard's 'Pending Quotations' (drafts and sent) exact.
 */

const byCreation = (quote: Quotation) => newestFirst(quote.createdAt, quote.id);
const isOpen = (quote: Pick<Quotation, 'status'>) => quote.status === 'draft' || quote.status === 'sent';

export const quotationEntity = defineEntity({
  type: 'Quotation',
  schema: quotationSchema,
  key: keys.quotation,
  indexes: {
    gsi1: (quote) => ({ pk: keys.quotations(), sk: byCreation(quote) }),
    gsi2: (quote) => ({ pk: keys.quotationsByStatus(quote.status), sk: byCreation(quote) }),
    gsi3: (quote) => (isOpen(quote) ? { pk: keys.quotationsOpen(), sk: keys.quotationOpenSort(quote.validUntil, quote.id) } : undefined),
  },
  patterns: {
    all: { index: 'gsi1', partition: () => keys.quotations() },
    byStatus: { index: 'gsi2', partition: ({ status }: Pick<Quotation, 'status'>) => keys.quotationsByStatus(status) },
    open: { index: 'gsi3', partition: () => keys.quotationsOpen() },
  },
  unique: [{ name: 'QuotationNumber', key: (quote) => keys.quotationNumber(quote.quotationNumber), owner: 'quotationId' }],
  counts: (quote) => ({ DASHBOARD: { [dashboardCounter.pendingQuotations]: isOpen(quote) ? 1 : 0 } }),
  search: (quote) => ({
    texts: [quote.quotationNumber, quote.clientDetails.name, quote.title, quote.clientDetails.community, quote.clientDetails.email],
    phones: [quote.clientDetails.phone],
  }),
});

export const getQuotation = (db: Db, id: string, consistent = true) => quotationEntity.get(db, id, consistent);

// ---------------------------------------------------------------------------
// Settings the quotes read (Settings, issue 15, saves them; until then the SPEC.md 9 defaults)

export interface QuotationSettings {
  validityDays: number;
  marginThreshold: number;
  fiscalYearStart: string;
  companyName: string;
}

/** What quotes read from Settings (Business and the company name), in one read of the settings item. */
export async function quotationSettings(db: Db): Promise<QuotationSettings> {
  const { business, company } = await getAllSettings(db);
  return {
    validityDays: business.quotationValidityDays,
    marginThreshold: business.quoteMarginThreshold,
    fiscalYearStart: business.fiscalYearStart,
    companyName: company.companyName,
  };
}

// ---------------------------------------------------------------------------
// Building a quote from what the builder sent

/** The rows as stored: ids kept or given, totals and the library's cost prices computed here. */
async function storedRows(db: Db, rows: QuotationInput['rows']): Promise<QuotationRow[]> {
  const costs = await costPricesFor(db, rows);
  const seen = new Set<string>();
  return rows.map((row, i) => {
    const id = row.id && !seen.has(row.id) ? row.id : randomUUID();
    seen.add(id);
    // Dimensions a unit does not use are not kept (SPEC.md 5 hides them).
    const measured = {
      ...row,
      id,
      length: row.unit === 'sq.ft' || row.unit === 'R.ft' ? row.length : null,
      width: row.unit === 'sq.ft' ? row.width : null,
    };
    return { ...measured, total: 0, costPrice: costs[i] ?? null };
  });
}

/** Every figure of a quote from its rows and discount (SPEC.md 9), whatever the client sent. */
function withFigures(quote: Omit<Quotation, 'subtotal' | 'discountAmount' | 'grandTotal' | 'costTotal' | 'marginPercent' | 'uncostedRows'>): Quotation {
  const rows = quote.rows.map((row) => ({ ...row, total: quotationTotals([row], 0).subtotal }));
  return { ...quote, rows, ...quotationTotals(rows, quote.discount), ...quotationMargin(rows, quote.discount) };
}

/** The fields of a quote that are money: a save that changes one keeps the previous version. */
const moneyOf = (quote: Quotation) =>
  JSON.stringify([quote.discount, quote.grandTotal, quote.rows.map((row) => [row.unit, row.length, row.width, row.quantity, row.unitPrice, row.usageArea, row.item, row.finishType, row.brand])]);

/** Takes the next number of the fiscal year: no two saves ever share one. */
async function nextQuotationNumber(db: Db, settings: QuotationSettings, quotationDate: string): Promise<{ quotationNumber: string; fiscalYear: string }> {
  const fiscalYear = fiscalYearOf(settings.fiscalYearStart, quotationDate);
  const sequence = await nextSequence(db, keys.quotationCounter(fiscalYear), 'QuotationCounter');
  return { quotationNumber: formatQuotationNumber(quotationPrefix(settings.companyName), fiscalYear, sequence), fiscalYear };
}

export type LowMargin = { lowMargin: { marginPercent: number; threshold: number } };

/**
 * The margin guard: sending below the threshold needs the sender's
 * confirmation. Without it, the answer that asks for it; with it, the quote
 * records who confirmed at what margin (and so does its audit entry).
 */
function marginGuard(quote: Quotation, settings: QuotationSettings, confirmed: boolean, ctx: WriteContext): LowMargin | { item: Quotation } {
  const below = quote.status === 'sent' && quote.marginPercent !== null && quote.marginPercent < settings.marginThreshold;
  if (!below) return { item: quote };
  const lowMargin = { marginPercent: quote.marginPercent!, threshold: settings.marginThreshold };
  if (!confirmed) return { lowMargin };
  return { item: { ...quote, lowMarginConfirmed: { ...lowMargin, by: ctx.actor.name, at: ctx.now } } };
}

/** A timeline entry on the quote's lead, when it has one. */
const leadNote = (db: Db, quote: Pick<Quotation, 'leadId'>, content: string, ctx: WriteContext): TransactItem[] =>
  quote.leadId ? [putNew(db, timelineItem(quote.leadId, { type: 'note', content, createdBy: ctx.actor.name, createdAt: ctx.now }))] : [];

/**
 * A quote sent for a lead still at New or Follow-up moves the lead to Quoted
 * (its counters follow). A write of its own after the send: the lead is
 * edited by others meanwhile, and a lead left at its status loses nothing.
 */
export async function markLeadQuoted(db: Db, leadId: string | null, ctx: WriteContext): Promise<void> {
  if (!leadId) return;
  const result = await leadEntity.update(db, leadId, undefined, (lead) => (lead.status === 'New' || lead.status === 'Follow-up' ? { ...lead, status: 'Quoted' } : lead), ctx);
  if ('stale' in result) log.warn('lead not moved to Quoted after a quotation was sent', { leadId });
}

const money = (amount: number) => `₹${amount.toLocaleString('en-IN', { maximumFractionDigits: 2 })}`;

export type CreateQuotationResult = { item: Quotation } | LowMargin | { leadMissing: true } | { customerMissing: true };

export async function createQuotation(db: Db, input: QuotationInput, ctx: WriteContext, today: string): Promise<CreateQuotationResult> {
  const settings = await quotationSettings(db);
  if (input.leadId && !(await getLead(db, input.leadId))) return { leadMissing: true };
  if (input.customerId && !(await customerEntity.get(db, input.customerId))) return { customerMissing: true };
  const quotationDate = input.quotationDate ?? today;
  const { confirmLowMargin, ...fields } = input;
  const draft = withFigures({
    ...fields,
    id: randomUUID(),
    quotationDate,
    validUntil: input.validUntil ?? addDays(quotationDate, settings.validityDays),
    rows: await storedRows(db, input.rows),
    status: input.status,
    quotationNumber: '',
    fiscalYear: '',
    revisionCount: 0,
    createdBy: ctx.actor.id,
    createdByName: ctx.actor.name,
    sentAt: input.status === 'sent' ? ctx.now : null,
    approvedAt: null,
    approvedBy: null,
    rejectionReason: '',
    responses: [],
    lowMarginConfirmed: null,
    shareToken: input.status === 'sent' ? newShareToken() : null,
    confirmLowMargin: false,
    createdAt: ctx.now,
    updatedAt: ctx.now,
    version: 1,
  });
  const guarded = marginGuard(draft, settings, confirmLowMargin, ctx);
  if ('lowMargin' in guarded) return guarded;
  const quote: Quotation = { ...guarded.item, ...(await nextQuotationNumber(db, settings, quotationDate)) };
  const result = await quotationEntity.create(db, quote, ctx, [
    ...linkWrites(db, null, quote),
    ...leadNote(db, quote, `Quotation ${quote.quotationNumber} created by ${ctx.actor.name} (${money(quote.grandTotal)})`, ctx),
  ]);
  // A number is taken once; the marker only guards against a counter reset.
  if ('taken' in result) throw new Error(`quotation number ${quote.quotationNumber} is taken`);
  if (quote.status === 'sent') await markLeadQuoted(db, quote.leadId, ctx);
  return result;
}

export type UpdateQuotationResult =
  | { item: Quotation }
  | { notFound: true }
  | { stale: Quotation }
  | LowMargin
  | { notEditable: Quotation };

/**
 * Saves the builder's quote at the version the editor read. Saving a sent or
 * approved quote, or any save that changes money, keeps the version it
 * replaces as a revision, in the same transaction.
 */
export async function updateQuotation(
  db: Db,
  id: string,
  input: QuotationInput & { version: number },
  ctx: WriteContext,
): Promise<UpdateQuotationResult> {
  const settings = await quotationSettings(db);
  const before = await getQuotation(db, id);
  if (!before) return { notFound: true };
  if (before.version !== input.version) return { stale: before };
  const { confirmLowMargin, version: _version, ...fields } = input;
  const rows = await storedRows(db, input.rows);
  const quotationDate = input.quotationDate ?? before.quotationDate;
  // An approved quote stays approved: its changes are kept as revisions, its status is the client's.
  const status = before.status === 'approved' ? 'approved' : input.status;
  const after = withFigures({
    ...before,
    ...fields,
    quotationDate,
    validUntil: input.validUntil ?? before.validUntil,
    rows,
    status,
    sentAt: status === 'sent' && before.status !== 'sent' ? ctx.now : before.sentAt,
    shareToken: status === 'sent' ? (before.shareToken ?? newShareToken()) : before.shareToken,
    confirmLowMargin: false,
    updatedAt: ctx.now,
    version: before.version + 1,
  });
  const guarded = status !== before.status || moneyOf(after) !== moneyOf(before) ? marginGuard(after, settings, confirmLowMargin, ctx) : { item: after };
  if ('lowMargin' in guarded) return guarded;
  const keep = before.status === 'sent' || before.status === 'approved' || moneyOf(after) !== moneyOf(before);
  const saved: Quotation = keep ? { ...guarded.item, revisionCount: before.revisionCount + 1 } : guarded.item;
  const extra: TransactItem[] = [
    ...(keep ? [revisionWrite(db, before, ctx)] : []),
    ...linkWrites(db, before, saved),
    ...(status === 'sent' && before.status !== 'sent' ? leadNote(db, saved, `Quotation ${saved.quotationNumber} sent by ${ctx.actor.name} (${money(saved.grandTotal)})`, ctx) : []),
  ];
  const result = await quotationEntity.update(db, id, input.version, () => saved, ctx, { extra: () => extra });
  if ('taken' in result) throw new Error('quotation number taken on update');
  if ('item' in result && status === 'sent' && before.status !== 'sent') await markLeadQuoted(db, result.item.leadId, ctx);
  return result;
}

function revisionWrite(db: Db, before: Quotation, ctx: WriteContext): TransactItem {
  const revision = before.revisionCount + 1;
  return putNew(db, {
    ...keys.quotationRevision(before.id, revision),
    entityType: 'QuotationRevision',
    quotationId: before.id,
    revision,
    replacedAt: ctx.now,
    replacedBy: ctx.actor.name,
    quotation: quotationEntity.stored(before),
  });
}

export async function deleteQuotation(db: Db, id: string, ctx: WriteContext) {
  const before = await getQuotation(db, id);
  if (!before) return { notFound: true } as const;
  return quotationEntity.remove(db, id, ctx, { extra: () => linkWrites(db, before, null) });
}

/** Revisions, newest first, a page at a time. */
export async function listRevisions(db: Db, id: string, limit: number, start?: ItemKey): Promise<{ items: QuotationRevision[]; lastKey?: ItemKey }> {
  const { Items = [], LastEvaluatedKey } = await db.doc.send(
    new QueryCommand({
      TableName: db.table,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :rev)',
      ExpressionAttributeValues: { ':pk': keys.quotation(id).pk, ':rev': keys.quotationRevisionPrefix() },
      ScanIndexForward: false,
      Limit: limit,
      ExclusiveStartKey: start,
    }),
  );
  return { items: Items.map(revisionOf), ...(LastEvaluatedKey ? { lastKey: LastEvaluatedKey } : {}) };
}

export async function getRevision(db: Db, id: string, revision: number): Promise<QuotationRevision | undefined> {
  const { Item } = await db.doc.send(new GetCommand({ TableName: db.table, Key: keys.quotationRevision(id, revision) }));
  return Item ? revisionOf(Item) : undefined;
}

function revisionOf(item: Item): QuotationRevision {
  return {
    quotationId: String(item.quotationId),
    revision: Number(item.revision),
    replacedAt: String(item.replacedAt),
    replacedBy: String(item.replacedBy),
    quotation: quotationEntity.parse(item.quotation as Item),
  };
}

// ---------------------------------------------------------------------------
// Lists

function listOf(query: Pick<QuotationListQuery, 'status'>) {
  return query.status ? quotationEntity.source('byStatus', { status: query.status }) : quotationEntity.source('all', {});
}

export const quotationCursorKeys = (query: Pick<QuotationListQuery, 'status' | 'q'>) => quotationEntity.cursorKeys(listOf(query), query.q);

export function listQuotations(db: Db, query: QuotationListQuery, start?: ItemKey) {
  const filtered = query.status || query.leadId || query.customerId;
  return quotationEntity.list(db, listOf(query), {
    limit: query.limit,
    start,
    q: query.q,
    where: filtered
      ? (quote) =>
          (!query.status || quote.status === query.status) &&
          (!query.leadId || quote.leadId === query.leadId) &&
          (!query.customerId || quote.customerId === query.customerId)
      : undefined,
  });
}

/** A client's answer to a quote, listed newest first for the dashboard's card. */
const quotationResponseKind = defineItem({
  type: 'QuotationResponse',
  schema: yup.object({ quotationId: yup.string().required(), action: yup.string().oneOf(['approved', 'changes_requested'] as const).required() }),
  key: (at: string, quotationId: string) => keys.quotationResponse(at, quotationId),
});

/** The quotes with the newest client answers (the dashboard's card). */
export async function latestResponses(db: Db, limit: number): Promise<Quotation[]> {
  const { items } = await quotationResponseKind.query(db, { pk: keys.quotationResponses(), forward: false, limit: limit * 2 });
  const ids = [...new Set(items.map((item) => item.quotationId))].slice(0, limit);
  const quotes = await quotationEntity.getMany(db, ids);
  return ids.flatMap((id) => (quotes.has(id) ? [quotes.get(id)!] : []));
}

// ---------------------------------------------------------------------------
// Share links

/** 32 random bytes, base64url: unguessable. */
function newShareToken(): string {
  return randomBytes(32).toString('base64url');
}
const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** The link marker moves with the token: put when a quote gets one, deleted with the quote. */
function linkWrites(db: Db, before: Quotation | null, after: Quotation | null): TransactItem[] {
  const [old, next] = [before?.shareToken ?? null, after?.shareToken ?? null];
  if (old === next) return [];
  const writes: TransactItem[] = [];
  if (old) writes.push({ Delete: { TableName: db.table, Key: keys.quotationLink(tokenHash(old)) } });
  if (next) writes.push(putNew(db, { ...keys.quotationLink(tokenHash(next)), entityType: 'QuotationLink', quotationId: after!.id }));
  return writes;
}

export type LinkResult = { quote: Quotation } | { invalid: true } | { expired: Quotation };

/** The quote a share token opens: none for an unknown token; expired past validUntil. */
export async function quotationByToken(db: Db, token: string, today: string): Promise<LinkResult> {
  const { Item } = await db.doc.send(new GetCommand({ TableName: db.table, Key: keys.quotationLink(tokenHash(token)), ConsistentRead: true }));
  if (!Item) return { invalid: true };
  const quote = await getQuotation(db, String(Item.quotationId));
  if (!quote || quote.shareToken !== token) return { invalid: true };
  if (quote.status !== 'approved' && quote.validUntil < today) return { expired: quote };
  return { quote };
}

/** The notification of a quote's step (sent, approved, changes requested), heard by its creator too. */
function quotationEvent(kind: 'quotation.sent' | 'quotation.approved' | 'quotation.changes_requested', quote: Quotation, by: string, comment = ''): NotificationEvent {
  return {
    kind,
    quotationId: quote.id,
    number: quote.quotationNumber,
    clientName: quote.clientDetails.name,
    by,
    ...(comment ? { comment } : {}),
    createdById: quote.createdBy,
  };
}

export type SendResult = { item: Quotation } | { notFound: true } | { stale: Quotation } | LowMargin | { notSendable: Quotation } | { noProjectType: true };

/** Marks a quote sent and gives it a share link (kept when it has one). */
export async function sendQuotation(db: Db, id: string, version: number, confirmLowMargin: boolean, ctx: WriteContext): Promise<SendResult> {
  const settings = await quotationSettings(db);
  const before = await getQuotation(db, id);
  if (!before) return { notFound: true };
  if (before.version !== version) return { stale: before };
  if (before.status === 'approved' || before.status === 'rejected') return { notSendable: before };
  if (!before.clientDetails.projectType) return { noProjectType: true };
  const sent: Quotation = {
    ...before,
    status: 'sent',
    sentAt: before.status === 'sent' ? before.sentAt : ctx.now,
    shareToken: before.shareToken ?? newShareToken(),
  };
  const guarded = before.status !== 'sent' ? marginGuard(sent, settings, confirmLowMargin, ctx) : { item: sent };
  if ('lowMargin' in guarded) return guarded;
  const after = guarded.item;
  const result = await quotationEntity.update(db, id, version, () => after, ctx, {
    action: 'send',
    extra: (read, written) => [
      ...linkWrites(db, read, written),
      ...(read.status !== 'sent' ? leadNote(db, written, `Quotation ${written.quotationNumber} sent by ${ctx.actor.name} (${money(written.grandTotal)})`, ctx) : []),
      ...(read.status !== 'sent' ? [notificationWrite(db, quotationEvent('quotation.sent', written, ctx.actor.name), ctx)] : []),
    ],
  });
  if ('taken' in result) throw new Error('quotation number taken on send');
  if ('item' in result && before.status !== 'sent') await markLeadQuoted(db, result.item.leadId, ctx);
  return result;
}

// ---------------------------------------------------------------------------
// The client's answers

export type AnswerResult =
  | { quote: Quotation; project?: Project }
  | { invalid: true }
  | { expired: Quotation }
  | { answered: Quotation }
  | { notOpen: Quotation };

/** Someone answering through the link: the audit log records them as the client, by name. */
export function clientContext(name: string, requestId: string, now: string): WriteContext {
  return { actor: { id: 'client', name: `${name} (client)`, email: '' }, requestId, now };
}

/** Splits 'Meera Nair' into first and last name for the customer record. */
function nameParts(name: string): { firstName: string; lastName: string } {
  const words = name.trim().split(/\s+/);
  return words.length > 1 ? { firstName: words.slice(0, -1).join(' '), lastName: words.at(-1)! } : { firstName: words[0] ?? name, lastName: '' };
}

/**
 * Approval (through the link, or marked by staff), as one commit: the quote
 * becomes approved with who, when and from which IP; when it has no project,
 * the customer (the lead's, the quote's, or a new one from the client
 * details) and a project with the grand total as its budget are created; the
 * lead becomes Won and converted, with a timeline entry; and the project's
 * Advance stage is demanded in Finance (PRODUCT.md: approval creates the
 * project and the advance demand), unless it already was. All of it lands or
 * none of it. The quote's version is the condition, so a second approval
 * cannot pass.
 */
export async function approveQuotation(
  db: Db,
  quote: Quotation,
  answer: { name: string; comment: string; ip: string },
  ctx: WriteContext,
  today = calendarDate(new Date(ctx.now)),
): Promise<{ quote: Quotation; project: Project | null; demand: Transaction | null } | { answered: Quotation } | { notOpen: Quotation } | { stale: Quotation } | { notFound: true }> {
  if (quote.status === 'approved') return { answered: quote };
  if (quote.status !== 'sent' && quote.status !== 'draft') return { notOpen: quote };
  return rounds(quotationEntity.type, async () => {
    const lead = quote.leadId ? await getLead(db, quote.leadId, true) : undefined;
    const existingCustomerId = quote.customerId ?? lead?.conversion?.customerId ?? null;
    const existingCustomer = existingCustomerId ? await customerEntity.get(db, existingCustomerId, true) : undefined;
    const existingProject = quote.projectId ? await getProject(db, quote.projectId, true) : undefined;
    const response: ClientResponse = { action: 'approved', name: answer.name, comment: answer.comment, at: ctx.now, ip: answer.ip };
    let customer: Customer | undefined = existingCustomer;
    let project: Project | null = null;
    if (!quote.projectId) {
      if (!customer) {
        customer = {
          ...newCustomer(
            {
              ...nameParts(quote.clientDetails.name),
              phone: quote.clientDetails.phone,
              email: quote.clientDetails.email,
              address: quote.clientDetails.address,
              city: 'Hyderabad',
              notes: `From quotation ${quote.quotationNumber}`,
            },
            ctx.now,
            quote.leadId,
          ),
          projectCount: 1,
        };
      }
      // The quote's project type, else the lead's when it is one a project can have (a lead may say 'Renovation').
      const isProjectType = (type: string | undefined): type is Project['projectType'] => (PROJECT_TYPES as readonly string[]).includes(type ?? '');
      const projectType = isProjectType(quote.clientDetails.projectType) ? quote.clientDetails.projectType : isProjectType(lead?.projectType) ? lead.projectType : null;
      // Its slug is derived from the name when the plan is committed (projectEntity.claimDerived below).
      project = newProject(
        // The project form's defaults (planning, not on the website) with what the quote says.
        projectCreateSchema.validateSync({
          customerId: customer.id,
          name: (quote.title || `${quote.clientDetails.name} ${projectType ?? 'interiors'}`).slice(0, 200),
          projectType: projectType ?? '3BHK',
          estimatedBudget: quote.grandTotal,
          siteAddress: quote.clientDetails.siteAddress || quote.clientDetails.address,
          requirements: `Approved quotation ${quote.quotationNumber}`,
          priority: lead?.priority ?? 'medium',
          location: (quote.clientDetails.community || lead?.location || '').slice(0, 200),
        }),
        ctx.now,
        customerName(customer),
        quote.leadId,
      );
    }
    /** The lead becomes Won, and converted to this customer and project unless it was already. */
    const leadChange = (read: Lead): Lead | undefined => {
      const conversion: LeadConversion | null =
        !read.conversion && customer && project
          ? { customerId: customer.id, customerName: customerName(customer), projectId: project.id, projectName: project.name, convertedAt: ctx.now, convertedBy: ctx.actor.name }
          : read.conversion;
      if (read.status === 'Won' && conversion === read.conversion) return undefined;
      return { ...read, status: 'Won', conversion, updatedAt: ctx.now, version: read.version + 1 };
    };
    const approved: Quotation = {
      ...quote,
      status: 'approved',
      approvedAt: ctx.now,
      approvedBy: answer.name,
      responses: [...quote.responses, response],
      customerId: customer?.id ?? quote.customerId,
      projectId: project?.id ?? quote.projectId,
      updatedAt: ctx.now,
      version: quote.version + 1,
    };

    /** The approval's plan, with the new project (if any) as it claims its slug; then its commit. */
    const write = async (created: Project | null) => {
      const p = plan(db, ctx);
      quotationEntity.planUpdate(p, 'quote', quote, approved, { action: 'approve' });
      if (created && customer && !existingCustomer) customerEntity.planCreate(p, 'customer', customer);
      else if (created && customer) addCustomerProjectCount(p, 'customer', customer.id, 1);
      if (created) projectEntity.planCreate(p, 'project', created);
      if (lead) {
        const won = leadChange(lead);
        if (won) leadEntity.planUpdate(p, 'lead', lead, won, { action: 'convert' });
        addTimelineNote(p, 'lead.note', lead.id, {
          type: 'note',
          content: `Quotation ${quote.quotationNumber} approved by ${answer.name} (${money(quote.grandTotal)})${answer.comment ? `: ${answer.comment}` : ''}${created ? `. Project '${created.name}' created.` : ''}`,
          createdBy: ctx.actor.name,
          createdAt: ctx.now,
        });
      }
      p.write('response', quotationResponseKind.put([ctx.now, quote.id], { quotationId: quote.id, action: 'approved' }));
      notify(p, quotationEvent('quotation.approved', approved, answer.name, answer.comment));
      // The project's Advance, demanded in the same commit (once per project: not when already demanded).
      const demandProject = created ?? existingProject;
      const fresh = new Set(created ? [created.id, created.customerId] : []);
      const demand = demandProject ? await addStageDemand(p, demandProject, customer ? customerName(customer) : demandProject.customerName, 'Advance', today, fresh) : null;
      await p.commit();
      return { created, demand };
    };
    try {
      // A derived slug lost to a concurrent save moves on to the next free one ('-2', '-3'...).
      const { created, demand } = project ? await projectEntity.claimDerived(db, project, write) : await write(null);
      return { quote: approved, project: created, demand };
    } catch (error) {
      if (!(error instanceof PlanConditionFailed)) throw error;
      const current = await getQuotation(db, quote.id);
      if (!current) return { notFound: true };
      if (current.status === 'approved') return { answered: current };
      if (current.version !== quote.version) return { stale: current };
      // The quote is as the client saw it, and the lead, customer or Advance demand changed meanwhile: read them again.
      quote = current;
      return AGAIN;
    }
  });
}

/** The client asks for changes: recorded on the quote (an open edit of it then hears of it as a 409), the lead's timeline and the dashboard's answers. */
export async function requestChanges(db: Db, quote: Quotation, answer: ClientAnswerInput & { ip: string }, ctx: WriteContext) {
  const response: ClientResponse = { action: 'changes_requested', name: answer.name, comment: answer.comment, at: ctx.now, ip: answer.ip };
  const result = await quotationEntity.update(db, quote.id, undefined, (before) => ({ ...before, responses: [...before.responses, response].slice(-20) }), ctx, {
    action: 'request_changes',
    condition: { expression: '#status IN (:draft, :sent)', names: { '#status': 'status' }, values: { ':draft': 'draft', ':sent': 'sent' } },
    extra: () => [
      ...leadNote(db, quote, `Changes requested on quotation ${quote.quotationNumber} by ${answer.name}${answer.comment ? `: ${answer.comment}` : ''}`, ctx),
      transactItem(db, quotationResponseKind.put([ctx.now, quote.id], { quotationId: quote.id, action: 'changes_requested' }))!,
      notificationWrite(db, quotationEvent('quotation.changes_requested', quote, answer.name, answer.comment), ctx),
    ],
  });
  return result;
}


// ---------------------------------------------------------------------------
// Expiry (the jobs)

/** Marks drafts and sent quotes past their validUntil as expired (idempotent; the dashboard count follows). */
export async function expireQuotations(db: Db, today: string, ctx: WriteContext): Promise<{ expired: number }> {
  let expired = 0;
  let start: ItemKey | undefined;
  do {
    const page = await quotationEntity.query(db, quotationEntity.source('open', {}), { limit: 100, start, sk: { lt: `${today}#` } });
    for (const quote of page.items) {
      if (quote.validUntil >= today || !isOpen(quote)) continue;
      const result = await quotationEntity.update(db, quote.id, undefined, (before) => (isOpen(before) && before.validUntil < today ? { ...before, status: 'expired' } : before), ctx, {
        action: 'expire',
      });
      if ('item' in result && result.item.status === 'expired') expired++;
    }
    start = page.lastKey;
  } while (start);
  return { expired };
}
