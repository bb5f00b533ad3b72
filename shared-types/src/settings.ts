import * as yup from 'yup';
import { CAMPAIGN_TOUCHES, type CampaignTouch } from './attribution';
import { email, isWebAddress, multilineText, oneOfList, text, webAddressMessage, type WebAddressRule } from './forms';
import { isRecord } from './guards';
import { DEFAULT_SECURITY_SETTINGS } from './auth';
import { DEFAULT_TAX_RATE } from './finance';
import { DEFAULT_MARGIN_THRESHOLD, DEFAULT_VALIDITY_DAYS } from './quotations';
import { MATERIALS, PROPERTY_TYPES, ROOM_SCOPES } from './constants';
import { DEFAULT_PRICING_RATES, type PricingRates } from './pricing';
import { FIRST_START_COMPANY, type CompanyProfile } from './site';

/**
 * System Settings (SPEC.md 3, 5, 8, 9): every field, grouped as the screen's
 * six tabs. GET /api/settings answers SettingsAnswer; PUT /api/settings takes
 * settingsUpdateSchema (the whole object). The SMTP password is write-only:
 * it is sealed at rest and the answer says only whether one is set.
 */

export const CURRENCIES = ['INR', 'USD', 'EUR', 'GBP'] as const;
export type Currency = (typeof CURRENCIES)[number];
/**
 * The currencies the product works in: PRODUCT.md keeps every amount in rupees
 * (one shared en-IN formatter, GST on top), so SPEC.md 9's other options are
 * listed but refused rather than saved to change nothing.
 */
