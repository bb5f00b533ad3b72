import { CAMPAIGN_TOUCH_LABELS, CAMPAIGN_TOUCHES } from '@app/shared-types/attribution';
import { LEAD_SOURCES, MATERIALS, PROPERTY_TYPE_LABELS, PROPERTY_TYPES, ROOM_SCOPE_LABELS, ROOM_SCOPES } from '@app/shared-types/constants';
import {
  ACKNOWLEDGEMENT_LIMITS,
  BACKUP_FREQUENCIES,
  CURRENCIES,
  LOG_LEVELS,
  SETTINGS_BOUNDS,
  settingsUpdateSchema,
  SUPPORTED_CURRENCIES,
  UNSUPPORTED_CURRENCY_MESSAGE,
  type Currency,
  type LeadAssignmentRule,
  type SettingsAnswer,
  type SettingsUpdate,
} from '@app/shared-types/settings';
import type { SelectOption } from '../../components/form-fields';

/** The screen's six tabs (SPEC.md 2), each the settings group of the same name. */
export const SETTINGS_TABS = ['company', 'email', 'notifications', 'security', 'business', 'system'] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];
export const SETTINGS_TAB_LABELS: Record<SettingsTab, string> = {
  company: 'Company',
  email: 'Email',
  notifications: 'Notifications',
  security: 'Security',
  business: 'Business',
  system: 'System',
};

/** The page's tabs: the six groups, then Settings > Integrations (issue 26: its own cards, outside the settings form). */
export const SETTINGS_PAGE_TABS = [...SETTINGS_TABS, 'integrations'] as const;
export type SettingsPageTab = (typeof SETTINGS_PAGE_TABS)[number];
export const SETTINGS_PAGE_TAB_LABELS: Record<SettingsPageTab, string> = { ...SETTINGS_TAB_LABELS, integrations: 'Integrations' };

/** The tab the URL names (?tab=), Company when none or an unknown one. */
export function parseSettingsTab(params: URLSearchParams): SettingsPageTab {
  return SETTINGS_PAGE_TABS.find((tab) => tab === params.get('tab')) ?? 'company';
}

