// A lead captured from outside the portal (a website form, an ad, a WhatsApp message): one plan with its
// timeline entry, submission, claim, assignment and notifications. Split from lead-repo.ts.
import { randomUUID } from 'node:crypto';
import type { NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import type { CommunicationType, Lead, LeadEstimate } from '@app/shared-types/leads';
import type { NotificationEvent } from '@app/shared-types/notifications';
import type { LeadSource } from '@app/shared-types/constants';
import type { Db } from '../db/client';
import type { WriteContext } from '../db/entity';
import { acknowledgeNewLead, acknowledgementsWanted, notify } from '../notify';
import { conditions, type Write } from '../db/item';
import { AGAIN, ContendedWrite, plan, PlanConditionFailed, RETRY, rounds, type WritePlan } from '../db/plan';
import { sourceAttribution, type LeadAttribution } from '../campaigns';
import { readTurns, type LeadTurns } from './lead-assignment';
import { communicationWrite, findLeadIdByPhone, leadEnquiredWrite, leadEntity, newLead } from './lead-repo';
import { planAwaiting } from './lead-sla';

export interface WebsiteEnquiry {
  name: string;
  phone: string;
  email: string;
  projectType: Lead['projectType'];
  location: string;
  requirements: string;
  /** The calculator's estimate (rupees), kept on a new lead as its budget and range. */
  estimate?: LeadEstimate;
  /** A calculator submission's answers: its lead gets a draft quotation from the package rules (issue 26, through the outbox). */
  calculator?: Pick<Extract<NotificationEvent, { kind: 'lead.draft_quote' }>, 'bhk' | 'area' | 'material' | 'rooms' | 'city' | 'minCost' | 'maxCost'>;
  /** Where the visit came from (issue 26): the lead's touches and campaign. */
  attribution?: LeadAttribution;
  /** Timeline text, e.g. 'Calculator: 3BHK, 1450 sq ft, premium ...'. */
  summary: string;
  /** The submission as it is stored (submissionItem): written in the lead's transaction, with the lead's id. */
  submission?: { pk: string; sk: string } & Record<string, NativeAttributeValue>;
  // Lead sources that arrive by themselves (issue 26, hooks): the same plan for an ad lead or a WhatsApp message.
  /** A new lead's source (default 'Website'). */
  source?: LeadSource;
  /** Who the timeline entry is from (default 'Website'). */
  from?: string;
  /** The timeline entry's type (default 'form_submission'). */
  noteType?: CommunicationType;
  /** What the platform says of a new lead (campaign, ad set, form...). */
  adFields?: Partial<Pick<Lead, 'platform' | 'campaignId' | 'adSetId' | 'adId' | 'formId' | 'gclid' | 'isTest'>>;
  /** The visitor ticked 'Send me updates on WhatsApp' (kept on a new lead with its time: its WhatsApp thank-you may go). */
  whatsappConsent?: boolean;
  /** The claim marker of the event it came from (written in the plan): a redelivered event makes nothing twice. */
  claim?: Write;
}

/** The enquiry's claim marker was taken: its event was handled before, and nothing was written. */
export class AlreadyCaptured extends Error {}

export interface CaptureResult {
  leadId: string;
  created: boolean;
}

export interface CaptureOptions {
  /** The stored submission's write, with the lead's id (default: its put, as the website sent it). */
  submissionWrite?: (leadId: string) => Write;
  /** What else the plan holds (an audit entry of who let it through). */
  extra?: (p: WritePlan, leadId: string) => void;
  /** false: a new lead gets no acknowledgement (a submission let through from Spam, days later). Default true. */
  acknowledge?: boolean;
}

/** The stored submission changed under a capture (already let through from Spam, or gone): nothing was written. */
export class SubmissionChanged extends Error {}

/**
 * Turns a website enquiry into CRM state in one plan with the stored
 * submission: a new lead (source 'Website') with a timeline entry and its
 * notification, or, when a lead with that phone exists, a timeline entry on
 * that lead, which is marked contacted and given the enquiry's email when it
 * has none. All of it is written or nothing (the visitor is then told to try
 * again), so no accepted submission is ever without its lead. The phone
 * marker item makes "same phone, one lead" hold even for two submissions
 * racing each other; the loser of the race reads again and merges.
 */
export async function captureWebsiteEnquiry(db: Db, enquiry: WebsiteEnquiry, ctx: WriteContext, options: CaptureOptions = {}): Promise<CaptureResult> {
  // The public function may not read leads: whether the lead's email is blank is the lead update's condition.
  let fillEmail = Boolean(enquiry.email);
  let lastTurns: LeadTurns | undefined;
  const acknowledge = options.acknowledge === false ? undefined : await acknowledgementsWanted(db);
  return rounds(
    leadEntity.type,
    async () => {
    const existingId = await findLeadIdByPhone(db, enquiry.phone, true);
    // A new lead takes its turn of the lead rotation (speed-to-lead, issue 26); a lost turn reads the cursors again.
    const turns = existingId ? undefined : await readTurns(db, lastTurns);
    lastTurns = turns;
    const p = plan(db, ctx);
    const leadId = existingId ?? randomUUID();
    if (existingId) {
      p.write('lead', leadEnquiredWrite(existingId, ctx.now, fillEmail ? enquiry.email : undefined));
      if (fillEmail) p.audit({ entity: leadEntity.type, entityId: existingId, action: 'update', changes: { email: { before: '', after: enquiry.email } } });
    } else {
      const lead = {
        ...newLead(
          {
            name: enquiry.name,
            phone: enquiry.phone,
            email: enquiry.email,
            source: enquiry.source ?? 'Website',
            projectType: enquiry.projectType,
            location: enquiry.location,
            requirements: enquiry.requirements,
            budget: enquiry.estimate ? Math.round((enquiry.estimate.min + enquiry.estimate.max) / 2) : 0,
            estimate: enquiry.estimate ?? null,
            // An ad lead counts under its source and the platform's campaign (the Campaigns report).
            attribution: enquiry.attribution ?? sourceAttribution(enquiry.source ?? 'Website', enquiry.adFields?.campaignId ?? ''),
          },
          ctx.now,
        ),
        ...enquiry.adFields,
        ...(enquiry.whatsappConsent === true ? { whatsappConsent: true, whatsappConsentAt: ctx.now } : {}),
        id: leadId,
      };
      const assigned = turns ? turns.assign(lead) : lead;
      leadEntity.planCreate(p, 'lead', assigned);
      turns?.plan(p);
      planAwaiting(p, assigned);
      notify(p, {
        kind: 'lead.created',
        leadId: assigned.id,
        name: assigned.name,
        phone: assigned.phone,
        source: assigned.source,
        ...(assigned.assignedTo ? { assigneeId: assigned.assignedTo, assigneeName: assigned.assignedToName } : {}),
      });
      // Issue 26: the person hears back at once (not a test lead; not one let through from Spam, later).
      if (acknowledge) acknowledgeNewLead(p, assigned, acknowledge);
    }
    p.write(
      'note',
      communicationWrite(leadId, {
        type: enquiry.noteType ?? ('form_submission' satisfies CommunicationType),
        content: enquiry.summary,
        createdBy: enquiry.from ?? 'Website',
        createdAt: ctx.now,
        ...(enquiry.submission ? { submission: { pk: enquiry.submission.pk, sk: enquiry.submission.sk } } : {}),
      }),
    );
    const { submission } = enquiry;
    if (submission) {
      p.write(
        'submission',
        options.submissionWrite?.(leadId) ?? {
          op: 'put',
          type: String(submission.entityType),
          key: { pk: submission.pk, sk: submission.sk },
          item: { ...submission, leadId },
          condition: conditions.absent(),
        },
      );
    }
    if (enquiry.claim) p.write('claim', enquiry.claim);
    if (enquiry.calculator && submission) {
      // Issue 26: the draft quotation is made by the outbox's sender (the website may not write quotations); one per submission.
      const submissionId = String(submission.id);
      const draft = { kind: 'lead.draft_quote', leadId, submissionId, name: enquiry.name, phone: enquiry.phone, email: enquiry.email, ...enquiry.calculator } as const;
      notify(p, draft, `draft-${submissionId}`);
    }
    options.extra?.(p, leadId);
    try {
      // With a turn to take, sent once: a loss to a concurrent transaction is most likely a lost turn, and this loop reads again.
      await p.commit(turns?.any ? { attempts: 1 } : {});
      return { leadId, created: !existingId };
    } catch (error) {
      if (error instanceof ContendedWrite && turns?.any) return AGAIN;
      if (!(error instanceof PlanConditionFailed)) throw error;
      if (error.has('submission')) throw new SubmissionChanged('The submission changed');
      if (error.has('claim')) throw new AlreadyCaptured('The event was handled before');
      // The lead has an email already (staff edits win): the same without filling it.
      if (existingId && fillEmail && error.failed.length === 1 && error.has('lead')) fillEmail = false;
      // Else a race was lost (another submission claimed the phone, the lead went away, or its turn was taken): read again.
      return AGAIN;
    }
    },
    RETRY.turns,
    (attempt) => (lastTurns?.any ? RETRY.turnPause(attempt) : RETRY.pause(attempt)),
  );
}
