import * as yup from 'yup';
import {
  LEAD_PROJECT_TYPES,
  LEAD_SOURCES,
  LEAD_STATUSES,
  type LeadProjectType,
  type LeadSource,
  type LeadStatus,
} from './constants';
import { email, expectedVersion, oneOfList, optionalDate, pageLimit, storedFields, multilineText, text } from './forms';
import { isValidPhone } from './phone';
import { storedTouchFields, touchSchema } from './attribution';

/**
 * The Leads CRM contract: schemas the Add Lead dialog, the bulk import and the
 * API validate with, and the shapes the API answers with.
 */

/** SPEC.md 9: three salespeople, the first (the lead salesperson) gets imported leads. */
export const SALESPEOPLE = ['Ravi Kumar', 'Assistant 1', 'Assistant 2'] as const;
export type Salesperson = (typeof SALESPEOPLE)[number];

/**
 * The employee records the three salespeople became (issue 14): made at first
 * start with these ids, in Sales, without a usable password. A lead's
 * assignedTo is an employee id; these names are still accepted from older
 * clients and read as the matching id.
 */
export const SALESPERSON_IDS: Record<Salesperson, string> = {
  'Ravi Kumar': 'salesperson-ravi-kumar',
  'Assistant 1': 'salesperson-assistant-1',
  'Assistant 2': 'salesperson-assistant-2',
};

/** The id of a salesperson named as before employees existed, or undefined. */
export function salespersonId(name: unknown): string | undefined {
  if (typeof name !== 'string') return undefined;
  const found = SALESPEOPLE.find((person) => person.toLowerCase() === name.trim().toLowerCase());
  return found ? SALESPERSON_IDS[found] : undefined;
}

/** `GET /api/leads?assignedTo=me`: the signed-in person's own leads ('My leads'). */
export const MY_LEADS = 'me';

export const ASSIGNEE_MESSAGE = 'Choose an active employee from the list';

/** An employee id (or, from older clients, a salesperson's name), or blank for nobody. The server checks the employee is active. */
const assignee = () =>
  text()
    .transform((value: unknown) => salespersonId(value) ?? value)
    .max(64, ASSIGNEE_MESSAGE)
    .matches(/^[A-Za-z0-9-]+$/, { message: ASSIGNEE_MESSAGE, excludeEmptyString: true });

export const LEAD_PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;
export type LeadPriority = (typeof LEAD_PRIORITIES)[number];

/** Statuses in which a lead is no longer worked: no follow-up is due. */
export const CLOSED_LEAD_STATUSES: readonly LeadStatus[] = ['Won', 'Lost', 'Not Interested'];

/** Timeline entries staff add by hand; 'form_submission' entries come from the website. */
export const COMMUNICATION_TYPES = ['note', 'call', 'whatsapp', 'email'] as const;
export type CommunicationType = (typeof COMMUNICATION_TYPES)[number] | 'form_submission';
export const COMMUNICATION_TYPE_LABELS: Record<CommunicationType, string> = {
  note: 'Note',
  call: 'Call',
  whatsapp: 'WhatsApp',
  email: 'Email',
  form_submission: 'Form submission',
};

/** Labels of the lead fields staff edit, as forms and timeline change entries name them. */
export const LEAD_FIELD_LABELS: Record<string, string> = {
  name: 'Name',
  phone: 'Phone',
  email: 'Email',
  source: 'Source',
  budget: 'Budget',
  projectType: 'Project Type',
  status: 'Status',
  priority: 'Priority',
  assignedTo: 'Assigned To',
  /** Since issue 14 assignedTo is an id: the timeline shows the name change instead. */
  assignedToName: 'Assigned To',
  notes: 'Notes',
  nextFollowUp: 'Next Follow-up',
  location: 'Location',
  requirements: 'Requirements',
};

/** SPEC.md 5: the Add Lead dialog's one message for a missing name or phone. */
export const NAME_AND_PHONE_REQUIRED = 'Name and phone are required';

