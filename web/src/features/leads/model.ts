import { NO_CAMPAIGN, TOUCH_FIELDS, type TouchField } from '@app/shared-types/attribution';
import type { ChipProps } from '@mui/material/Chip';
import {
  LEAD_PROJECT_TYPES,
  LEAD_SOURCES,
  LEAD_STATUSES,
  type LeadProjectType,
  type LeadSource,
  type LeadStatus,
} from '@app/shared-types/constants';
import { formatDate, formatINR } from '@app/shared-types/format';
import {
  LEAD_FIELD_LABELS,
  LEAD_PRIORITIES,
  LEAD_SORTS,
  MY_LEADS,
  leadCreateSchema,
  leadUpdateSchema,
  type BulkImportResult,
  type Lead,
  type LeadCreateInput,
  type LeadPriority,
  type LeadSort,
  type LeadUpdateInput,
  type SpamReason,
} from '@app/shared-types/leads';
import { PROJECT_TYPES, leadConversionSchema, type LeadConversionInput } from '@app/shared-types/projects';
import { pickOption, searchParam } from '../../lib/url-params';

/** Pure rules of the Leads CRM screen: filters in the URL, labels, links and form values. */

export const LEAD_PAGE_SIZES = [25, 50, 100] as const;
export const DEFAULT_LEAD_PAGE_SIZE = 25;

/** The list filters, as kept in the URL's search parameters. */
export interface LeadFilters {
  q: string;
  status: LeadStatus | '';
  source: LeadSource | '';
  assignedTo: string;
  projectType: LeadProjectType | '';
  sort: LeadSort;
  /** Attribution (issue 26): the leads of one campaign, as Leads CRM > Campaigns names it. */
  campaign: string;
  /** Speed-to-lead (issue 26): '1' shows the leads past their first-response time with no response yet instead (the other filters do not apply). */
  overdue: '' | '1';
}

export const FILTER_PARAMS = ['q', 'status', 'source', 'assignedTo', 'projectType', 'sort', 'campaign', 'overdue'] as const;
export type FilterParam = (typeof FILTER_PARAMS)[number];


/** An assignee filter: 'me' ('My leads') or an employee id; anything else is dropped. */
function assigneeParam(value: string | null): string {
  return value && (value === MY_LEADS || /^[A-Za-z0-9-]{1,64}$/.test(value)) ? value : '';
}

/** The assignee filter's own choice besides the employees: the signed-in person's leads. */
export const MY_LEADS_OPTION = { value: MY_LEADS, label: 'My leads' };

/** Reads the filters from the URL; unknown values are dropped, as if not set. */
export function parseLeadFilters(params: URLSearchParams): LeadFilters {
  return {
    q: searchParam(params),
    status: pickOption(LEAD_STATUSES, params.get('status')),
    source: pickOption(LEAD_SOURCES, params.get('source')),
    assignedTo: assigneeParam(params.get('assignedTo')),
    projectType: pickOption(LEAD_PROJECT_TYPES, params.get('projectType')),
    sort: pickOption(LEAD_SORTS, params.get('sort')) || 'created',
    campaign: (params.get('campaign') ?? '').trim().slice(0, 150),
    overdue: params.get('overdue') === '1' ? '1' : '',
  };
}



export const SORT_OPTIONS: readonly { value: LeadSort; label: string }[] = [
  { value: 'created', label: 'Newest first' },
  { value: 'followUp', label: 'Next follow-up' },
];

/** Chip colours per status: open statuses cool, won green, lost red, not interested grey. */
export const STATUS_COLORS: Record<LeadStatus, ChipProps['color']> = {
  New: 'info',
  'Follow-up': 'warning',
  Quoted: 'secondary',
  Won: 'success',
  Lost: 'error',
  'Not Interested': 'default',
};

export const PRIORITY_LABELS: Record<LeadPriority, string> = {
  low: 'Low',
  medium: 'Medium',
  high: 'High',
  urgent: 'Urgent',
};

export const STATUS_OPTIONS = LEAD_STATUSES.map((value) => ({ value, label: value }));
export const SOURCE_OPTIONS = LEAD_SOURCES.map((value) => ({ value, label: value }));
export const PROJECT_TYPE_OPTIONS = LEAD_PROJECT_TYPES.map((value) => ({ value, label: value }));
export const PRIORITY_OPTIONS = LEAD_PRIORITIES.map((value) => ({ value, label: PRIORITY_LABELS[value] }));

/** 'x.x%' (SPEC.md 9: one decimal). */
export function formatPercent(value: number): string {
  return `${value.toFixed(1)}%`;
}

/** A moment as the firm sees it (shared-types/format). */
export { formatDateTime } from '@app/shared-types/format';

/** A calendar date or '—' when there is none. */
export function formatOptionalDate(value: string | null | undefined, style: 'long' | 'short' = 'long'): string {
  return value ? formatDate(value, style) : '—';
}

/** A lead's budget, or '—' while it is unknown (stored as 0). */
export function formatBudget(budget: number): string {
  return budget > 0 ? formatINR(budget) : '—';
}

