import { customerName, type Customer } from '@app/shared-types/customers';
import type { Lead, LeadConversion } from '@app/shared-types/leads';
import type { LeadConversionInput, Project } from '@app/shared-types/projects';
import type { Db } from '../db/client';
import { customerEntity, newCustomer } from '../customers';
import type { WriteContext } from '../db/entity';
import { addTimelineNote, getLead, leadEntity } from './lead-repo';
import { plan, PlanConditionFailed } from '../db/plan';
import { newProject, projectEntity } from '../projects';

export type ConvertLeadResult =
  | { lead: Lead; customer: Customer; project: Project | null }
  | { notFound: true }
  | { stale: Lead }
  | { notWon: Lead }
  | { alreadyConverted: Lead };

/**
 * Turns a Won lead into a customer (with the lead's phone) and, when asked,
 * a first project of that customer, in one plan with the lead's link
 * to both, a timeline entry and the audit entries: either all of it happens
 * or none of it. The lead must still be at the version the user saw, Won,
 * and not converted yet, so a double click cannot make two customers.
 */
export async function convertLead(db: Db, id: string, input: LeadConversionInput, ctx: WriteContext): Promise<ConvertLeadResult> {
  const lead = await getLead(db, id, true);
  if (!lead) return { notFound: true };
  if (lead.conversion) return { alreadyConverted: lead };
  if (lead.version !== input.version) return { stale: lead };
  if (lead.status !== 'Won') return { notWon: lead };

  const customer: Customer = {
    ...newCustomer({ ...input.customer, phone: lead.phone, notes: lead.requirements }, ctx.now, lead.id),
    projectCount: input.project ? 1 : 0,
  };
  // Its slug is derived from the name when the transaction is written (projectEntity.claim).
  const draft: Project | null = input.project
    ? newProject(
        {
          customerId: customer.id,
          name: input.project.name,
          projectType: input.project.projectType,
          estimatedBudget: input.project.estimatedBudget,
          siteAddress: input.project.siteAddress,
          requirements: lead.requirements,
          description: '',
          status: 'planning',
          priority: lead.priority,
          actualCost: null,
          startDate: null,
          estimatedEndDate: null,
          progress: 0,
          notes: '',
          title: '',
          category: '',
          area: '',
          location: lead.location,
          publicStatus: null,
          showOnWebsite: false,
          slug: '',
        },
        ctx.now,
        customerName(customer),
        lead.id,
      )
    : null;
  const conversion: LeadConversion = {
    customerId: customer.id,
    customerName: customerName(customer),
    projectId: draft?.id ?? null,
    projectName: draft?.name ?? null,
    convertedAt: ctx.now,
    convertedBy: ctx.actor.name,
  };
  const converted: Lead = { ...lead, conversion, updatedAt: ctx.now, version: lead.version + 1 };
  /** The whole conversion as one plan, with the project as it claims its slug. */
  const write = async (project: Project | null) => {
    const p = plan(db, ctx);
    leadEntity.planUpdate(p, 'lead', lead, converted, {
      action: 'convert',
      condition: {
        expression: '#leadStatus = :won AND (attribute_not_exists(conversion) OR attribute_type(conversion, :nullType))',
        names: { '#leadStatus': 'status' },
        values: { ':won': 'Won', ':nullType': 'NULL' },
      },
    });
    customerEntity.planCreate(p, 'customer', customer);
    if (project) projectEntity.planCreate(p, 'project', project);
    addTimelineNote(p, 'note', lead.id, {
      type: 'note',
      content: project
        ? `Converted to customer ${conversion.customerName} with the project '${project.name}' by ${ctx.actor.name}`
        : `Converted to customer ${conversion.customerName} by ${ctx.actor.name}`,
      createdBy: ctx.actor.name,
      createdAt: ctx.now,
    });
    await p.commit();
    return project;
  };
  let project: Project | null;
  try {
    // A derived slug lost to a concurrent save moves on to the next free one ('-2', '-3'...); a conversion
    // that only keeps losing to concurrent transactions gives up as busy (the commit's ContendedWrite: 503).
    project = draft ? await projectEntity.claimDerived(db, draft, write) : await write(null);
  } catch (error) {
    if (!(error instanceof PlanConditionFailed) || !error.has('lead')) throw error;
    // The lead changed meanwhile: say why from what it is now.
    const current = await getLead(db, id, true);
    if (!current) return { notFound: true };
    if (current.conversion) return { alreadyConverted: current };
    if (current.status !== 'Won') return { notWon: current };
    return { stale: current };
  }
  return { lead: converted, customer, project };
}
