import * as yup from 'yup';
import { calculatorSchema, contactSchema, STORED_PARSE_OPTIONS } from '@app/shared-types/forms';
import type { SpamForm, SpamListQuery, SpamReason, SpamSubmission } from '@app/shared-types/leads';
import type { Db } from '../db/client';
import type { WriteContext } from '../db/entity';
import { conditions, queryPage, type Item } from '../db/item';
import { keys } from '../db/keys';
import { leadEntity } from './lead-repo';
import { captureWebsiteEnquiry, SubmissionChanged, type CaptureResult } from './lead-capture';
import { calculatorEstimateKind, contactSubmissionKind } from './submission-repo';
import { calculatorEnquiry, contactEnquiry, type EnquiryFields } from './website-enquiry';

/**
 * The Leads CRM's Spam view (issue 25): what the website forms kept as
 * suspected bots (a filled honeypot, a forged form token, sent sooner than a
 * person can fill the form by the server's clock). Nothing a visitor sends is
 * dropped: it waits here, out of the leads list and its counts, until someone
 * marks it 'Not spam' (a lead, audited) or the retention expires it.
 */

const FORMS = {
  estimate: { kind: calculatorEstimateKind, list: 'ESTIMATES' },
  contact: { kind: contactSubmissionKind, list: 'CONTACTS' },
} as const;

const spamFields = yup.object({
  id: yup.string().required(),
  createdAt: yup.string().required(),
  gsi1sk: yup.string().required(),
  spam: yup.boolean().required(),
  spamReason: yup.mixed<SpamReason>().oneOf(['honeypot', 'forged form token', 'too fast']).default('too fast'),
  elapsedMs: yup.number().nullable().default(null),
});

const storedCalculator = calculatorSchema
  .pick(['bhk', 'area', 'material', 'rooms', 'name', 'phone', 'email', 'city'])
  .concat(yup.object({ minCost: yup.number().required(), maxCost: yup.number().required() }));
const storedContact = contactSchema.pick(['firstName', 'lastName', 'email', 'phone', 'projectType', 'message']);

/** The lead a stored submission makes, and what the view shows of it. */
function enquiryOf(form: SpamForm, raw: Item): EnquiryFields {
  if (form === 'estimate') {
    const input = storedCalculator.validateSync(raw, STORED_PARSE_OPTIONS);
    return calculatorEnquiry(input, input);
  }
  return contactEnquiry(storedContact.validateSync(raw, STORED_PARSE_OPTIONS));
}

function spamSubmission(form: SpamForm, raw: Item): SpamSubmission {
  const fields = spamFields.validateSync(raw, STORED_PARSE_OPTIONS);
  const enquiry = enquiryOf(form, raw);
  return {
    id: fields.id,
    form,
    createdAt: fields.createdAt,
    name: enquiry.name,
    phone: enquiry.phone,
    email: enquiry.email,
    reason: fields.spamReason,
    elapsedMs: fields.elapsedMs,
    summary: enquiry.summary,
  };
}

/**
 * One page of the Spam view, newest first, from both forms' spam lists (gsi1:
 * SPAM#ESTIMATES, SPAM#CONTACTS). Both sort by '<createdAt>#<id>', so the
 * last one shown is the cursor of the next page in each of them.
 */
export async function listSpam(db: Db, { limit, cursor }: SpamListQuery): Promise<{ items: SpamSubmission[]; nextCursor?: string }> {
  const pages = await Promise.all(
    (Object.keys(FORMS) as SpamForm[]).map(async (form) => {
      const page = await queryPage(db, {
        index: 'gsi1',
        pk: keys.submissions(FORMS[form].list, true),
        forward: false,
        limit,
        ...(cursor ? { sk: { lt: cursor } } : {}),
      });
      return { more: Boolean(page.lastKey), items: page.items.map((raw) => ({ form, raw, sort: String(raw.gsi1sk) })) };
    }),
  );
  const merged = pages.flatMap((page) => page.items).sort((a, b) => (a.sort < b.sort ? 1 : a.sort > b.sort ? -1 : 0));
  const shown = merged.slice(0, limit);
  const more = merged.length > limit || pages.some((page) => page.more);
  const last = shown.at(-1);
  return { items: shown.map(({ form, raw }) => spamSubmission(form, raw)), ...(more && last ? { nextCursor: last.sort } : {}) };
}

export type NotSpamResult = CaptureResult | { notFound: true } | { alreadyKept: true };

/**
 * 'Not spam': the submission becomes what a person's would have made, in one
 * plan: a new lead (counted, indexed, notified) or a timeline entry on the
 * lead with its phone, the submission moved to its form's kept list with the
 * lead's id, and an audit entry of who let it through. Two people doing it at
 * once make one lead: the submission's write is conditioned on it still being spam.
 */
export async function markNotSpam(db: Db, form: SpamForm, id: string, ctx: WriteContext): Promise<NotSpamResult> {
  const { kind, list } = FORMS[form];
  // The whole item (the form's fields ride along beside the kind's own): its one-item partition, read strongly.
  const key = kind.key(id);
  const raw = (await queryPage(db, { pk: key.pk, sk: { beginsWith: key.sk }, limit: 1, consistent: true })).items[0];
  if (!raw) return { notFound: true };
  const fields = spamFields.validateSync(raw, STORED_PARSE_OPTIONS);
  if (!fields.spam) return { alreadyKept: true };
  const enquiry = enquiryOf(form, raw);
  const reason = fields.spamReason;
  try {
    return await captureWebsiteEnquiry(
      db,
      { ...enquiry, summary: `${enquiry.summary} Kept as spam (${reason}); marked not spam by ${ctx.actor.name}.`, submission: { ...kind.key(id), id } },
      ctx,
      {
        submissionWrite: (leadId) =>
          kind.update([id], {
            set: { spam: false, gsi1pk: keys.submissions(list, false), leadId, notSpamBy: ctx.actor.name, notSpamAt: ctx.now },
            add: { version: 1 },
            condition: conditions.equals('spam', true, 'spam'),
          }),
        extra: (p, leadId) =>
          p.audit({ entity: leadEntity.type, entityId: leadId, action: 'update', changes: { spam: { before: reason, after: 'Not spam' } } }),
        // Spam gets no thank-you, even once let through: it comes late, and staff have it in hand.
        acknowledge: false,
      },
    );
  } catch (error) {
    if (error instanceof SubmissionChanged) return { alreadyKept: true };
    throw error;
  }
}
