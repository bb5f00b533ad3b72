import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Page } from '@app/shared-types/api';
import type { AuditEntry } from '@app/shared-types/audit';
import type { FinanceReport, ProjectFinancialDetail } from '@app/shared-types/finance';
import { calendarDate } from '@app/shared-types/format';
import { addDays, type Quotation } from '@app/shared-types/quotations';
import { BACKUP_FREQUENCIES, CURRENCIES, DEFAULT_ACKNOWLEDGEMENT, DEFAULT_SETTINGS, LOG_LEVELS, MAINTENANCE_MESSAGE, SETTINGS_MESSAGES, SUPPORTED_CURRENCIES, UNSUPPORTED_CURRENCY_MESSAGE, type SettingsAnswer } from '@app/shared-types/settings';
import type { SiteInfo } from '@app/shared-types/site';
import { createCustomer } from '../src/customers/customer-repo';
import { systemContext } from '../src/db/entity';
import { keys } from '../src/db/keys';
import { createProject } from '../src/projects/project-repo';
import { taxRate } from '../src/finance/finance-repo';
import { setLogLevel } from '../src/lib/log';
import {
  createStaffApp,
  createTestApp,
  customerInput,
  json,
  login,
  postForm,
  postJson,
  projectInput,
  signedInStaff,
  staffRequest,
  STAFF_PASSWORD,
  uniquePhone,
  validContact,
  validEstimate,
  type TestApp,
} from './helpers';

type Staff = Awaited<ReturnType<typeof createStaffApp<'employee' | 'manager' | 'admin' | 'superadmin'>>>;

const SMTP_SECRET = 'Sm7p-Secret-Pa55word';

const getSettings = (app: TestApp, cookie: string) => json<SettingsAnswer>(staffRequest(app, '/api/settings', cookie));

/** The answer as the screen sends it back: every group, the version, no smtpPasswordSet. */
function bodyOf(settings: SettingsAnswer, changes: Partial<Record<keyof Omit<SettingsAnswer, 'version'>, Record<string, unknown>>> = {}, extra: Record<string, unknown> = {}) {
  const { smtpPasswordSet: _set, ...email } = settings.email;
  return {
    version: settings.version,
    company: { ...settings.company, ...changes.company },
    email: { ...email, ...changes.email },
    notifications: { ...settings.notifications, ...changes.notifications },
    security: { ...settings.security, ...changes.security },
    business: { ...settings.business, ...changes.business },
    system: { ...settings.system, ...changes.system },
    ...extra,
  };
}

const putSettings = (app: TestApp, cookie: string, body: unknown) => staffRequest(app, '/api/settings', cookie, { method: 'PUT', body });

/** Reads the current settings, changes `changes`, saves: expects 200 and answers the saved settings. */
async function change(app: TestApp, cookie: string, changes: Parameters<typeof bodyOf>[1], extra: Record<string, unknown> = {}) {
  const response = await putSettings(app, cookie, bodyOf(await getSettings(app, cookie), changes, extra));
  expect(response.status, await response.clone().text()).toBe(200);
  const answer = await json<{ message: string; settings: SettingsAnswer }>(response);
  expect(answer.message).toBe(SETTINGS_MESSAGES.updated);
  return answer.settings;
}

let shared: Staff;
beforeAll(async () => {
  shared = await createStaffApp('employee', 'manager', 'admin', 'superadmin');
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
  setLogLevel(undefined);
});