/** How many rows one bulk import may carry (one request, well inside Lambda's 6 MB payload). */
export const BULK_IMPORT_MAX_ROWS = 1000;
/** How many leads one bulk update may change. */
export const BULK_UPDATE_MAX_IDS = 500;

/** Budget in whole rupees: '5,00,000', '500000.75' and 500000 all become 500000; blank is 0. */
const budget = () =>
  yup
    .number()
    .transform((_value: unknown, original: unknown) => {
      if (original === '' || original === null || original === undefined) return 0;
      if (typeof original === 'number') return Math.trunc(original);
      if (typeof original === 'string') {
        const cleaned = original.replace(/[,₹\s]/g, '');
        return /^\d+(\.\d+)?$/.test(cleaned) ? Math.trunc(Number(cleaned)) : Number.NaN;
      }
      return Number.NaN;
    })
    .typeError('Budget must be a number')
    .min(0, 'Budget cannot be negative')
    .max(1_000_000_000_000, 'Budget is too large')
    .default(0);

const leadFields = {
  name: text().required(NAME_AND_PHONE_REQUIRED).max(255, 'Name is too long (255 characters at most)'),
  phone: text()
    .required(NAME_AND_PHONE_REQUIRED)
    .max(20, 'Phone number is too long (20 characters at most)')
    .test('phone', 'Enter a valid phone number (at least 10 digits)', (value) => !value || isValidPhone(value)),
  email: email(),
  source: oneOfList(LEAD_SOURCES, `Source must be one of: ${LEAD_SOURCES.join(', ')}`).required('Source is required'),
  budget: budget(),
  projectType: oneOfList<LeadProjectType | ''>(
    ['', ...LEAD_PROJECT_TYPES],
    `Project type must be one of: ${LEAD_PROJECT_TYPES.join(', ')}`,
  ).default(''),
  location: text().max(255, 'Location is too long').default(''),
  requirements: multilineText().max(5000, 'Requirements are too long (5000 characters at most)').default(''),
  notes: multilineText().max(5000, 'Notes are too long (5000 characters at most)').default(''),
  assignedTo: assignee().default(''),
  status: oneOfList(LEAD_STATUSES, 'Choose a lead status').default('New'),
  priority: oneOfList(LEAD_PRIORITIES, 'Choose a priority').default('medium'),
  nextFollowUp: optionalDate(),
};

/** POST /api/leads (the Add Lead dialog). */
export const leadCreateSchema = yup.object({
  ...leadFields,
  source: leadFields.source.default('Direct Call'),
});
export type LeadCreateInput = yup.InferType<typeof leadCreateSchema>;

/**
 * PUT /api/leads/:id: the fields that change plus the version the editor saw.
 * A stale version gets 409.
 */
export const leadUpdateSchema = yup.object({
  version: expectedVersion(),
  name: leadFields.name.optional().default(undefined),
  phone: leadFields.phone.optional().default(undefined),
  email: text().max(254, 'Email address is too long').email('Enter a valid email address').optional(),
  source: oneOfList(LEAD_SOURCES, `Source must be one of: ${LEAD_SOURCES.join(', ')}`).optional(),
  budget: budget().optional().default(undefined),
  projectType: oneOfList<LeadProjectType | ''>(['', ...LEAD_PROJECT_TYPES], 'Choose a project type').optional(),
  location: text().max(255, 'Location is too long').optional(),
  requirements: multilineText().max(5000, 'Requirements are too long (5000 characters at most)').optional(),
  notes: multilineText().max(5000, 'Notes are too long (5000 characters at most)').optional(),
  assignedTo: assignee().optional(),
  status: oneOfList(LEAD_STATUSES, 'Choose a lead status').optional(),
  priority: oneOfList(LEAD_PRIORITIES, 'Choose a priority').optional(),
  nextFollowUp: optionalDate().optional().default(undefined),
});
export type LeadUpdateInput = yup.InferType<typeof leadUpdateSchema>;