/** The CRM's views, kept in the URL (?view=): the list (default), the pipeline board, Campaigns and Response times (issue 26), the Spam view. */
export const LEAD_VIEWS = ['list', 'board', 'campaigns', 'responses', 'spam'] as const;
export type LeadView = (typeof LEAD_VIEWS)[number];

/** The views for managers and up only (the server answers 403 to the others). */
const MANAGER_VIEWS: readonly LeadView[] = ['responses', 'spam'];

/** The view the URL names; a managers' view for someone else is the list. */
export function parseLeadView(params: URLSearchParams, isManager: boolean): LeadView {
  const view = pickOption(LEAD_VIEWS, params.get('view')) || 'list';
  return MANAGER_VIEWS.includes(view) && !isManager ? 'list' : view;
}

/** The list URL of the overdue leads (the dashboard's card links to it). */
export const OVERDUE_LEADS_QUERY = 'overdue=1';

/** A number of business minutes as the report shows it: '12 min', '1 h 05 min', '0 min'. */
export function formatMinutes(minutes: number): string {
  const whole = Math.round(minutes);
  if (whole < 60) return `${whole} min`;
  const hours = Math.floor(whole / 60);
  return `${hours} h ${String(whole % 60).padStart(2, '0')} min`;
}

/** The list's page in the URL: ?page= (from 1) with the cursor it starts at; page 1 has none. */
export function parseLeadPage(params: URLSearchParams): { page: number; cursor: string | undefined; pageSize: number } {
  const cursor = params.get('cursor') || undefined;
  const page = Number.parseInt(params.get('page') ?? '', 10);
  const size = Number(params.get('size'));
  const pageSize = LEAD_PAGE_SIZES.find((option) => option === size) ?? DEFAULT_LEAD_PAGE_SIZE;
  // A page past the first means nothing without the cursor it starts at.
  return cursor && page > 1 ? { page: page - 1, cursor, pageSize } : { page: 0, cursor: undefined, pageSize };
}

/** Why a submission is in Spam, in words. */
export function spamReasonText(reason: SpamReason, elapsedMs: number | null): string {
  if (reason === 'honeypot') return 'Hidden field filled in';
  if (reason === 'forged form token') return "Form check not the website's";
  return elapsedMs === null ? 'Sent too fast' : `Sent ${(elapsedMs / 1000).toFixed(1)} s after the form opened`;
}