export const SUPPORTED_CURRENCIES: readonly Currency[] = ['INR'];
export const UNSUPPORTED_CURRENCY_MESSAGE = 'Every amount is kept and shown in Indian rupees (₹); other currencies are not offered';
export const LOG_LEVELS = ['error', 'warn', 'info', 'debug'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
export const BACKUP_FREQUENCIES = ['hourly', 'daily', 'weekly', 'monthly'] as const;
export type BackupFrequency = (typeof BACKUP_FREQUENCIES)[number];

/** SPEC.md 5 bounds. */
export const SETTINGS_BOUNDS = {
  sessionTimeout: { min: 5, max: 480 },
  passwordMinLength: { min: 6, max: 32 },
  maxLoginAttempts: { min: 3, max: 10 },
  defaultTaxRate: { min: 0, max: 50, step: 0.1 },
  quotationValidityDays: { min: 1, max: 365 },
  dataRetentionDays: { min: 30, max: 2555 },
  quoteMarginThreshold: { min: 0, max: 100 },
  smtpPort: { min: 1, max: 65535 },
} as const;

/** SPEC.md 8. */
export const SETTINGS_MESSAGES = {
  updated: 'Settings updated successfully',
  failed: 'Failed to update settings',
} as const;

/** What the public forms answer (503) while Settings > System > maintenanceMode is on. */
export const MAINTENANCE_MESSAGE = 'The website is under maintenance. Please try again later.';
/** Seconds the public forms ask a client to wait while in maintenance (Retry-After). */
export const MAINTENANCE_RETRY_AFTER_SECONDS = 600;

export interface EmailSettings {
  smtpHost: string;
  smtpPort: number;
  smtpUsername: string;
  smtpSecure: boolean;
  emailFromName: string;
  emailFromAddress: string;
}

export interface NotificationSettings {
  emailNotifications: boolean;
  smsNotifications: boolean;
  pushNotifications: boolean;
  notifyOnQuotation: boolean;
  notifyOnProject: boolean;
  notifyOnPayment: boolean;
  // Acknowledgement to the person (issue 26, speed-to-lead)
  /** A new lead with an email gets a thank-you email at once (through the outbox, while SMTP is set up). */
  acknowledgeLeads: boolean;
  /** Its subject and text: {name} is the lead's name, {companyName} Settings > Company's. */
  acknowledgementSubject: string;
  acknowledgementBody: string;
}

/** The placeholders the thank-you email fills in. */
export const ACKNOWLEDGEMENT_PLACEHOLDERS = ['name', 'companyName'] as const;
export const ACKNOWLEDGEMENT_LIMITS = { subject: 200, body: 5000 } as const;
export const DEFAULT_ACKNOWLEDGEMENT = {
  subject: 'Thank you for contacting {companyName}',
  body: [
    'Dear {name},',
    '',
    'Thank you for your enquiry. We have received your details, and one of our designers will call you shortly to understand your home and your plans.',
    '',
    'Warm regards,',
    '{companyName}',
  ].join('\n'),
} as const;

export interface FullSecuritySettings {
  sessionTimeout: number;
  passwordMinLength: number;
  requireTwoFactor: boolean;
  allowRegistration: boolean;
  maxLoginAttempts: number;
}

export interface BusinessSettings {
  defaultCurrency: Currency;
  defaultTaxRate: number;
  fiscalYearStart: string;
  quotationValidityDays: number;
  defaultPaymentTerms: string;
  quoteMarginThreshold: number;
  /** When the working day starts, 'HH:MM' in Asia/Kolkata: only after it are staff with no attendance record counted absent. */
  workdayStart: string;
  /** Attribution (issue 26): which touch of a website visit is a lead's campaign on the Campaigns report. */
  campaignTouch: CampaignTouch;
  /** The calculator's pricing model (stored in the settings item's `pricing` group, where the calculator reads it). */
  pricing: PricingRates;
  // Speed-to-lead (issue 26)
  /** A new lead's first response is due within this many business minutes. */
  firstResponseMinutes: number;
  /** The hours the SLA counts in (Asia/Kolkata). */
  businessHours: BusinessHours;
  /** Assignment rules tried before the round-robin of everyone who takes leads: the first that matches and has an eligible taker wins. */
  leadAssignmentRules: LeadAssignmentRule[];
}

/** Business hours: the days (0 Sunday .. 6 Saturday) and the times of day, 'HH:MM' in Asia/Kolkata. */
export interface BusinessHours {
  days: number[];
  start: string;
  end: string;
}

/** A lead matching `source` (blank: any) and `city` (blank: any, compared without case) goes round-robin to these employees. */
export interface LeadAssignmentRule {
  id: string;
  source: string;
  city: string;
  employeeIds: string[];
}

/** SPEC.md's hours: Monday to Saturday, 9 to 19. */
export const DEFAULT_BUSINESS_HOURS: BusinessHours = { days: [1, 2, 3, 4, 5, 6], start: '09:00', end: '19:00' };
export const DEFAULT_FIRST_RESPONSE_MINUTES = 15;

export interface SystemSettings {
  maintenanceMode: boolean;
  debugMode: boolean;
  logLevel: LogLevel;
  backupFrequency: BackupFrequency;
  dataRetentionDays: number;
}

export interface CompanySettings extends CompanyProfile {
  taxNumber: string;
}

/** GET /api/settings and PUT /api/settings's answer. Never the SMTP password. */
export interface SettingsAnswer {
  company: CompanySettings;
  email: EmailSettings & { smtpPasswordSet: boolean };
  notifications: NotificationSettings;
  security: FullSecuritySettings;
  business: BusinessSettings;
  system: SystemSettings;
  /** 0 while none was saved. */
  version: number;
}

/** The working day's start by default (issue 25): 10:00 in Asia/Kolkata. */
export const DEFAULT_WORKDAY_START = '10:00';
export const WORKDAY_START_MESSAGE = 'Working day start must be a time as HH:MM (24-hour)';
/** A time of day as HH:MM, 24-hour. */
export const isClockTime = (value: string) => /^([01]\d|2[0-3]):[0-5]\d$/.test(value);

/** SPEC.md 9 defaults. */
export const DEFAULT_SETTINGS: Omit<SettingsAnswer, 'version'> = {
  company: { ...FIRST_START_COMPANY, taxNumber: '' },
  email: {
    smtpHost: '',
    smtpPort: 587,
    smtpUsername: '',
    smtpSecure: true,
    emailFromName: FIRST_START_COMPANY.companyName,
    emailFromAddress: FIRST_START_COMPANY.companyEmail,
    smtpPasswordSet: false,
  },
  notifications: {
    emailNotifications: true,
    smsNotifications: false,
    pushNotifications: true,
    notifyOnQuotation: true,
    notifyOnProject: true,
    notifyOnPayment: true,
    acknowledgeLeads: true,
    acknowledgementSubject: DEFAULT_ACKNOWLEDGEMENT.subject,
    acknowledgementBody: DEFAULT_ACKNOWLEDGEMENT.body,
  },
  security: { ...DEFAULT_SECURITY_SETTINGS, passwordMinLength: 8, requireTwoFactor: false, allowRegistration: false },
  business: {
    defaultCurrency: 'INR',
    defaultTaxRate: DEFAULT_TAX_RATE,
    fiscalYearStart: '04-01',
    quotationValidityDays: DEFAULT_VALIDITY_DAYS,
    defaultPaymentTerms: '30 days from invoice date',
    quoteMarginThreshold: DEFAULT_MARGIN_THRESHOLD,
    workdayStart: DEFAULT_WORKDAY_START,
    campaignTouch: 'last',
    pricing: DEFAULT_PRICING_RATES,
    firstResponseMinutes: DEFAULT_FIRST_RESPONSE_MINUTES,
    businessHours: DEFAULT_BUSINESS_HOURS,
    leadAssignmentRules: [],
  },
  system: { maintenanceMode: false, debugMode: false, logLevel: 'info', backupFrequency: 'daily', dataRetentionDays: 365 },
};

// ---------------------------------------------------------------------------
// Schemas (the screen and the API validate with the same ones)

const flag = (label: string) => yup.boolean().strict().typeError(`${label} must be on or off`).required(`${label} is required`);

const wholeNumber = (label: string, { min, max }: { min: number; max: number }) =>
  yup
    .number()
    .typeError(`${label} must be a number`)
    .required(`${label} is required`)
    .integer(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} must be at most ${max}`);

const amount = (label: string, min: number, max: number) =>
  yup.number().typeError(`${label} must be a number`).required(`${label} is required`).min(min, `${label} must be at least ${min}`).max(max, `${label} must be at most ${max}`);

const line = (label: string, max: number) => text().max(max, `${label} must be at most ${max} characters`).defined().default('');

/** A real calendar day as MM-DD (29 February allowed). */
const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
export const isMonthDay = (value: string) => {
  const match = /^(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const month = Number(match[1]);
  const day = Number(match[2]);
  return month >= 1 && month <= 12 && day >= 1 && day <= DAYS_IN_MONTH[month - 1]!;
};

/** A link shown or loaded by the website: blank, or https (isWebAddress; `rule` widens it for one field). */
const url = (label: string, rule: WebAddressRule = {}) =>
  line(label, 500).test('web-address', webAddressMessage(rule), (value) => !value || isWebAddress(value, rule));

export const companySettingsSchema = yup.object({
  companyName: line('Company name', 120).required('Company name is required'),
  companyAddress: multilineText().max(500, 'Address must be at most 500 characters').defined().default(''),
  companyPhone: line('Phone', 40),
  companyEmail: email(),
  companyWebsite: url('Website', { http: true }),
  // The first-start logo is a file of the site ('/images/logo.svg'); an uploaded one is a path too.
  companyLogo: url('Logo', { sitePath: true }),
  taxNumber: line('Tax number', 40),
  gstNumber: line('GST number', 20),
  social: yup
    .object({
      instagram: url('Instagram'),
      facebook: url('Facebook'),
      youtube: url('YouTube'),
      linkedin: url('LinkedIn'),
    })
    .required(),
  reels: yup.array(url('Reel').required()).max(10, 'At most 10 reels').defined().default([]),
  mapQuery: line('Map search', 200),
});

export const emailSettingsSchema = yup.object({
  smtpHost: line('SMTP host', 255),
  smtpPort: wholeNumber('SMTP port', SETTINGS_BOUNDS.smtpPort),
  smtpUsername: line('SMTP username', 255),
  /** Write-only: blank or absent keeps the stored one. Taken as typed (never trimmed). */
  smtpPassword: yup.string().typeError('Must be text').max(256, 'SMTP password must be at most 256 characters').optional(),
  smtpSecure: flag('Secure connection'),
  emailFromName: line('From name', 120),
  emailFromAddress: email(),
});

/** Text with {placeholders}: required, capped, and naming only ACKNOWLEDGEMENT_PLACEHOLDERS. */
const placeholderText = (schema: ReturnType<typeof text>, label: string, max: number) =>
  schema
    .required(`${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)
    .test('placeholders', `${label} may use {name} and {companyName} only`, (value) =>
      [...(value ?? '').matchAll(/\{([^{}]*)\}/g)].every((match) => (ACKNOWLEDGEMENT_PLACEHOLDERS as readonly string[]).includes(match[1]!)),
    );

export const notificationSettingsSchema = yup.object({
  emailNotifications: flag('Email notifications'),
  smsNotifications: flag('SMS notifications'),
  pushNotifications: flag('Push notifications'),
  notifyOnQuotation: flag('Quotation notifications'),
  notifyOnProject: flag('Project notifications'),
  notifyOnPayment: flag('Payment notifications'),
  // Issue 26. Optional for a client that predates them: absent keeps the defaults.
  acknowledgeLeads: yup.boolean().strict().typeError('Thank-you email must be on or off').default(true),
  acknowledgementSubject: placeholderText(text(), 'Thank-you email subject', ACKNOWLEDGEMENT_LIMITS.subject).default(DEFAULT_ACKNOWLEDGEMENT.subject),
  acknowledgementBody: placeholderText(multilineText(), 'Thank-you email text', ACKNOWLEDGEMENT_LIMITS.body).default(DEFAULT_ACKNOWLEDGEMENT.body),
});

export const securitySettingsSchema = yup.object({
  sessionTimeout: wholeNumber('Session timeout', SETTINGS_BOUNDS.sessionTimeout),
  passwordMinLength: wholeNumber('Minimum password length', SETTINGS_BOUNDS.passwordMinLength),
  requireTwoFactor: flag('Two-factor sign-in'),
  allowRegistration: flag('Registration'),
  maxLoginAttempts: wholeNumber('Maximum login attempts', SETTINGS_BOUNDS.maxLoginAttempts),
});

const band = (label: string) =>
  yup
    .object({ min: amount(`${label} minimum`, 1, 1_000_000), max: amount(`${label} maximum`, 1, 1_000_000) })
    .required()
    .test('band', `${label} minimum must not be above its maximum`, (value) => !value || value.min <= value.max);

const factors = <K extends string>(keys: readonly K[], label: string) =>
  yup.object(Object.fromEntries(keys.map((key) => [key, amount(`${label} (${key})`, 0.01, 10)])) as Record<K, ReturnType<typeof amount>>).required();

export const pricingRatesSchema = yup.object({
  materials: yup.object(Object.fromEntries(MATERIALS.map((material) => [material, band(`Rate ${material}`)])) as Record<(typeof MATERIALS)[number], ReturnType<typeof band>>).required(),
  propertyFactors: factors(PROPERTY_TYPES, 'Property factor'),
  roomFactors: factors(ROOM_SCOPES, 'Room factor'),
  designFeePercent: amount('Design fee', 0, 100),
});

const { defaultTaxRate, quoteMarginThreshold } = SETTINGS_BOUNDS;

export const businessSettingsSchema = yup.object({
  defaultCurrency: oneOfList(CURRENCIES, `Currency must be one of ${CURRENCIES.join(', ')}`)
    .required('Currency is required')
    .test('supported', UNSUPPORTED_CURRENCY_MESSAGE, (value) => value === undefined || SUPPORTED_CURRENCIES.includes(value)),
  defaultTaxRate: amount('Tax rate', defaultTaxRate.min, defaultTaxRate.max).test(
    'step',
    'Tax rate must be in steps of 0.1',
    (value) => value === undefined || Math.abs(value * 10 - Math.round(value * 10)) < 1e-9,
  ),
  fiscalYearStart: text().required('Fiscal year start is required').test('month-day', 'Fiscal year start must be a date as MM-DD', (value) => !value || isMonthDay(value)),
  quotationValidityDays: wholeNumber('Quotation validity', SETTINGS_BOUNDS.quotationValidityDays),
  defaultPaymentTerms: line('Payment terms', 200),
  quoteMarginThreshold: amount('Quote margin threshold', quoteMarginThreshold.min, quoteMarginThreshold.max),
  // Optional for a client that predates it: absent keeps the default.
  workdayStart: text().test('clock', WORKDAY_START_MESSAGE, (value) => value === undefined || isClockTime(value)).default(DEFAULT_WORKDAY_START),
  // Attribution (issue 26). Optional for a client that predates it: absent keeps last touch.
  campaignTouch: oneOfList(CAMPAIGN_TOUCHES, 'Campaign attribution must be last touch or first touch').default('last'),
  pricing: pricingRatesSchema.required(),
  // Speed-to-lead (issue 26). Optional for a client that predates them: absent keeps the defaults.
  firstResponseMinutes: wholeNumber('First response time', { min: 1, max: 1440 }).default(DEFAULT_FIRST_RESPONSE_MINUTES),
  businessHours: yup
    .object({
      days: yup
        .array(yup.number().typeError('Each business day must be a number').integer().min(0, 'Business days are 0 (Sunday) to 6').max(6, 'Business days are 0 (Sunday) to 6').required())
        .required()
        .min(1, 'Choose at least one business day'),
      start: text().required('Opening time is required').test('clock', 'Opening time must be a time as HH:MM (24-hour)', (value) => !value || isClockTime(value)),
      end: text().required('Closing time is required').test('clock', 'Closing time must be a time as HH:MM (24-hour)', (value) => !value || isClockTime(value)),
    })
    .test('order', 'Closing time must be after opening time', (value) => !value || value.start < value.end)
    .default(DEFAULT_BUSINESS_HOURS),
  leadAssignmentRules: yup
    .array(
      yup.object({
        id: text().required().max(64, 'Rule id is too long'),
        source: line('Rule source', 50),
        city: line('Rule city', 100),
        employeeIds: yup.array(text().required().max(64)).required().min(1, 'Choose at least one employee for the rule').max(50),
      }),
    )
    .max(50, 'At most 50 assignment rules')
    .default([]),
});

export const systemSettingsSchema = yup.object({
  maintenanceMode: flag('Maintenance mode'),
  debugMode: flag('Debug mode'),
  logLevel: oneOfList(LOG_LEVELS, `Log level must be one of ${LOG_LEVELS.join(', ')}`).required('Log level is required'),
  backupFrequency: oneOfList(BACKUP_FREQUENCIES, `Backup frequency must be one of ${BACKUP_FREQUENCIES.join(', ')}`).required('Backup frequency is required'),
  dataRetentionDays: wholeNumber('Data retention', SETTINGS_BOUNDS.dataRetentionDays),
});

/** PUT /api/settings: every group, the version it was read at, and whether to remove the stored SMTP password. */
export const settingsUpdateSchema = yup.object({
  version: yup.number().typeError('version must be a number').integer().min(0).required('version is required'),
  company: companySettingsSchema.required(),
  email: emailSettingsSchema.required(),
  notifications: notificationSettingsSchema.required(),
  security: securitySettingsSchema.required(),
  business: businessSettingsSchema.required(),
  system: systemSettingsSchema.required(),
  smtpPasswordClear: yup.boolean().strict().typeError('smtpPasswordClear must be true or false').optional(),
});
export type SettingsUpdate = yup.InferType<typeof settingsUpdateSchema>;

// ---------------------------------------------------------------------------
// The stored settings item (one read, parsed): every group as stored, and each
// group field an older version kept at the top of the item, so old items still
// parse; the readers fill the SPEC.md 9 defaults in (settings-repo.ts answerOf).

const storedGroup = () => yup.mixed(isRecord).optional();
const legacyTopFields = Object.fromEntries(
  (['company', 'email', 'notifications', 'security', 'business', 'system'] as const)
    .flatMap((group) => Object.keys(DEFAULT_SETTINGS[group]))
    .map((field) => [field, yup.mixed().optional()]),
);

export const storedSettingsSchema = yup.object({
  ...legacyTopFields,
  company: storedGroup(),
  email: storedGroup(),
  notifications: storedGroup(),
  security: storedGroup(),
  business: storedGroup(),
  system: storedGroup(),
  // Validated when saved; parsed here so readers get the rates typed (an item saved before has none: the defaults apply).
  pricing: pricingRatesSchema.optional().default(undefined),
  version: yup.number().optional(),
  retentionGeneration: yup.number().optional(),
  createdAt: yup.string().optional(),
  updatedAt: yup.string().optional(),
});
export type StoredSettingsItem = yup.InferType<typeof storedSettingsSchema>;
