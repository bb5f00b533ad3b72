import * as yup from 'yup';
import { text } from './forms';
import { TOUCH_FIELDS, TOUCH_MAX_LENGTH, type Touch, type TouchField } from './touch';

/**
 * Issue 26, attribution: where a website visit came from (a touch), what the
 * public forms send of it, and the Campaigns report (Leads CRM > Campaigns).
 */

export { FIRST_TOUCH_DAYS, TOUCH_FIELDS, TOUCH_MAX_LENGTH, TOUCH_PARAMS, type Touch, type TouchField } from './touch';

/** One touch value: one-line text, cut to its length. */
const touchValue = (field: TouchField) =>
  text()
    .transform((value: unknown) => (typeof value === 'string' ? value.slice(0, TOUCH_MAX_LENGTH[field]) : value))
    .defined()
    .default('');

export const touchSchema = yup.object({
  utmSource: touchValue('utmSource'),
  utmMedium: touchValue('utmMedium'),
  utmCampaign: touchValue('utmCampaign'),
  utmTerm: touchValue('utmTerm'),
  utmContent: touchValue('utmContent'),
  gclid: touchValue('gclid'),
  fbclid: touchValue('fbclid'),
  landingPage: touchValue('landingPage'),
  referrer: touchValue('referrer'),
});

const storedText = () => yup.string().defined().default('');
/** A lead's last-touch fields as stored. */
export const storedTouchFields = {
  utmSource: storedText(),
  utmMedium: storedText(),
  utmCampaign: storedText(),
  utmTerm: storedText(),
  utmContent: storedText(),
  gclid: storedText(),
  fbclid: storedText(),
  landingPage: storedText(),
  referrer: storedText(),
};

/** What the calculator and contact form send of the visit: its first and last touch (either may be missing). */
export const attributionSchema = yup
  .object({
    first: touchSchema.nullable().default(null),
    last: touchSchema.nullable().default(null),
  })
  .nullable()
  .default(null);
export type AttributionInput = yup.InferType<typeof attributionSchema>;

/** A touch with every field blank. */
export const emptyTouch = (): Touch => ({ utmSource: '', utmMedium: '', utmCampaign: '', utmTerm: '', utmContent: '', gclid: '', fbclid: '', landingPage: '', referrer: '' });

/** Whether a touch says anything. */
export const hasTouch = (touch: Partial<Touch> | null | undefined): touch is Touch => Boolean(touch && TOUCH_FIELDS.some((field) => touch[field]));

/** Settings > Business: which touch a website lead's campaign is (last touch unless chosen). */
export const CAMPAIGN_TOUCHES = ['last', 'first'] as const;
export type CampaignTouch = (typeof CAMPAIGN_TOUCHES)[number];
export const CAMPAIGN_TOUCH_LABELS: Record<CampaignTouch, string> = { last: 'Last touch', first: 'First touch' };

/** A month as YYYY-MM. */
export const isMonth = (value: string) => /^\d{4}-(0[1-9]|1[0-2])$/.test(value);

const monthFormat = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit' });
/** The month (YYYY-MM, Asia/Kolkata) of an instant: the month a lead counts in on the Campaigns report. */
export const monthOf = (iso: string): string => monthFormat.format(new Date(iso)).slice(0, 7);

const month = (label: string) => text().required(`${label} is required`).test('month', `${label} must be a month as YYYY-MM`, (value) => !value || isMonth(value));

/** The most months one report spans. */
export const CAMPAIGN_REPORT_MAX_MONTHS = 24;

const monthsBetween = (from: string, to: string) => (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 + Number(to.slice(5, 7)) - Number(from.slice(5, 7)) + 1;

/** The months from `from` to `to`, both included. */
export function monthRange(from: string, to: string): string[] {
  const count = monthsBetween(from, to);
  return Array.from({ length: Math.max(0, count) }, (_, i) => {
    const index = Number(from.slice(0, 4)) * 12 + Number(from.slice(5, 7)) - 1 + i;
    return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
  });
}

/** GET /api/campaigns?from=YYYY-MM&to=YYYY-MM (and its CSV). */
export const campaignReportQuerySchema = yup.object({
  from: month('From'),
  to: month('To').test('order', 'To must not be before From', function order(value) {
    const from: unknown = this.parent.from;
    return !value || typeof from !== 'string' || !isMonth(from) || value >= from;
  }).test('span', `A report spans at most ${CAMPAIGN_REPORT_MAX_MONTHS} months`, function span(value) {
    const from: unknown = this.parent.from;
    return !value || typeof from !== 'string' || !isMonth(from) || monthsBetween(from, value) <= CAMPAIGN_REPORT_MAX_MONTHS;
  }),
});
export type CampaignReportQuery = yup.InferType<typeof campaignReportQuerySchema>;

/** The campaign name of leads that came without one. */
export const NO_CAMPAIGN = '(none)';

/** PUT /api/campaigns/spend: a campaign's spend in one month (rupees), entered by managers and up. */
export const campaignSpendSchema = yup.object({
  month: month('Month'),
  source: text().required('Source is required').max(100, 'Source is too long (100 characters at most)'),
  campaign: text().required('Campaign is required').max(150, 'Campaign is too long (150 characters at most)'),
  amount: yup.number().typeError('Spend must be a number').required('Spend is required').min(0, 'Spend cannot be negative').max(1_000_000_000, 'Spend is too large'),
});
export type CampaignSpendInput = yup.InferType<typeof campaignSpendSchema>;

/** One row of the Campaigns report: a source and campaign over the months asked. */
export interface CampaignRow {
  source: string;
  campaign: string;
  leads: number;
  contacted: number;
  quoted: number;
  won: number;
  /** The approved quotes' grand totals (rupees). */
  wonValue: number;
  spend: number;
  /** null when there are no leads (or no spend). */
  costPerLead: number | null;
  costPerWon: number | null;
  /** (won value − spend) / spend; null without spend. */
  roi: number | null;
}

export interface CampaignReport {
  from: string;
  to: string;
  rows: CampaignRow[];
}

/** The figures a row adds up; the report works out the rest. */
export type CampaignCounts = Pick<CampaignRow, 'leads' | 'contacted' | 'quoted' | 'won' | 'wonValue' | 'spend'>;

export function campaignRow(source: string, campaign: string, counts: CampaignCounts): CampaignRow {
  const { leads, won, wonValue, spend } = counts;
  return {
    source,
    campaign,
    ...counts,
    costPerLead: spend > 0 && leads > 0 ? Math.round(spend / leads) : null,
    costPerWon: spend > 0 && won > 0 ? Math.round(spend / won) : null,
    roi: spend > 0 ? Math.round(((wonValue - spend) / spend) * 100) / 100 : null,
  };
}

export const CAMPAIGN_CSV_COLUMNS = ['Source', 'Campaign', 'Leads', 'Contacted', 'Quoted', 'Won', 'Won value', 'Spend', 'Cost per lead', 'Cost per won project', 'ROI'] as const;

export const campaignCsvCells = (row: CampaignRow): (string | number | null)[] => [
  row.source,
  row.campaign,
  row.leads,
  row.contacted,
  row.quoted,
  row.won,
  row.wonValue,
  row.spend,
  row.costPerLead,
  row.costPerWon,
  row.roi,
];
