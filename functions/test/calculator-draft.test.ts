import { beforeAll, describe, expect, it } from 'vitest';
import type { CalculatorResult } from '@app/shared-types/api';
import { PACKAGE_RULE_MESSAGES, type PackageRule, type PackageRulesAnswer } from '@app/shared-types/package-rules';
import type { Quotation } from '@app/shared-types/quotations';
import type { Db } from '../src/db/client';
import { systemContext } from '../src/db/entity';
import { runOutboxSender } from '../src/jobs/outbox';
import { findLeadIdByPhone } from '../src/leads/lead-repo';
import { seedFirstStart } from '../src/local/seed';
import { listQuotations } from '../src/quotations/quotation-repo';
import { createCalculatorDraft } from '../src/quotations/package-rules-repo';
import { createTestApp, json, postForm, signedInStaff, staffRequest, uniquePhone, validEstimate, type TestApp, type TestClock } from './helpers';
import { TASK_RUNNERS } from '../src/jobs/tasks';

/** Issue 26, acceptance 4: a calculator lead has a draft quote whose total lies in the shown range. */

let app: TestApp;
let db: Db;
let clock: TestClock;
let admin: string;
let employee: string;

/** The sender never mails here (no SMTP host is set): a mailer it asks for fails the test. */
const noMail = () => Promise.reject(new Error('no mail expected'));
const send = () => runOutboxSender(db, clock.now(), { tasks: TASK_RUNNERS, mailer: noMail, limit: 200 });

beforeAll(async () => {
  ({ app, db, clock } = await createTestApp());
  await seedFirstStart(db);
  admin = (await signedInStaff(app, db, 'admin')).cookie;
  employee = (await signedInStaff(app, db, 'employee')).cookie;
}, 60_000);

async function quotesOf(leadId: string): Promise<Quotation[]> {
  return (await listQuotations(db, { leadId, limit: 50 })).items;
}

async function submit(answers: Partial<typeof validEstimate> = {}) {
  const phone = uniquePhone();
  const response = await postForm(app, '/api/calculator', { ...validEstimate, ...answers, phone });
  expect(response.status).toBe(201);
  const estimate = (await response.json()) as CalculatorResult;
  const leadId = await findLeadIdByPhone(db, phone, true);
  if (!leadId) throw new Error('no lead');
  return { estimate, leadId, phone };
}

describe("a calculator lead's draft quotation", () => {
  it('is made from the package rules, linked to the lead, a draft whose total lies in the range shown', async () => {
    const { estimate, leadId } = await submit({ bhk: '2bhk', area: 1100, material: 'luxury', rooms: 'all' });
    await send();
    const [quote, ...more] = await quotesOf(leadId);
    expect(more).toHaveLength(0);
    expect(quote).toMatchObject({ id: estimate.id, status: 'draft', leadId, clientDetails: { name: validEstimate.name, projectType: '2BHK', email: validEstimate.email } });
    expect(quote!.rows.length).toBeGreaterThan(0);
    expect(quote!.rows.every((row) => row.unitPrice > 0 && row.costPrice !== null)).toBe(true);
    expect(quote!.grandTotal).toBeGreaterThanOrEqual(estimate.minCost);
    expect(quote!.grandTotal).toBeLessThanOrEqual(estimate.maxCost);
    // The salesperson edits and sends it as any draft.
    const opened = await json<Quotation>(staffRequest(app, `/api/quotations/${quote!.id}`, admin));
    expect(opened.quotationNumber).toMatch(/\/\d{4}$/);
  }, 60_000);

  it('is made once per submission: a sender running again, or the task again, makes no second one', async () => {
    const { estimate, leadId } = await submit({ rooms: 'kitchen' });
    await send();
    await send();
    const event = { kind: 'lead.draft_quote', leadId, submissionId: estimate.id, name: 'Ananya Iyer', phone: '9000000000', email: '', city: 'Hyderabad', bhk: '3bhk', area: 1450, material: 'premium', rooms: 'kitchen', minCost: estimate.minCost, maxCost: estimate.maxCost } as const;
    expect(await createCalculatorDraft(db, event, systemContext(new Date(clock.now()).toISOString()), '2026-11-27')).toEqual({ exists: estimate.id });
    expect(await quotesOf(leadId)).toHaveLength(1);
  }, 60_000);

  it('is made for each calculator submission of a lead that enquires again, and for none of a contact form', async () => {
    const first = await submit();
    await postForm(app, '/api/calculator', { ...validEstimate, phone: first.phone, rooms: 'bedroom' });
    await postForm(app, '/api/contact', { firstName: 'Ananya', lastName: 'Iyer', email: 'ananya@example.com', phone: first.phone, message: 'Call me' });
    await send();
    expect(await quotesOf(first.leadId)).toHaveLength(2);
  }, 60_000);

  it('that misses the range shown flags its rule as out of step with the calculator', async () => {
    const { estimate, leadId } = await submit({ bhk: 'villa', material: 'basic', rooms: 'living' });
    // The range the visitor was shown, as if the calculator's rates had moved away from the rule.
    const event = { kind: 'lead.draft_quote', leadId, submissionId: `${estimate.id.slice(0, 30)}-miss`, name: 'Ananya Iyer', phone: '9000000000', email: '', city: 'Hyderabad', bhk: 'villa', area: 1450, material: 'basic', rooms: 'living', minCost: 1000, maxCost: 2000 } as const;
    const result = await createCalculatorDraft(db, event, systemContext(new Date(clock.now()).toISOString()), '2026-11-27');
    expect(result).toHaveProperty('created');
    const rules = await json<PackageRulesAnswer>(staffRequest(app, '/api/package-rules', employee));
    const rule = rules.items.find((item) => item.id === 'villa.basic.living');
    expect(rule?.outOfStep?.misses).toEqual([expect.objectContaining({ area: 1450, minCost: 1000, maxCost: 2000 })]);
    expect(rules.items.filter((item) => item.outOfStep !== null).map((item) => item.id)).toEqual(['villa.basic.living']);
  }, 60_000);
});