describe('GET and PUT /api/settings: who', () => {
  it('admin and superadmin read every field with the SPEC.md 9 defaults; employee and manager get 403; signed out 401', async () => {
    const { app, staff } = shared;
    for (const role of ['admin', 'superadmin'] as const) {
      const response = await staffRequest(app, '/api/settings', staff(role).cookie);
      expect(response.status).toBe(200);
      const body = await json<SettingsAnswer>(response);
      const { version, ...groups } = body;
      expect(version).toBeGreaterThanOrEqual(0);
      // Other tests of this file may have saved: the defaults checked on a fresh app below.
      expect(Object.keys(groups).sort()).toEqual(['business', 'company', 'email', 'notifications', 'security', 'system']);
    }
    for (const role of ['employee', 'manager'] as const) {
      expect((await staffRequest(app, '/api/settings', staff(role).cookie)).status).toBe(403);
      const settings = await getSettings(app, staff('admin').cookie);
      expect((await putSettings(app, staff(role).cookie, bodyOf(settings))).status).toBe(403);
    }
    expect((await staffRequest(app, '/api/settings', undefined)).status).toBe(401);
  });

  it('a new installation answers the SPEC.md 9 defaults, version 0', async () => {
    const { app, staff } = await createStaffApp('admin');
    const body = await getSettings(app, staff('admin').cookie);
    expect(body).toEqual({ ...DEFAULT_SETTINGS, version: 0 });
    expect(body.business).toMatchObject({ quotationValidityDays: 30, defaultPaymentTerms: '30 days from invoice date', defaultTaxRate: 18, fiscalYearStart: '04-01', defaultCurrency: 'INR', quoteMarginThreshold: 20 });
    expect(body.security).toEqual({ sessionTimeout: 30, passwordMinLength: 8, maxLoginAttempts: 5, requireTwoFactor: false, allowRegistration: false });
    expect(body.system).toEqual({ maintenanceMode: false, debugMode: false, logLevel: 'info', backupFrequency: 'daily', dataRetentionDays: 365 });
    expect(body.email).toMatchObject({ smtpPort: 587, smtpSecure: true, smtpPasswordSet: false });
    expect(body.notifications).toEqual({
      emailNotifications: true,
      pushNotifications: true,
      smsNotifications: false,
      notifyOnQuotation: true,
      notifyOnProject: true,
      notifyOnPayment: true,
      // Issue 26: the thank-you email to a new lead.
      acknowledgeLeads: true,
      acknowledgementSubject: DEFAULT_ACKNOWLEDGEMENT.subject,
      acknowledgementBody: DEFAULT_ACKNOWLEDGEMENT.body,
    });
  });
});

