import * as yup from 'yup';
import { monthOf } from '@app/shared-types/attribution';
import type { Lead } from '@app/shared-types/leads';
import { businessMinutesBetween, median, type FirstResponseReport } from '@app/shared-types/speed-to-lead';
import type { Db } from '../db/client';
import { allPages, type WriteContext } from '../db/entity';
import { conditions, defineItem } from '../db/item';
import { keys } from '../db/keys';
import { plan, PlanConditionFailed, type WritePlan } from '../db/plan';
import { notify } from '../notify';
import { employeeEntity } from '../people';
import { getSettings } from '../settings';
import { leadEntity } from './lead-repo';

/**
 * Speed-to-lead (issue 26): the first response and its SLA. Every new lead
 * has an 'awaiting' item (written in the lead's own plan) until a person
 * first responds: a call, WhatsApp, email or note on its timeline, or a
 * status change. That response deletes the item and records the response in
 * its month (the per-salesperson report). The SLA job reads the awaiting
 * items (a small partition: only leads nobody answered yet) and rings the
 * assignee's bell past Settings > Business firstResponseMinutes (business
 * minutes), and at twice the time their reporting manager's bell and email:
 * each level once, by a flag on the awaiting item set in the same plan as the
 * notification on the condition that it was not.
 */

/** A lead nobody has responded to yet (one per new lead, gone at its first response). */
export const leadAwaitingKind = defineItem({
  type: 'LeadAwaiting',
  schema: yup.object({
    leadId: yup.string().required(),
    createdAt: yup.string().required(),
    /** When the assignee's bell rang for it, and when their manager was told (the SLA job's flags). */
    dueNoticedAt: yup.string().optional(),
    escalatedAt: yup.string().optional(),
  }),
  key: (createdAt: string, leadId: string) => keys.leadAwaitingResponse(createdAt, leadId),
  partition: 'LEADAWAITING',
  // A website lead is written awaiting in its transaction.
  grants: { public: ['write'] },
});

/** One first response, in the month it was made (Asia/Kolkata, as the Campaigns report's months). */
export const leadFirstResponseKind = defineItem({
  type: 'LeadFirstResponse',
  schema: yup.object({
    leadId: yup.string().required(),
    employeeId: yup.string().defined(),
    employeeName: yup.string().defined(),
    /** When the lead came in and when it was first answered: the report counts the business minutes between (Settings as they are). */
    leadCreatedAt: yup.string().required(),
    at: yup.string().required(),
  }),
  key: (month: string, employeeId: string, leadId: string) => keys.leadFirstResponse(month, employeeId, leadId),
  partition: 'LEADRESPONSE#*',
});

/** Whether a change of a lead's status by a person is its first response (nobody responded yet): a single edit's and a bulk update's rule. */
export const respondsFirst = (before: Pick<Lead, 'status' | 'firstResponseAt'>, after: Pick<Lead, 'status'>) => !before.firstResponseAt && after.status !== before.status;

/** Adds a new lead's awaiting item to its plan. */
export function planAwaiting(p: WritePlan, lead: Pick<Lead, 'id' | 'createdAt'>, name = 'awaiting'): void {
  p.write(name, leadAwaitingKind.put([lead.createdAt, lead.id], { leadId: lead.id, createdAt: lead.createdAt }));
}

/**
 * The entries of a person's first response to `lead` (read before: it has no
 * firstResponseAt): its awaiting item goes, the response is recorded in its
 * month for the person who made it. The lead's own firstResponseAt is the
 * caller's write (it writes the lead anyway). A plan of many leads names
 * each lead's entries apart by `prefix` ('lead.<id>.').
 */
export function planFirstResponse(p: WritePlan, lead: Pick<Lead, 'id' | 'createdAt'>, prefix = ''): void {
  const { ctx } = p;
  p.write(`${prefix}awaiting`, leadAwaitingKind.delete([lead.createdAt, lead.id]));
  p.write(
    `${prefix}firstResponse`,
    leadFirstResponseKind.put([monthOf(ctx.now), ctx.actor.id, lead.id], {
      leadId: lead.id,
      employeeId: ctx.actor.id,
      employeeName: ctx.actor.name,
      leadCreatedAt: lead.createdAt,
      at: ctx.now,
    }),
  );
}

/** Whether a first response's entries lost to another first response (then the write goes again without them). */
export const lostFirstResponse = (error: unknown) => error instanceof PlanConditionFailed && error.failed.length === 1 && error.has('firstResponse');