describe('/api/package-rules', () => {
  const put = (id: string, body: unknown, cookie = admin) => staffRequest(app, `/api/package-rules/${id}`, cookie, { method: 'PUT', body });

  it('lists every type, band and rooms rule for staff, at its default until saved', async () => {
    const { items } = await json<PackageRulesAnswer>(staffRequest(app, '/api/package-rules', employee));
    expect(items).toHaveLength(90);
    expect(items.find((item) => item.id === '1bhk.premium.all')).toMatchObject({ saved: false, version: 0, outOfStep: null });
  }, 60_000);

  it("saves an admin's lines, checked against the calculator on save", async () => {
    const { items } = await json<PackageRulesAnswer>(staffRequest(app, '/api/package-rules', admin));
    const rule = items.find((item) => item.id === '4bhk.premium.bedroom')!;
    const inStep = await put(rule.id, { lines: rule.lines, version: 0 });
    expect(inStep.status).toBe(200);
    const saved = (await inStep.json()) as PackageRule;
    expect(saved).toMatchObject({ saved: true, version: 1, outOfStep: null });
    // Twice the quantities: over the calculator's maximum at every area checked.
    const doubled = rule.lines.map((line) => ({ ...line, perSqft: line.perSqft * 2 }));
    const outOfStep = await json<PackageRule>(put(rule.id, { lines: doubled, version: 1 }));
    expect(outOfStep.version).toBe(2);
    expect(outOfStep.outOfStep?.misses.length).toBe(5);
    expect(outOfStep.outOfStep!.misses.every((miss) => miss.total > miss.maxCost)).toBe(true);
    // A line the library does not price is out of step too, and says which.
    const unknown = await json<PackageRule>(put(rule.id, { lines: [...rule.lines, { usageArea: 'Living', item: 'Hot Tub', finishType: 'Gold', perSqft: 1 }], version: 2 }));
    expect(unknown.outOfStep?.misses[0]?.unpriced).toContain('Hot Tub');
  }, 60_000);

  it('answers 409 to a stale version, 400 to bad lines, 404 to an unknown rule, 403 to a non-admin', async () => {
    const { items } = await json<PackageRulesAnswer>(staffRequest(app, '/api/package-rules', admin));
    const rule = items.find((item) => item.id === 'office.luxury.partial')!;
    const stale = await put(rule.id, { lines: rule.lines, version: 3 });
    expect(stale.status).toBe(409);
    expect(await stale.json()).toMatchObject({ error: PACKAGE_RULE_MESSAGES.stale, current: { id: rule.id, version: 0 } });
    const bad = await put(rule.id, { lines: [{ usageArea: 'Living', item: 'TV Unit', finishType: 'PU', perSqft: -1 }], version: 0 });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ fields: { 'lines[0].perSqft': 'Quantity per sq ft must be more than 0' } });
    expect((await put(rule.id, { lines: [], version: 0 })).status).toBe(400);
    expect((await put('penthouse.gold.all', { lines: rule.lines, version: 0 })).status).toBe(404);
    expect((await put(rule.id, { lines: rule.lines, version: 0 }, employee)).status).toBe(403);
  }, 60_000);
});