/** The tab holding a field path ('security.sessionTimeout' -> security); undefined for a path outside the groups. */
export function tabOfPath(path: string): SettingsTab | undefined {
  const group = path.split(/[.[]/)[0];
  return SETTINGS_TABS.find((tab) => tab === group);
}

/** What the form edits: the answer, plus the SMTP password to replace the stored one (blank keeps it) and whether to remove it. */
export type SettingsValues = Omit<SettingsAnswer, 'email'> & {
  email: SettingsAnswer['email'] & { smtpPassword: string };
  smtpPasswordClear: boolean;
};

export function toSettingsValues(answer: SettingsAnswer): SettingsValues {
  return { ...answer, email: { ...answer.email, smtpPassword: '' }, smtpPasswordClear: false };
}

/**
 * The PUT body: every group with the version the form was loaded at; the
 * password only when one was typed, the removal only when asked for. The
 * shared schema turns typed numbers into numbers.
 */
export function toSettingsUpdate(values: SettingsValues): SettingsUpdate {
  const { smtpPassword, smtpPasswordSet: _set, ...email } = values.email;
  const body = {
    version: values.version,
    company: values.company,
    email: { ...email, ...(smtpPassword ? { smtpPassword } : {}) },
    notifications: values.notifications,
    security: values.security,
    business: values.business,
    system: values.system,
    ...(values.smtpPasswordClear ? { smtpPasswordClear: true } : {}),
  };
  return settingsUpdateSchema.cast(body, { stripUnknown: true });
}

/** 'logo': an image uploaded through the photo pipeline (the field holds its URL). */
export type SettingsFieldKind = 'text' | 'multiline' | 'number' | 'money' | 'select' | 'switch' | 'logo';

export interface SettingsField {
  /** The Formik path, as the server names it in a 400 ('security.sessionTimeout'). */
  name: string;
  label: string;
  kind: SettingsFieldKind;
  options?: readonly SelectOption[];
  helperText?: string;
  /** A whole row (long text, switches), else half a row from `sm` up. */
  wide?: boolean;
}

const bounds = (name: keyof typeof SETTINGS_BOUNDS) => {
  const { min, max } = SETTINGS_BOUNDS[name];
  return `${min} to ${max}`;
};

const optionsOf = (values: readonly string[], labels: Record<string, string>): SelectOption[] =>
  values.map((value) => ({ value, label: labels[value] ?? value }));

const CURRENCY_LABELS: Record<Currency, string> = { INR: 'INR (₹)', USD: 'USD ($)', EUR: 'EUR (€)', GBP: 'GBP (£)' };
/** SPEC.md 9's currencies, the ones the product does not work in shown but not choosable (like the SMS switch). */
export const CURRENCY_OPTIONS: SelectOption[] = CURRENCIES.map((value) => ({ value, label: CURRENCY_LABELS[value], disabled: !SUPPORTED_CURRENCIES.includes(value) }));
export const LOG_LEVEL_OPTIONS = optionsOf(LOG_LEVELS, { error: 'Error', warn: 'Warning', info: 'Info', debug: 'Debug' });
export const BACKUP_FREQUENCY_OPTIONS = optionsOf(BACKUP_FREQUENCIES, { hourly: 'Hourly', daily: 'Daily', weekly: 'Weekly', monthly: 'Monthly' });

const MATERIAL_NAMES: Record<(typeof MATERIALS)[number], string> = { basic: 'Basic', premium: 'Premium', luxury: 'Luxury' };

/** The calculator's pricing model as the contract holds it: a ₹/sq ft band per material, a factor per property type and room scope, the design fee. */
export const PRICING_FIELDS: SettingsField[] = [
  ...MATERIALS.flatMap((material): SettingsField[] => [
    { name: `business.pricing.materials.${material}.min`, label: `${MATERIAL_NAMES[material]} rate from (₹/sq ft)`, kind: 'money' },
    { name: `business.pricing.materials.${material}.max`, label: `${MATERIAL_NAMES[material]} rate to (₹/sq ft)`, kind: 'money' },
  ]),
  ...PROPERTY_TYPES.map((type): SettingsField => ({ name: `business.pricing.propertyFactors.${type}`, label: `Property factor: ${PROPERTY_TYPE_LABELS[type]}`, kind: 'money' })),
  ...ROOM_SCOPES.map((scope): SettingsField => ({ name: `business.pricing.roomFactors.${scope}`, label: `Room factor: ${ROOM_SCOPE_LABELS[scope]}`, kind: 'money' })),
  { name: 'business.pricing.designFeePercent', label: 'Design fee (%)', kind: 'money', helperText: 'Of the midpoint estimate, 0 to 100' },
];

/** The material bands, whose 'minimum not above maximum' message the schema puts on the band itself. */
export const PRICING_BANDS = MATERIALS.map((material) => `business.pricing.materials.${material}`);

/** Each tab's fields with their SPEC.md 3 labels (the SMTP password and the pricing model are drawn apart). */
export const SETTINGS_FIELDS: Record<SettingsTab, SettingsField[]> = {
  company: [
    { name: 'company.companyName', label: 'Company Name', kind: 'text' },
    { name: 'company.companyEmail', label: 'Company Email', kind: 'text' },
    { name: 'company.companyPhone', label: 'Phone (WhatsApp)', kind: 'text' },
    { name: 'company.companyWebsite', label: 'Website', kind: 'text' },
    { name: 'company.companyAddress', label: 'Address', kind: 'multiline', wide: true },
    { name: 'company.gstNumber', label: 'GST Number', kind: 'text' },
    { name: 'company.taxNumber', label: 'Tax Number', kind: 'text' },
    { name: 'company.companyLogo', label: 'Logo', kind: 'logo', wide: true },
    { name: 'company.mapQuery', label: 'Map Search', kind: 'text', helperText: 'What the contact page map looks up' },
    { name: 'company.social.instagram', label: 'Instagram', kind: 'text' },
    { name: 'company.social.facebook', label: 'Facebook', kind: 'text' },
    { name: 'company.social.youtube', label: 'YouTube', kind: 'text' },
    { name: 'company.social.linkedin', label: 'LinkedIn', kind: 'text' },
  ],
  email: [
    { name: 'email.smtpHost', label: 'SMTP Host', kind: 'text', helperText: 'Notification emails go through this server (e.g. Amazon SES SMTP)' },
    { name: 'email.smtpPort', label: 'SMTP Port', kind: 'number', helperText: bounds('smtpPort') },
    { name: 'email.smtpUsername', label: 'SMTP Username', kind: 'text' },
    { name: 'email.emailFromName', label: 'From Name', kind: 'text' },
    { name: 'email.emailFromAddress', label: 'From Address', kind: 'text' },
    { name: 'email.smtpSecure', label: 'Secure connection (TLS)', kind: 'switch', wide: true },
  ],
  notifications: [
    { name: 'notifications.emailNotifications', label: 'Email notifications', kind: 'switch', wide: true, helperText: 'Staff emails. Off: none is sent. On: new website leads, and the events switched on below (the thank-you to a new lead has its own switch)' },
    { name: 'notifications.smsNotifications', label: 'SMS notifications', kind: 'switch', wide: true },
    { name: 'notifications.pushNotifications', label: 'Push notifications', kind: 'switch', wide: true, helperText: "The bell in the portal's header receives the same events" },
    { name: 'notifications.notifyOnQuotation', label: 'Notify on quotations', kind: 'switch', wide: true },
    { name: 'notifications.notifyOnProject', label: 'Notify on projects', kind: 'switch', wide: true },
    { name: 'notifications.notifyOnPayment', label: 'Notify on payments', kind: 'switch', wide: true },
    {
      name: 'notifications.acknowledgeLeads',
      label: 'Thank-you email to new leads',
      kind: 'switch',
      wide: true,
      helperText: 'A new lead with an email (website, ads, WhatsApp, added or imported) gets this email at once, through the SMTP server above. Test leads and spam get none',
    },
    {
      name: 'notifications.acknowledgementSubject',
      label: 'Thank-you email subject',
      kind: 'text',
      wide: true,
      helperText: `{name} is replaced by the lead's name, {companyName} by the company name. At most ${ACKNOWLEDGEMENT_LIMITS.subject} characters`,
    },
    {
      name: 'notifications.acknowledgementBody',
      label: 'Thank-you email text',
      kind: 'multiline',
      wide: true,
      helperText: `In English. {name} is replaced by the lead's name, {companyName} by the company name; a blank line starts a paragraph. At most ${ACKNOWLEDGEMENT_LIMITS.body} characters`,
    },
  ],
  security: [
    { name: 'security.sessionTimeout', label: 'Session Timeout (minutes)', kind: 'number', helperText: bounds('sessionTimeout') },
    { name: 'security.passwordMinLength', label: 'Minimum Password Length', kind: 'number', helperText: bounds('passwordMinLength') },
    { name: 'security.maxLoginAttempts', label: 'Maximum Login Attempts', kind: 'number', helperText: bounds('maxLoginAttempts') },
    { name: 'security.requireTwoFactor', label: 'Require two-factor sign-in', kind: 'switch', wide: true, helperText: 'Everyone without it sets it up (authenticator app) at their next sign-in' },
    { name: 'security.allowRegistration', label: 'Allow registration', kind: 'switch', wide: true, helperText: "The sign-in page offers 'Request access'; an admin approves each account" },
  ],
  business: [
    { name: 'business.defaultCurrency', label: 'Default Currency', kind: 'select', options: CURRENCY_OPTIONS, helperText: UNSUPPORTED_CURRENCY_MESSAGE },
    { name: 'business.defaultTaxRate', label: 'Default Tax Rate (%)', kind: 'money', helperText: '0 to 50, in steps of 0.1' },
    { name: 'business.fiscalYearStart', label: 'Fiscal Year Start (MM-DD)', kind: 'text', helperText: '04-01 is 1 April' },
    { name: 'business.quotationValidityDays', label: 'Quotation Validity (days)', kind: 'number', helperText: bounds('quotationValidityDays') },
    { name: 'business.quoteMarginThreshold', label: 'Quote Margin Threshold (%)', kind: 'money', helperText: bounds('quoteMarginThreshold') },
    { name: 'business.defaultPaymentTerms', label: 'Default Payment Terms', kind: 'text' },
    {
      name: 'business.workdayStart',
      label: 'Working Day Starts (HH:MM, IST)',
      kind: 'text',
      helperText: "Staff not checked in by then count as absent on today's attendance cards; before it they are 'Not yet in'",
    },
    {
      name: 'business.campaignTouch',
      label: 'Campaign Attribution',
      kind: 'select',
      options: CAMPAIGN_TOUCHES.map((value) => ({ value, label: CAMPAIGN_TOUCH_LABELS[value] })),
      helperText: "Which visit of a website lead counts as its campaign on Leads CRM > Campaigns (new leads)",
    },
  ],
  system: [
    { name: 'system.logLevel', label: 'Log Level', kind: 'select', options: LOG_LEVEL_OPTIONS },
    { name: 'system.backupFrequency', label: 'Backup Frequency', kind: 'select', options: BACKUP_FREQUENCY_OPTIONS, helperText: 'How often a backup is made by itself (Backups, below)' },
    {
      name: 'system.dataRetentionDays',
      label: 'Data Retention (days)',
      kind: 'number',
      helperText: `${bounds('dataRetentionDays')}. Raw website submissions and spam older than this are deleted by TTL; leads are kept`,
    },
    { name: 'system.maintenanceMode', label: 'Maintenance mode', kind: 'switch', wide: true, helperText: 'The public site shows a maintenance page; the portal keeps working' },
    { name: 'system.debugMode', label: 'Debug mode', kind: 'switch', wide: true },
  ],
};

/** Speed-to-lead (issue 26) in Settings > Business: its fields' labels. */
export const SPEED_TO_LEAD_LABELS = {
  'business.firstResponseMinutes': 'First response time (minutes)',
  'business.businessHours.days': 'Business days',
  'business.businessHours.start': 'Opening time',
  'business.businessHours.end': 'Closing time',
  'business.leadAssignmentRules': 'Assignment rules',
} as const;

/** The business days' checkboxes, Monday first (the stored numbers: 0 Sunday .. 6 Saturday). */
export const BUSINESS_DAYS = [
  { value: 1, label: 'Mon' },
  { value: 2, label: 'Tue' },
  { value: 3, label: 'Wed' },
  { value: 4, label: 'Thu' },
  { value: 5, label: 'Fri' },
  { value: 6, label: 'Sat' },
  { value: 0, label: 'Sun' },
] as const;

/** A rule's source: blank matches any. */
export const RULE_SOURCE_OPTIONS: SelectOption[] = [{ value: '', label: 'Any source' }, ...LEAD_SOURCES.map((value) => ({ value, label: value }))];

/** A new, empty assignment rule (any source, any city, nobody yet). */
export function newAssignmentRule(): LeadAssignmentRule {
  return { id: crypto.randomUUID(), source: '', city: '', employeeIds: [] };
}

/** The rules in words, for the list of a stale save's changes: 'Website, Hyderabad: 2 employees; any source, any city: 1 employee'. */
export function describeRules(rules: readonly LeadAssignmentRule[] | undefined): string {
  return (rules ?? [])
    .map((rule) => `${rule.source || 'any source'}, ${rule.city || 'any city'}: ${rule.employeeIds.length} employee${rule.employeeIds.length === 1 ? '' : 's'}`)
    .join('; ');
}

/** SPEC.md 8 has no SMS provider: the switch says so and stays off. */
export const SMS_UNAVAILABLE = 'No SMS provider is integrated';

/** Every labelled field by path, for the list of a stale save's changes. */
export const SETTINGS_LABELS: Record<string, string> = Object.fromEntries(
  [...Object.values(SETTINGS_FIELDS).flat(), ...PRICING_FIELDS].map((field) => [field.name, `${field.label}`]).concat(Object.entries(SPEED_TO_LEAD_LABELS)),
);

/** The value at a dotted path. */
export function valueAt(values: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((value, key) => (typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined), values);
}

/** The labelled fields of two versions by path, flat, for changedFields. */
export function flatSettings(values: unknown): Record<string, unknown> {
  return Object.fromEntries(
    Object.keys(SETTINGS_LABELS).map((path) => {
      const value = valueAt(values, path);
      // The days and the rules are lists: compared and shown in words.
      if (path === 'business.leadAssignmentRules') return [path, describeRules(value as LeadAssignmentRule[] | undefined)];
      return [path, Array.isArray(value) ? value.join(', ') : value];
    }),
  );
}
