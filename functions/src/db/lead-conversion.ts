import { customerName, type Customer } from '@app/shared-types/customers';
import type { Lead, LeadConversion } from '@app/shared-types/leads';
import type { LeadConversionInput, Project } from '@app/shared-types/projects';
import type { Db } from './client';
import { createCustomerWrites, CUSTOMER_ADDED, newCustomer } from './customer-repo';
import { keys } from './keys';
import { getLead, timelineItem, type Actor } from './lead-repo';
import { createProjectWrites, newProject, projectCounterDeltas, type StoredProject } from './project-repo';
import { counterUpdate, mergeDeltas } from './stats-repo';
import { isTransactionCanceled, putNew, transactWrite, versionedUpdate } from './writes';

export type ConvertLeadResult =
  | { lead: Lead; customer: Customer; project: Project | null }
  | { notFound: true }
  | { stale: Lead }
  | { notWon: Lead }
  | { alreadyConverted: Lead };

/**
 * Turns a Won lead into a customer (with the lead's phone) and, when asked,
 * a first project of that customer, in one transaction with the lead's link
 * to both and a timeline entry: either all of it happens or none of it. The
 * lead must still be at the version the user saw, Won, and not converted yet,
 * so a double click cannot make two customers.
 */
export async function convertLead(db: Db, id: string, input: LeadConversionInput, actor: Actor, now: string): Promise<ConvertLeadResult> {
  const lead = await getLead(db, id, true);
  if (!lead) return { notFound: true };
  if (lead.conversion) return { alreadyConverted: lead };
  if (lead.version !== input.version) return { stale: lead };
  if (lead.status !== 'Won') return { notWon: lead };

  const customer: Customer = {
    ...newCustomer({ ...input.customer, phone: lead.phone, notes: lead.requirements }, now, lead.id),
    projectCount: input.project ? 1 : 0,
  };
  const project: StoredProject | null = input.project
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
        },
        now,
        lead.id,
      )
    : null;
  const conversion: LeadConversion = {
    customerId: customer.id,
    customerName: customerName(customer),
    projectId: project?.id ?? null,
    projectName: project?.name ?? null,
    convertedAt: now,
    convertedBy: actor.name,
  };
  const leadUpdate = versionedUpdate(db, keys.lead(lead.id), { conversion, updatedAt: now }, lead.version);
  try {
    await transactWrite(db, [
      {
        Update: {
          ...leadUpdate,
          ConditionExpression: `${leadUpdate.ConditionExpression} AND #leadStatus = :won AND (attribute_not_exists(conversion) OR attribute_type(conversion, :nullType))`,
          ExpressionAttributeNames: { ...leadUpdate.ExpressionAttributeNames, '#leadStatus': 'status' },
          ExpressionAttributeValues: { ...leadUpdate.ExpressionAttributeValues, ':won': 'Won', ':nullType': 'NULL' },
        },
      },
      ...createCustomerWrites(db, customer, { counters: false }),
      ...(project ? createProjectWrites(db, project, customerName(customer), { countOnCustomer: false, counters: false }) : []),
      counterUpdate(db, 'DASHBOARD', mergeDeltas(CUSTOMER_ADDED, project ? projectCounterDeltas(project.status, 1) : {})),
      putNew(
        db,
        timelineItem(lead.id, {
          type: 'note',
          content: project
            ? `Converted to customer ${conversion.customerName} with the project '${project.name}' by ${actor.name}`
            : `Converted to customer ${conversion.customerName} by ${actor.name}`,
          createdBy: actor.name,
          createdAt: now,
        }),
      ),
    ]);
  } catch (error) {
    if (!isTransactionCanceled(error, 0)) throw error;
    // The lead changed meanwhile: say why from what it is now.
    const current = await getLead(db, id, true);
    if (!current) return { notFound: true };
    if (current.conversion) return { alreadyConverted: current };
    if (current.status !== 'Won') return { notWon: current };
    return { stale: current };
  }
  return {
    lead: { ...lead, conversion, updatedAt: now, version: lead.version + 1 },
    customer,
    project: project ? { ...project, customerName: conversion.customerName } : null,
  };
}