function changeValue(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (field === 'budget' && typeof value === 'number') return formatINR(value);
  if (field === 'nextFollowUp' && typeof value === 'string') return formatDate(value);
  if (field === 'priority' && typeof value === 'string' && value in PRIORITY_LABELS) {
    return PRIORITY_LABELS[value as LeadPriority];
  }
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** One line per changed field of a 'change' timeline entry: 'Status: New → Quoted'. */
export function describeChanges(changes: Record<string, [unknown, unknown]> | undefined): string[] {
  if (!changes) return [];
  return Object.entries(changes).map(([field, [before, after]]) => {
    const label = LEAD_FIELD_LABELS[field] ?? field;
    return `${label}: ${changeValue(field, before)} → ${changeValue(field, after)}`;
  });
}

/** The Add Lead form: every value as the inputs hold it (budget as typed). */
export interface LeadFormValues {
  name: string;
  phone: string;
  email: string;
  source: LeadSource | '';
  budget: string;
  projectType: LeadProjectType | '';
  location: string;
  requirements: string;
  assignedTo: string;
  status: LeadStatus;
}

export const ADD_LEAD_INITIAL_VALUES: LeadFormValues = {
  name: '',
  phone: '',
  email: '',
  source: 'Direct Call',
  budget: '',
  projectType: '',
  location: '',
  requirements: '',
  assignedTo: '',
  status: 'New',
};

/** The POST /api/leads body: the form cleaned by the schema the server validates with (budget an integer, blank 0). */
export function toLeadCreateInput(values: LeadFormValues): LeadCreateInput {
  return leadCreateSchema.validateSync(values, { stripUnknown: true });
}


/**
 * A mail draft to the leads that have an email address, in Bcc so the leads
 * do not see each other. `skipped` counts the leads without one.
 */
export function mailtoForLeads(leads: readonly Pick<Lead, 'email'>[]): { href: string | null; skipped: number } {
  const emails = [...new Set(leads.map((lead) => lead.email.trim()).filter((email) => email !== ''))];
  const skipped = leads.filter((lead) => lead.email.trim() === '').length;
  if (emails.length === 0) return { href: null, skipped };
  return { href: `mailto:?bcc=${emails.map(encodeURIComponent).join(',')}`, skipped };
}


/** '1 lead', '3 leads'. */
export function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** '{n} leads imported', plus merged and skipped counts when there are any. */
export function importSummary(result: Pick<BulkImportResult, 'leads' | 'merged' | 'skipped'>): string {
  const parts = [`${plural(result.leads.length, 'lead', 'leads')} imported`];
  if (result.merged > 0) parts.push(`${plural(result.merged, 'row', 'rows')} added to existing leads' timelines`);
  if (result.skipped > 0) parts.push(`${plural(result.skipped, 'row', 'rows')} skipped`);
  return parts.join(', ');
}

/** '{n} leads updated'. */
export function updatedSummary(count: number): string {
  return `${plural(count, 'lead', 'leads')} updated`;
}

/** Changed fields of a lead, saved with the version the screen holds (the drawer adds it). */
export type LeadChanges = Omit<LeadUpdateInput, 'version'>;
/** Saves changes to the open lead; rejects when the save failed. */
export type LeadSave = (changes: LeadChanges) => Promise<unknown>;

/** The drawer's 'Edit details' form: the lead's text fields as the inputs hold them. */
export interface LeadDetailsValues {
  name: string;
  phone: string;
  email: string;
  source: LeadSource;
  budget: string;
  projectType: LeadProjectType | '';
  location: string;
  requirements: string;
  notes: string;
}

const DETAIL_FIELDS = ['name', 'phone', 'email', 'source', 'budget', 'projectType', 'location', 'requirements', 'notes'] as const;

/** The update schema without the version, for validating the details form. */
export const leadDetailsFormSchema = leadUpdateSchema.omit(['version']);

export function toLeadDetailsValues(lead: Lead): LeadDetailsValues {
  return {
    name: lead.name,
    phone: lead.phone,
    email: lead.email,
    source: lead.source,
    budget: String(lead.budget),
    projectType: lead.projectType,
    location: lead.location,
    requirements: lead.requirements,
    notes: lead.notes,
  };
}

/** Only the fields the form changed, cleaned by the schema (so '5,00,000' is 500000). */
export function changedLeadFields(lead: Lead, values: LeadDetailsValues): LeadChanges {
  const cleaned = leadDetailsFormSchema.validateSync(values, { stripUnknown: true });
  const changes: Record<string, unknown> = {};
  for (const field of DETAIL_FIELDS) {
    if (cleaned[field] !== undefined && cleaned[field] !== lead[field]) changes[field] = cleaned[field];
  }
  return leadDetailsFormSchema.validateSync(changes, { stripUnknown: true });
}

/** The Convert to customer form: the customer, and a first project unless unticked. */
export interface ConversionValues {
  customer: { firstName: string; lastName: string; email: string; address: string; city: string };
  withProject: boolean;
  project: { name: string; projectType: string; estimatedBudget: string; siteAddress: string };
}

/** Starts the conversion form from what the lead already says: its name split in two, email, location, budget. */
export function conversionInitialValues(lead: Lead): ConversionValues {
  const [firstName = '', ...rest] = lead.name.trim().split(/\s+/);
  const projectType = (PROJECT_TYPES as readonly string[]).includes(lead.projectType) ? lead.projectType : '';
  return {
    customer: { firstName, lastName: rest.join(' '), email: lead.email, address: '', city: 'Hyderabad' },
    withProject: true,
    project: {
      name: [lead.name.trim(), projectType || 'project'].join(' '),
      projectType,
      estimatedBudget: lead.budget > 0 ? String(lead.budget) : '',
      siteAddress: lead.location,
    },
  };
}

/** What POST /api/leads/:id/convert takes from the form. */
export function toConversionInput(values: ConversionValues, version: number): LeadConversionInput {
  return leadConversionSchema.cast({ version, customer: values.customer, project: values.withProject ? values.project : null });
}

const TOUCH_LABELS: Record<TouchField, string> = {
  utmSource: 'UTM source',
  utmMedium: 'UTM medium',
  utmCampaign: 'UTM campaign',
  utmTerm: 'UTM term',
  utmContent: 'UTM content',
  gclid: 'Google click ID (gclid)',
  fbclid: 'Facebook click ID (fbclid)',
  landingPage: 'Landing page',
  referrer: 'Referrer',
};

/** Attribution (issue 26): what the lead drawer shows of where a lead came from (only what is known). */
export function leadOrigin(lead: Lead): { label: string; value: string }[] {
  const rows: { label: string; value: string }[] = [];
  if (lead.isTest) rows.push({ label: 'Test lead', value: "A platform's test event (Settings > Integrations), not a real enquiry" });
  if (lead.campaignSource) rows.push({ label: 'Campaign', value: `${lead.campaignSource} / ${lead.campaign || NO_CAMPAIGN}` });
  for (const field of TOUCH_FIELDS) if (lead[field]) rows.push({ label: TOUCH_LABELS[field], value: lead[field] });
  const first = lead.firstTouch;
  if (first && TOUCH_FIELDS.some((field) => first[field] !== lead[field])) {
    const summary = [first.utmSource, first.utmMedium, first.utmCampaign].filter(Boolean).join(' / ') || first.referrer || first.landingPage;
    if (summary) rows.push({ label: 'First touch', value: summary });
  }
  // Issue 26: the visitor ticked 'Send me updates on WhatsApp' on the form that made the lead.
  if (lead.whatsappConsent) rows.push({ label: 'WhatsApp updates', value: `agreed${lead.whatsappConsentAt ? ` ${formatDate(lead.whatsappConsentAt)}` : ''}` });
  return rows;
}