describe('PUT /api/settings: validation', () => {
  let app: TestApp;
  let admin: string;
  beforeAll(async () => {
    const test = await createStaffApp('admin');
    app = test.app;
    admin = test.staff('admin').cookie;
  });

  type Group = 'security' | 'business' | 'system' | 'email';
  /** [group, field, value, accepted] : each SPEC.md 5 bound, in and out by one step. */
  const cases: [Group, string, unknown, boolean][] = [
    ['security', 'sessionTimeout', 4, false],
    ['security', 'sessionTimeout', 5, true],
    ['security', 'sessionTimeout', 480, true],
    ['security', 'sessionTimeout', 481, false],
    ['security', 'sessionTimeout', 30.5, false],
    ['security', 'passwordMinLength', 5, false],
    ['security', 'passwordMinLength', 6, true],
    ['security', 'passwordMinLength', 32, true],
    ['security', 'passwordMinLength', 33, false],
    ['security', 'maxLoginAttempts', 2, false],
    ['security', 'maxLoginAttempts', 3, true],
    ['security', 'maxLoginAttempts', 10, true],
    ['security', 'maxLoginAttempts', 11, false],
    ['business', 'defaultTaxRate', -0.1, false],
    ['business', 'defaultTaxRate', 0, true],
    ['business', 'defaultTaxRate', 50, true],
    ['business', 'defaultTaxRate', 50.1, false],
    ['business', 'defaultTaxRate', 18.5, true],
    ['business', 'defaultTaxRate', 18.55, false],
    ['business', 'quotationValidityDays', 0, false],
    ['business', 'quotationValidityDays', 1, true],
    ['business', 'quotationValidityDays', 365, true],
    ['business', 'quotationValidityDays', 366, false],
    ['business', 'quoteMarginThreshold', -1, false],
    ['business', 'quoteMarginThreshold', 0, true],
    ['business', 'quoteMarginThreshold', 100, true],
    ['business', 'quoteMarginThreshold', 101, false],
    ['business', 'fiscalYearStart', '04-01', true],
    ['business', 'fiscalYearStart', '02-29', true],
    ['business', 'fiscalYearStart', '02-30', false],
    ['business', 'fiscalYearStart', '13-01', false],
    ['business', 'fiscalYearStart', '4-1', false],
    ['business', 'fiscalYearStart', '2026-04-01', false],
    ['business', 'defaultCurrency', 'JPY', false],
    ['system', 'dataRetentionDays', 29, false],
    ['system', 'dataRetentionDays', 30, true],
    ['system', 'dataRetentionDays', 2555, true],
    ['system', 'dataRetentionDays', 2556, false],
    ['system', 'logLevel', 'trace', false],
    ['system', 'backupFrequency', 'yearly', false],
    ['system', 'maintenanceMode', 'yes', false],
    ['email', 'smtpPort', 0, false],
    ['email', 'smtpPort', 65536, false],
    ['email', 'emailFromAddress', 'not-an-email', false],
    ...CURRENCIES.map((value): [Group, string, unknown, boolean] => ['business', 'defaultCurrency', value, SUPPORTED_CURRENCIES.includes(value)]),
    ...LOG_LEVELS.map((value): [Group, string, unknown, boolean] => ['system', 'logLevel', value, true]),
    ...BACKUP_FREQUENCIES.map((value): [Group, string, unknown, boolean] => ['system', 'backupFrequency', value, true]),
  ];

  it.each(cases)('%s.%s = %j: accepted %s', async (group, field, value, accepted) => {
    const before = await getSettings(app, admin);
    const response = await putSettings(app, admin, bodyOf(before, { [group]: { [field]: value } }));
    if (accepted) {
      expect(response.status, await response.clone().text()).toBe(200);
      const saved = (await json<{ settings: SettingsAnswer }>(response)).settings;
      expect((saved[group] as unknown as Record<string, unknown>)[field]).toBe(value);
      expect(saved.version).toBe(before.version + 1);
    } else {
      expect(response.status).toBe(400);
      const body = await json<{ error: string; fields: Record<string, string> }>(response);
      expect(body.error).toBe('Validation failed');
      expect(Object.keys(body.fields)).toEqual([`${group}.${field}`]);
      expect((await getSettings(app, admin)).version).toBe(before.version);
    }
  });

  it('a SPEC.md currency the product does not work in is refused with why, not saved to change nothing', async () => {
    const before = await getSettings(app, admin);
    const response = await putSettings(app, admin, bodyOf(before, { business: { defaultCurrency: 'USD' } }));
    expect(response.status).toBe(400);
    expect((await json<{ fields: Record<string, string> }>(response)).fields['business.defaultCurrency']).toBe(UNSUPPORTED_CURRENCY_MESSAGE);
  });

  it('link fields take https addresses only (http too for the website; a path on this site for the logo): other schemes are a 400 naming each field', async () => {
    const before = await getSettings(app, admin);
    const hostile = bodyOf(before, {
      company: {
        companyWebsite: 'javascript:alert(1)',
        companyLogo: 'data:image/svg+xml,<svg onload=alert(1)>',
        social: { ...before.company.social, instagram: 'javascript:alert(document.cookie)', linkedin: 'http://www.linkedin.com/company/x' },
        reels: ['https://www.instagram.com/reel/ok/', 'data:text/html,x'],
      },
    });
    const refused = await putSettings(app, admin, hostile);
    expect(refused.status).toBe(400);
    expect(await json(refused)).toEqual({
      error: 'Validation failed',
      fields: {
        'company.companyWebsite': 'Must be an http:// or https:// link',
        'company.companyLogo': 'Must be an https:// link or a path on this site (e.g. /images/logo.svg)',
        'company.social.instagram': 'Must be an https:// link',
        'company.social.linkedin': 'Must be an https:// link',
        'company.reels[1]': 'Must be an https:// link',
      },
    });
    expect((await getSettings(app, admin)).version).toBe(before.version);

    const saved = await change(app, admin, { company: { companyWebsite: 'http://kaveri.example', companyLogo: '/images/logo.svg', social: { ...before.company.social, instagram: 'https://www.instagram.com/kaveri' } } });
    expect(saved.company).toMatchObject({ companyWebsite: 'http://kaveri.example', companyLogo: '/images/logo.svg', social: { instagram: 'https://www.instagram.com/kaveri' } });
  });

  it('the whole object is required; hostile bodies are refused', async () => {
    const current = await getSettings(app, admin);
    const { system: _system, ...withoutSystem } = bodyOf(current);
    const missing = await putSettings(app, admin, withoutSystem);
    expect(missing.status).toBe(400);
    // Each field of the missing group is named.
    expect(Object.keys((await json<{ fields: Record<string, string> }>(missing)).fields)).toEqual(expect.arrayContaining(['system.maintenanceMode', 'system.logLevel', 'system.dataRetentionDays']));
    const blank = await putSettings(app, admin, bodyOf(current, { company: { companyName: '   ' } }));
    expect(await json(blank)).toEqual({ error: 'Validation failed', fields: { 'company.companyName': 'Company name is required' } });
    expect((await putSettings(app, admin, [bodyOf(current)])).status).toBe(400);
    expect((await putSettings(app, admin, bodyOf(current, { company: { companyName: 'Kaveri\u202E' } }))).status).toBe(400);
    expect((await putSettings(app, admin, bodyOf(current, { security: { sessionTimeout: { $gt: 0 } } }))).status).toBe(400);
    const proto = await staffRequest(app, '/api/settings', admin, { method: 'PUT', body: { ...bodyOf(current), constructor: { prototype: { polluted: true } } } });
    expect(proto.status).toBe(400);
    const huge = await putSettings(app, admin, bodyOf(current, { business: { defaultPaymentTerms: 'x'.repeat(40_000) } }));
    expect(huge.status).toBe(413);
    const notJson = await app.request('/api/settings', {
      method: 'PUT',
      headers: { origin: 'http://localhost', cookie: admin, 'content-type': 'text/plain', 'x-requested-with': 'fetch' },
      body: JSON.stringify(bodyOf(current)),
    });
    expect(notJson.status).toBe(415);
    expect((await getSettings(app, admin)).version).toBe(current.version);
  });

  it('a save from a stale version is refused with 409 and the current settings', async () => {
    const read = await getSettings(app, admin);
    await change(app, admin, { business: { defaultPaymentTerms: '15 days from invoice date' } });
    const stale = await putSettings(app, admin, bodyOf(read, { business: { defaultPaymentTerms: '45 days' } }));
    expect(stale.status).toBe(409);
    const body = await json<{ error: string; current: SettingsAnswer }>(stale);
    expect(body.current.business.defaultPaymentTerms).toBe('15 days from invoice date');
    expect(body.current.version).toBe(read.version + 1);
    expect(body.error).toMatch(/changed by someone else/);
  });
});