export const LEAD_SORTS = ['created', 'followUp'] as const;
export type LeadSort = (typeof LEAD_SORTS)[number];

/** GET /api/leads query. Every filter is optional; search matches name, phone or email. */
export const leadListQuerySchema = yup.object({
  status: yup.mixed<LeadStatus>().oneOf([...LEAD_STATUSES], 'Unknown status').optional(),
  source: yup.mixed<LeadSource>().oneOf([...LEAD_SOURCES], 'Unknown source').optional(),
  /** An employee id, or 'me' (MY_LEADS) for the signed-in person's own. */
  assignedTo: yup
    .string()
    .max(100)
    .transform((value: unknown) => salespersonId(value) ?? value)
    .optional(),
  projectType: yup.mixed<LeadProjectType>().oneOf([...LEAD_PROJECT_TYPES], 'Unknown project type').optional(),
  // Attribution (issue 26): the leads of one campaign (as the Campaigns report names it).
  campaign: text().max(150, 'Campaign is too long').optional(),
  q: text().max(100, 'Search is too long').optional(),
  sort: yup.mixed<LeadSort>().oneOf([...LEAD_SORTS], 'sort must be created or followUp').default('created'),
  limit: pageLimit(25),
  cursor: yup.string().max(2048).optional(),
});
export type LeadListQuery = yup.InferType<typeof leadListQuerySchema>;

/** One row of a bulk import as the client parsed it: every field text, validated on the server. */
export interface LeadImportRow {
  name?: unknown;
  phone?: unknown;
  email?: unknown;
  source?: unknown;
  budget?: unknown;
  projectType?: unknown;
  location?: unknown;
  requirements?: unknown;
}

/** The fields of an import line, in SPEC.md 5's order. */
export const LEAD_IMPORT_COLUMNS = [
  'name',
  'phone',
  'email',
  'source',
  'budget',
  'projectType',
  'location',
  'requirements',
] as const;

/** One imported row: the SPEC.md line fields only; status and assignee are set by the import. */
export const leadImportRowSchema = yup.object({
  name: leadFields.name,
  phone: leadFields.phone,
  email: leadFields.email,
  source: leadFields.source,
  budget: leadFields.budget,
  projectType: leadFields.projectType,
  location: leadFields.location,
  requirements: leadFields.requirements,
});
export type LeadImportInput = yup.InferType<typeof leadImportRowSchema>;

/**
 * POST /api/leads/bulk-import. `dryRun` answers the preview without writing.
 * Rows whose phone belongs to an existing lead are skipped unless their index
 * is in `includeDuplicates`; those are added to the existing lead's timeline.
 */
export const bulkImportSchema = yup.object({
  leadsData: yup
    .array()
    .typeError('leadsData must be a list')
    .of(yup.mixed<LeadImportRow>().required())
    .required('leadsData is required')
    .min(1, 'Please enter lead data')
    .max(BULK_IMPORT_MAX_ROWS, `At most ${BULK_IMPORT_MAX_ROWS} rows per import`),
  includeDuplicates: yup.array().of(yup.number().integer().min(0).required()).default([]),
  dryRun: yup.boolean().default(false),
});
export type BulkImportInput = yup.InferType<typeof bulkImportSchema>;

/** POST /api/leads/bulk-update: assign and/or change the status of selected leads. */
export const bulkUpdateSchema = yup
  .object({
    ids: yup
      .array()
      .typeError('ids must be a list')
      .of(yup.string().max(64).required())
      .required('No leads selected')
      .min(1, 'No leads selected')
      .max(BULK_UPDATE_MAX_IDS, `At most ${BULK_UPDATE_MAX_IDS} leads at once`),
    assignedTo: assignee().optional(),
    status: oneOfList(LEAD_STATUSES, 'Choose a lead status').optional(),
  })
  .test('change', 'Choose a salesperson or a status', (value) => value.assignedTo !== undefined || value.status !== undefined);
export type BulkUpdateInput = yup.InferType<typeof bulkUpdateSchema>;