/** Every awaiting item, oldest first. */
function awaitingItems(db: Db) {
  return allPages((start) => leadAwaitingKind.query(db, { pk: keys.leadsAwaitingResponse(), consistent: true, start }));
}

export interface SlaResult {
  /** Assignees' bells rung. */
  due: number;
  /** Managers told. */
  escalated: number;
}

/**
 * The SLA check (idempotent: each level of each lead is flagged in the plan
 * of its notification, on the condition that it was not). Leads answered,
 * deleted or without an assignee are not rung; the awaiting item of a lead
 * that is gone or answered is removed.
 */
export async function runSlaChecks(db: Db, nowMs: number, ctx: WriteContext): Promise<SlaResult> {
  const { business } = await getSettings(db);
  const sla = business.firstResponseMinutes;
  const result: SlaResult = { due: 0, escalated: 0 };
  const items = await awaitingItems(db);
  for (const item of items) {
    const minutes = businessMinutesBetween(Date.parse(item.createdAt), nowMs, business.businessHours);
    const needsDue = minutes >= sla && !item.dueNoticedAt;
    const needsEscalation = minutes >= 2 * sla && !item.escalatedAt;
    if (!needsDue && !needsEscalation) continue;
    const lead = await leadEntity.get(db, item.leadId, true);
    if (!lead || lead.firstResponseAt) {
      await plan(db, ctx).write('awaiting', leadAwaitingKind.delete([item.createdAt, item.leadId])).commit();
      continue;
    }
    if (!lead.assignedTo) continue;
    const p = plan(db, ctx);
    const flags: Record<string, string> = {};
    const event = { leadId: lead.id, name: lead.name, assigneeId: lead.assignedTo, assigneeName: lead.assignedToName, minutes };
    if (needsDue) {
      flags.dueNoticedAt = ctx.now;
      notify(p, { kind: 'lead.response_due', ...event });
    }
    if (needsEscalation) {
      flags.escalatedAt = ctx.now;
      const assignee = await employeeEntity.get(db, lead.assignedTo);
      if (assignee?.reportingManager) notify(p, { kind: 'lead.response_overdue', ...event, managerId: assignee.reportingManager });
    }
    const notFlagged = Object.keys(flags).map((flag, i) => ({ expression: `attribute_not_exists(#cFlag${i})`, names: { [`#cFlag${i}`]: flag } }));
    p.write('awaiting', leadAwaitingKind.update([item.createdAt, item.leadId], { set: flags, condition: conditions.all(conditions.present(), ...notFlagged) }));
    try {
      await p.commit();
      if (needsDue) result.due++;
      if (needsEscalation) result.escalated++;
    } catch (error) {
      // Flagged by another run meanwhile, or answered (the item went): nothing to send.
      if (!(error instanceof PlanConditionFailed)) throw error;
    }
  }
  return result;
}

/** The ids of the leads past their first-response time with no response yet, oldest first (the 'Response overdue' filter, the dashboard card). */
export async function overdueLeadIds(db: Db, nowMs: number): Promise<{ id: string; createdAt: string }[]> {
  const { business } = await getSettings(db);
  const items = await awaitingItems(db);
  return items
    .filter((item) => businessMinutesBetween(Date.parse(item.createdAt), nowMs, business.businessHours) >= business.firstResponseMinutes)
    .map((item) => ({ id: item.leadId, createdAt: item.createdAt }));
}

/** The per-salesperson report of one month: median first-response time and share within the SLA. */
export async function firstResponseReport(db: Db, month: string): Promise<FirstResponseReport> {
  const { business } = await getSettings(db);
  const responses = await allPages((start) => leadFirstResponseKind.query(db, { pk: keys.leadFirstResponse(month, '', '').pk, start }));
  const byPerson = new Map<string, { name: string; minutes: number[]; within: number }>();
  for (const response of responses) {
    const row = byPerson.get(response.employeeId) ?? { name: response.employeeName, minutes: [], within: 0 };
    const minutes = businessMinutesBetween(Date.parse(response.leadCreatedAt), Date.parse(response.at), business.businessHours);
    row.minutes.push(minutes);
    if (minutes <= business.firstResponseMinutes) row.within++;
    byPerson.set(response.employeeId, row);
  }
  const rows = [...byPerson].map(([employeeId, row]) => ({
    employeeId,
    employeeName: row.name,
    responses: row.minutes.length,
    medianMinutes: median(row.minutes),
    withinSlaPercent: Math.round((row.within / row.minutes.length) * 1000) / 10,
  }));
  rows.sort((a, b) => a.employeeName.localeCompare(b.employeeName));
  return { month, slaMinutes: business.firstResponseMinutes, rows };
}