describe('the SMTP password: write-only, sealed, masked', () => {
  it('is never in an answer, the stored item, the audit log or the log; blank keeps it, smtpPasswordClear removes it', async () => {
    vi.stubEnv('LOG_LEVEL', 'debug');
    const lines: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((line: string) => void lines.push(String(line)));
    vi.spyOn(console, 'error').mockImplementation((line: string) => void lines.push(String(line)));
    const { app, db, staff } = await createStaffApp('admin');
    const admin = staff('admin').cookie;

    const set = await putSettings(app, admin, bodyOf(await getSettings(app, admin), { email: { smtpHost: 'smtp.example.com', smtpUsername: 'mailer', smtpPassword: SMTP_SECRET } }));
    expect(set.status).toBe(200);
    const setText = await set.text();
    expect(setText).not.toContain(SMTP_SECRET);
    expect((JSON.parse(setText) as { settings: SettingsAnswer }).settings.email).toMatchObject({ smtpHost: 'smtp.example.com', smtpPasswordSet: true });
    expect((JSON.parse(setText) as { settings: SettingsAnswer }).settings.email).not.toHaveProperty('smtpPassword');

    const read = await staffRequest(app, '/api/settings', admin);
    const readText = await read.text();
    expect(readText).not.toContain(SMTP_SECRET);
    expect((JSON.parse(readText) as SettingsAnswer).email.smtpPasswordSet).toBe(true);

    const raw = async () => (await db.doc.send(new GetCommand({ TableName: db.table, Key: keys.settings(), ConsistentRead: true }))).Item!;
    const stored = await raw();
    expect(JSON.stringify(stored)).not.toContain(SMTP_SECRET);
    const sealed = (stored.email as { smtpPasswordSealed: string }).smtpPasswordSealed;
    expect(sealed).toMatch(/^v1:/);

    // Blank keeps the stored one.
    const kept = await change(app, admin, { email: { smtpPassword: '', smtpHost: 'smtp2.example.com' } });
    expect(kept.email.smtpPasswordSet).toBe(true);
    expect(((await raw()).email as { smtpPasswordSealed: string }).smtpPasswordSealed).toBe(sealed);
    // Absent keeps it too.
    expect((await change(app, admin, { system: { dataRetentionDays: 400 } })).email.smtpPasswordSet).toBe(true);
    // Cleared on request.
    const cleared = await change(app, admin, {}, { smtpPasswordClear: true });
    expect(cleared.email.smtpPasswordSet).toBe(false);
    expect((await raw()).email).not.toHaveProperty('smtpPasswordSealed');

    const audit = await staffRequest(app, '/api/audit-log?entityId=settings&limit=100', admin);
    expect(audit.status).toBe(200);
    const auditText = await audit.text();
    expect(auditText).not.toContain(SMTP_SECRET);
    expect(auditText).not.toContain(sealed);
    const entries = (JSON.parse(auditText) as Page<AuditEntry>).items;
    expect(entries).toHaveLength(4);
    const first = entries.at(-1)!;
    expect(first).toMatchObject({ entity: 'Settings', action: 'update', entityId: 'settings' });
    expect(first.changes['email.smtpPassword']).toEqual({ before: null, after: '••••' });
    expect(first.changes['email.smtpHost']).toEqual({ before: '', after: 'smtp.example.com' });
    expect(entries[0]!.changes['email.smtpPassword']).toEqual({ before: '••••', after: null });
    expect(entries[1]!.changes).toEqual({ 'system.dataRetentionDays': { before: 365, after: 400 } });

    expect(lines.some((line) => line.includes('settings updated'))).toBe(true);
    expect(lines.join('\n')).not.toContain(SMTP_SECRET);
  });

  it('a host without field crypto answers 503 for a new password, and saves the rest', async () => {
    const { app, db } = await createTestApp({ fieldCrypto: undefined });
    const { cookie } = await signedInStaff(app, db, 'admin');
    const current = await getSettings(app, cookie);
    const refused = await putSettings(app, cookie, bodyOf(current, { email: { smtpPassword: SMTP_SECRET } }));
    expect(refused.status).toBe(503);
    expect((await getSettings(app, cookie)).version).toBe(current.version);
    expect((await change(app, cookie, { email: { smtpHost: 'smtp.example.com' } })).email.smtpPasswordSet).toBe(false);
  });
});