/** POST /api/leads/:id/communications. */
export const communicationSchema = yup.object({
  type: yup
    .mixed<(typeof COMMUNICATION_TYPES)[number]>()
    .oneOf([...COMMUNICATION_TYPES], 'Choose note, call, WhatsApp or email')
    .required('Type is required'),
  content: multilineText().required('Write what happened').max(5000, 'At most 5000 characters'),
});
export type CommunicationInput = yup.InferType<typeof communicationSchema>;

/** What a lead was converted into; the lead links to both. */
const conversionSchema = yup.object({
  customerId: yup.string().required(),
  customerName: yup.string().defined(),
  projectId: yup.string().nullable().defined(),
  projectName: yup.string().nullable().defined(),
  convertedAt: yup.string().required(),
  convertedBy: yup.string().defined(),
});
export type LeadConversion = yup.InferType<typeof conversionSchema>;

/** The indicative estimate a calculator lead was given (rupees). */
const leadEstimateSchema = yup.object({
  min: yup.number().min(0).required(),
  max: yup.number().min(0).required(),
});
export type LeadEstimate = yup.InferType<typeof leadEstimateSchema>;

/** A lead as stored and as the API returns it. */
export const leadSchema = yup.object({
  ...leadFields,
  source: leadFields.source.default('Direct Call'),
  /** An employee id, or blank (leads from before issue 14 held a name until the data upgrade mapped it). */
  assignedTo: text().max(255).default(''),
  /** The assignee's name when assigned, kept beside the id for display. */
  assignedToName: yup.string().defined().default(''),
  /** When staff last called, messaged or emailed the lead (a contact on its timeline); null until then. */
  lastContactedAt: yup.string().nullable().defined().default(null),
  /** When the lead last came in again on its own (a website form, an import row with its phone); null if never. */
  lastEnquiryAt: yup.string().nullable().defined().default(null),
  /** Set when a Won lead was converted into a customer (and perhaps a project). */
  conversion: conversionSchema.nullable().defined().default(null),
  /** The calculator's estimate range, for leads that came from it. */
  estimate: leadEstimateSchema.nullable().defined().default(null),
  // Attribution (issue 26): the website's last touch (utm*, gclid, fbclid, landing page, referrer), its
  // first touch, and the source and campaign the Campaigns report counts the lead under ('' for none: not counted).
  ...storedTouchFields,
  firstTouch: touchSchema.nullable().default(null),
  campaignSource: yup.string().defined().default(''),
  campaign: yup.string().defined().default(''),
  /** The approved quote's grand total (rupees) once the lead is won through an approval. */
  wonValue: yup.number().defined().default(0),
  // Ad lead sources (issue 26, hooks): what Meta, Google Ads and WhatsApp say of a lead that came from them.
  /** 'fb' or 'ig' (Meta), 'google', 'whatsapp'; absent for other leads. */
  platform: yup.string().max(16).optional(),
  campaignId: yup.string().max(64).optional(),
  adSetId: yup.string().max(64).optional(),
  adId: yup.string().max(64).optional(),
  formId: yup.string().max(64).optional(),
  // gclid: the attribution block's (Google's gcl_id goes there too).
  /** A platform's test lead (Google's is_test, 'Send test event'). */
  isTest: yup.boolean().optional(),
  /** The visitor ticked 'Send me updates on WhatsApp' on the website's form that made the lead, and when. */
  whatsappConsent: yup.boolean().optional(),
  whatsappConsentAt: yup.string().optional(),
  // Speed-to-lead (issue 26)
  /** When a person first responded (a call, WhatsApp, email or note on its timeline, or a status change); null until then. */
  firstResponseAt: yup.string().optional(),
  ...storedFields,
});
export type Lead = yup.InferType<typeof leadSchema>;

