import { customerName, type Customer } from '@app/shared-types/customers';
import { MAX_MONEY } from '@app/shared-types/forms';
import type { Transaction } from '@app/shared-types/finance';
import { calendarDate } from '@app/shared-types/format';
import type { Lead, LeadConversion } from '@app/shared-types/leads';
import { isOneOf } from '@app/shared-types/guards';
import { PROJECT_TYPES, projectCreateSchema, type Project } from '@app/shared-types/projects';
import type { ClientResponse, Quotation, QuotationStatus } from '@app/shared-types/quotations';
import { addCustomerProjectCount, customerEntity, newCustomer } from '../customers';
import type { Db } from '../db/client';
import type { WriteContext } from '../db/entity';
import { AGAIN, plan, PlanConditionFailed, rounds } from '../db/plan';
import { addStageDemand, addStageDemandFollow } from '../finance';
import { addTimelineNote, getLead, leadEntity } from '../leads';
import { notify } from '../notify';
import { getProject, newProject, projectEntity } from '../projects';
import { getQuotation, issueNow, money, quotationEntity, quotationEvent, quotationResponseKind } from './quotation-repo';

/**
 * A quote's approval (issue 13), through the share link or marked by staff:
 * one plan that approves the quote, creates the customer and project, wins
 * and converts the lead and demands the project's Advance.
 */

/** Splits 'Meera Nair' into first and last name for the customer record. */
function nameParts(name: string): { firstName: string; lastName: string } {
  const words = name.trim().split(/\s+/);
  return words.length > 1 ? { firstName: words.slice(0, -1).join(' '), lastName: words.at(-1) ?? '' } : { firstName: words[0] ?? name, lastName: '' };
}

/**
 * Approval (through the link, or marked by staff), as one commit: the quote
 * becomes approved with who, when and from which IP; when it has no project,
 * the customer (the lead's, the quote's, or a new one from the client
 * details) and a project with the grand total as its budget are created; the
 * lead becomes Won and converted, with a timeline entry; and the project's
 * Advance stage is demanded in Finance (PRODUCT.md: approval creates the
 * project and the advance demand), unless it already was. All of it lands or
 * none of it. `answer.version` is the version of the quote the approver saw
 * (the client's page, the staff member's screen): a quote at any other is
 * stale, and that version is the commit's condition, so a quote changed
 * between this read and the commit (repriced, pulled back to draft) is stale
 * too, and a second approval cannot pass. `from` is the statuses it may start
 * from: the client's link approves only a sent quote; staff may mark a draft
 * approved too. A variation's approval (issue 25) moves its project's budget
 * to the new total, in the same commit, with the project's audit entry: the
 * payment plan's stages are shares of that budget, and the Advance demanded at
 * the first approval, while still pending, asks its share of the new total
 * (never less than was paid on it), audited too.
 */
export async function approveQuotation(
  db: Db,
  quote: Quotation,
  answer: { name: string; comment: string; ip: string; version: number },
  ctx: WriteContext,
  today = calendarDate(new Date(ctx.now)),
  from: readonly QuotationStatus[] = ['sent', 'draft'],
): Promise<
  { quote: Quotation; project: Project | null; demand: Transaction | null } | { answered: Quotation } | { notOpen: Quotation } | { stale: Quotation } | { tooLarge: Quotation } | { notFound: true }
> {
  if (quote.status === 'approved') return { answered: quote };
  if (quote.version !== answer.version) return { stale: quote };
  if (!from.includes(quote.status)) return { notOpen: quote };
  // Stored before the bound: no project budget may hold it.
  if (quote.grandTotal > MAX_MONEY) return { tooLarge: quote };
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
      const quoted = quote.clientDetails.projectType;
      const projectType = isOneOf(PROJECT_TYPES, quoted) ? quoted : isOneOf(PROJECT_TYPES, lead?.projectType) ? lead.projectType : null;
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
      // Attribution (issue 26): the approved quote's grand total is the lead's won value on the Campaigns report.
      const wonValue = quote.grandTotal;
      if (read.status === 'Won' && conversion === read.conversion && read.wonValue === wonValue) return undefined;
      return { ...read, status: 'Won', conversion, wonValue, updatedAt: ctx.now, version: read.version + 1 };
    };
    // A variation moves the budget of the project the approved quote created; the plan's stages follow it.
    const moved =
      existingProject && quote.variation && existingProject.estimatedBudget !== quote.grandTotal
        ? { ...existingProject, estimatedBudget: quote.grandTotal, updatedAt: ctx.now, version: existingProject.version + 1 }
        : null;
    const approved: Quotation = {
      ...quote,
      status: 'approved',
      // What was approved is frozen: a draft marked approved by staff is issued now.
      issued: quote.issued ?? (await issueNow(db, quote)),
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
      // On the condition that the quote is still at the version the approver saw (`quote` is only ever read at it).
      quotationEntity.planUpdate(p, 'quote', quote, approved, { action: 'approve' });
      if (created && customer && !existingCustomer) customerEntity.planCreate(p, 'customer', customer);
      else if (created && customer) addCustomerProjectCount(p, 'customer', customer.id, 1);
      if (created) projectEntity.planCreate(p, 'project', created);
      if (existingProject && moved) projectEntity.planUpdate(p, 'project', existingProject, moved);
      if (lead) {
        const won = leadChange(lead);
        if (won) leadEntity.planUpdate(p, 'lead', lead, won, { action: 'convert' });
        addTimelineNote(p, 'lead.note', lead.id, {
          type: 'note',
          content: `${quote.variation ? 'Variation of quotation' : 'Quotation'} ${quote.quotationNumber} approved by ${answer.name} (${money(quote.grandTotal)})${answer.comment ? `: ${answer.comment}` : ''}${created ? `. Project '${created.name}' created.` : ''}${moved ? `. Project budget moved from ${money(existingProject?.estimatedBudget ?? 0)}.` : ''}`,
          createdBy: ctx.actor.name,
          createdAt: ctx.now,
        });
      }
      p.write('response', quotationResponseKind.put([ctx.now, quote.id], { quotationId: quote.id, action: 'approved' }));
      notify(p, quotationEvent('quotation.approved', approved, answer.name, answer.comment));
      // The project's Advance, demanded in the same commit (once per project: not when already demanded).
      const demandProject = created ?? moved ?? existingProject;
      const fresh = new Set(created ? [created.id, created.customerId] : []);
      const demand = demandProject ? await addStageDemand(p, demandProject, customer ? customerName(customer) : demandProject.customerName, 'Advance', today, fresh) : null;
      // A variation's new budget: the Advance already demanded and still pending asks the plan's share of it (issue 25).
      const followed = moved && !demand ? await addStageDemandFollow(p, moved, 'Advance') : null;
      await p.commit();
      return { created, demand: demand ?? followed };
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