describe('what the settings do', () => {
  it('company name, phone and email show on GET /api/site at once', async () => {
    const { app, staff } = await createStaffApp('admin');
    const before = await json<SiteInfo>(app.request('/api/site'));
    expect(before.maintenanceMode).toBe(false);
    await change(app, staff('admin').cookie, { company: { companyName: 'Godavari Interiors', companyPhone: '+91 90000 12345', companyEmail: 'hello@godavari.example' } });
    const response = await app.request('/api/site');
    expect(response.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=60');
    expect(await response.json()).toMatchObject({ companyName: 'Godavari Interiors', companyPhone: '+91 90000 12345', companyEmail: 'hello@godavari.example', social: before.social });
  });

  it('maintenanceMode: the public forms answer 503 with Retry-After, the site says so, the portal keeps working', async () => {
    const { app, staff } = await createStaffApp('admin');
    const admin = staff('admin').cookie;
    await change(app, admin, { system: { maintenanceMode: true } });
    for (const [path, body] of [
      ['/api/contact', validContact],
      ['/api/calculator', validEstimate],
    ] as const) {
      const response = await postJson(app, path, { ...body, phone: uniquePhone('9') });
      expect(response.status).toBe(503);
      expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await response.json()).toEqual({ error: MAINTENANCE_MESSAGE });
    }
    expect((await json<SiteInfo>(app.request('/api/site'))).maintenanceMode).toBe(true);
    expect((await staffRequest(app, '/api/leads', admin)).status).toBe(200);
    await change(app, admin, { system: { maintenanceMode: false } });
    expect((await postForm(app, '/api/contact', { ...validContact, phone: uniquePhone('9') })).status).toBe(201);
    expect((await json<SiteInfo>(app.request('/api/site'))).maintenanceMode).toBe(false);
  });

  it('sessionTimeout applies to the next request of a session already open', async () => {
    const { app, clock, staff } = await createStaffApp('admin');
    const admin = staff('admin').cookie;
    clock.advance(6 * 60_000);
    // The default 30 minutes: still signed in (and the session is touched).
    expect((await staffRequest(app, '/api/settings', admin)).status).toBe(200);
    await change(app, admin, { security: { sessionTimeout: 5 } });
    clock.advance(6 * 60_000);
    const expired = await staffRequest(app, '/api/settings', admin);
    expect(expired.status).toBe(401);
    expect(await expired.json()).toEqual({ error: 'Your session has expired. Please sign in again.' });
  });

  it('maxLoginAttempts sets the lockout', async () => {
    const { app, db, staff } = await createStaffApp('admin');
    await change(app, staff('admin').cookie, { security: { maxLoginAttempts: 3 } });
    const { employee } = await signedInStaff(app, db, 'employee');
    for (let attempt = 1; attempt <= 3; attempt++) {
      expect((await login(app, employee.email, `wrong-${attempt}-password`)).response.status).toBe(401);
    }
    expect((await login(app, employee.email, STAFF_PASSWORD)).response.status).toBe(429);
  });

  it('passwordMinLength applies to a new employee and to a changed password', async () => {
    const { app, staff } = await createStaffApp('admin', 'employee');
    await change(app, staff('admin').cookie, { security: { passwordMinLength: 12 } });
    const created = await staffRequest(app, '/api/users', staff('admin').cookie, {
      method: 'POST',
      body: { name: 'Kavya Reddy', email: `kavya-${uniquePhone()}@kaveri-studio.in`, password: 'Eleven-char', phone: '+91 98480 22334', hireDate: '2025-06-01' },
    });
    expect(created.status).toBe(400);
    expect((await json<{ fields: Record<string, string> }>(created)).fields).toEqual({ password: 'Password must be at least 12 characters' });
    const changed = await staffRequest(app, '/api/auth/change-password', staff('employee').cookie, { method: 'POST', body: { currentPassword: STAFF_PASSWORD, newPassword: 'Eleven-char' } });
    expect(changed.status).toBe(400);
    expect(await changed.json()).toEqual({ error: 'Validation failed', fields: { newPassword: 'New password must be at least 12 characters' } });
    const long = await staffRequest(app, '/api/auth/change-password', staff('employee').cookie, { method: 'POST', body: { currentPassword: STAFF_PASSWORD, newPassword: 'Twelve-chars' } });
    expect(long.status).toBe(200);
  });

  it('Business reaches Quotations and Finance: validity, margin threshold, tax rate, fiscal year start', async () => {
    const { app, db, staff } = await createStaffApp('admin', 'manager');
    await change(app, staff('admin').cookie, { business: { quotationValidityDays: 45, defaultTaxRate: 12, quoteMarginThreshold: 35, fiscalYearStart: '01-01' } });
    expect(await json(staffRequest(app, '/api/quotations/defaults', staff('manager').cookie))).toMatchObject({ validityDays: 45, marginThreshold: 35 });
    const report = await json<FinanceReport>(staffRequest(app, '/api/finance/reports', staff('manager').cookie));
    expect(report.months[0]).toMatchObject({ month: `${calendarDate(Date.now()).slice(0, 4)}-01` });
    const quote = await staffRequest(app, '/api/quotations', staff('manager').cookie, {
      method: 'POST',
      body: {
        clientDetails: { name: 'Meera Nair', phone: uniquePhone('9'), projectType: '3BHK' },
        rows: [{ usageArea: 'Living', item: 'TV Unit', unit: 'QTY', quantity: 1, unitPrice: 1000 }],
      },
    });
    expect(quote.status, await quote.clone().text()).toBe(201);
    const today = calendarDate(Date.now());
    expect((await json<Quotation>(quote)).validUntil).toBe(addDays(today, 45));

    const ctx = systemContext(new Date().toISOString());
    const customer = await createCustomer(db, { ...customerInput, phone: uniquePhone('7') }, ctx);
    const result = await createProject(db, { ...projectInput(customer.id), estimatedBudget: 1_000_000 }, ctx);
    if (!('project' in result)) throw new Error('project not created');
    const detail = await json<ProjectFinancialDetail>(staffRequest(app, `/api/finance/projects/${result.project.id}`, staff('manager').cookie));
    expect(detail.stages[0]).toMatchObject({ name: 'Advance', amount: 200_000, tax: 24_000 });
  });

  it('a save moves a field an older version kept at the top of the item into its group, where readers find the saved value', async () => {
    const { app, db, staff } = await createStaffApp('admin');
    await db.doc.send(
      new PutCommand({ TableName: db.table, Item: { ...keys.settings(), entityType: 'Settings', version: 1, defaultTaxRate: 5, passwordMinLength: 20 } }),
    );
    expect(await taxRate(db)).toBe(5);
    // GET shows what the readers use.
    expect((await getSettings(app, staff('admin').cookie)).security.passwordMinLength).toBe(20);
    const saved = await change(app, staff('admin').cookie, { business: { defaultTaxRate: 12 } });
    expect(saved.security.passwordMinLength).toBe(20);
    expect(await taxRate(db)).toBe(12);
    const { Item } = await db.doc.send(new GetCommand({ TableName: db.table, Key: keys.settings(), ConsistentRead: true }));
    expect(Item).not.toHaveProperty('defaultTaxRate');
    expect(Item).not.toHaveProperty('passwordMinLength');
    expect(Item!.security).toMatchObject({ passwordMinLength: 20 });
  });

  it('logLevel and debugMode set the server\'s log level from the next request', async () => {
    vi.stubEnv('LOG_LEVEL', 'info');
    const lines: { level: string; message: string; path?: string }[] = [];
    vi.spyOn(console, 'log').mockImplementation((line: string) => void lines.push(JSON.parse(line) as (typeof lines)[number]));
    vi.spyOn(console, 'error').mockImplementation((line: string) => void lines.push(JSON.parse(line) as (typeof lines)[number]));
    const { app, staff } = await createStaffApp('admin');
    const admin = staff('admin').cookie;
    const debugLinesOf = async (path: string) => {
      lines.length = 0;
      await app.request(path);
      return lines.filter((line) => line.level === 'debug' && line.path === path);
    };
    expect(await debugLinesOf('/api/site')).toEqual([]);
    await change(app, admin, { system: { logLevel: 'debug' } });
    expect(await debugLinesOf('/api/site')).toHaveLength(1);
    await change(app, admin, { system: { logLevel: 'info' } });
    expect(await debugLinesOf('/api/site')).toEqual([]);
    await change(app, admin, { system: { debugMode: true, logLevel: 'error' } });
    expect(await debugLinesOf('/api/site')).toHaveLength(1);
    // error only: the save's own info line is not written.
    lines.length = 0;
    await change(app, admin, { system: { debugMode: false, logLevel: 'error' } });
    expect(lines.filter((line) => line.message === 'settings updated')).toEqual([]);
    expect(await debugLinesOf('/api/site')).toEqual([]);
  });
});