/** One timeline entry of a lead. Changes to the lead's fields are entries of type 'change'. */
export interface TimelineEntry {
  id: string;
  type: CommunicationType | 'change';
  content: string;
  createdBy: string;
  createdAt: string;
  /** For 'change' entries: field -> [before, after]. */
  changes?: Record<string, [unknown, unknown]>;
}

export interface LeadDetail {
  lead: Lead;
  /** Newest first. */
  timeline: TimelineEntry[];
}

/** GET /api/leads/analytics, from counters kept on every write. */
export interface LeadAnalytics {
  totalLeads: number;
  newLeads: number;
  quotedLeads: number;
  wonLeads: number;
  /** Won / total as a percentage with one decimal (0 when there are no leads). */
  conversionRate: number;
  sourceBreakdown: { source: string; count: number }[];
  /** Count and total budget (rupees, kept figures) per status, every status present: the pipeline board's columns. */
  statusBreakdown: { status: LeadStatus; count: number; budget: number }[];
}

export type ImportRowOutcome =
  | { index: number; status: 'valid'; lead: LeadImportInput }
  | { index: number; status: 'invalid'; errors: Record<string, string> }
  | { index: number; status: 'duplicate'; lead: LeadImportInput; existing: { id: string; name: string } | null; reason: string };

/** Answer of a bulk import (and of its dry run, with `leads` empty). */
export interface BulkImportResult {
  /** The leads created. */
  leads: Lead[];
  /** Existing leads that got an imported row on their timeline (chosen duplicates). */
  merged: number;
  /** Rows not imported: invalid rows and duplicates not chosen. */
  skipped: number;
  rows: ImportRowOutcome[];
}

/**
 * POST /api/leads/bulk-update. Every id asked for is in exactly one list:
 * all applied when `notFound` and `conflicted` are empty.
 */
export interface BulkUpdateResult {
  /** Leads changed (each with its audit entry), or already as asked. */
  updated: Lead[];
  /** Ids that do not exist (deleted meanwhile). */
  notFound: string[];
  /** Ids left unchanged because they kept being edited by others meanwhile (tried again, with backoff, first). */
  conflicted: string[];
}

/** Conversion rate as SPEC.md 9 defines it: won / total, percent, one decimal. */
export function conversionRate(won: number, total: number): number {
  return total > 0 ? Math.round((won / total) * 1000) / 10 : 0;
}

/** Maps the fields of one line or CSV record, in SPEC.md order, to an import row. */
export function fieldsToRow(fields: readonly string[]): LeadImportRow {
  const row: Record<string, string> = {};
  LEAD_IMPORT_COLUMNS.forEach((column, index) => {
    row[column] = (fields[index] ?? '').trim();
  });
  return row;
}

/** The website forms a submission in the Spam view came from. */
export const SPAM_FORMS = ['estimate', 'contact'] as const;
export type SpamForm = (typeof SPAM_FORMS)[number];
/** Why a website submission was kept as suspected spam (functions/src/leads/public-forms-routes.ts). */
export type SpamReason = 'honeypot' | 'forged form token' | 'too fast';

/** A suspected bot submission in the Leads CRM's Spam view: stored, not a lead until someone marks it 'Not spam'. */
export interface SpamSubmission {
  id: string;
  form: SpamForm;
  createdAt: string;
  name: string;
  phone: string;
  email: string;
  reason: SpamReason;
  /** How long after the form was shown it was sent, by the server's clock (ms); null when not measured. */
  elapsedMs: number | null;
  /** What the lead's timeline would say: the estimate or the message. */
  summary: string;
}

/** The Spam view's page: newest first; the cursor is the last one's sort key. */
export const spamListQuerySchema = yup.object({
  limit: pageLimit(25),
  cursor: yup
    .string()
    .max(120)
    .matches(/^[0-9T:.Z-]+#[0-9a-f-]+$/, 'cursor is not valid')
    .optional(),
});
export type SpamListQuery = yup.InferType<typeof spamListQuerySchema>;

/** What 'Not spam' answers: the lead the submission made or joined. */
export interface NotSpamResult {
  leadId: string;
  created: boolean;
}
