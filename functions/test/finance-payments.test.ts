import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '@app/shared-types/api';
import type { AuditEntry } from '@app/shared-types/audit';
import { contributionOf, type FinanceSummary, type ProjectFinancialDetail, type Transaction, type VendorLedger, type VendorLedgerDetail } from '@app/shared-types/finance';
import { calendarDate } from '@app/shared-types/format';
import type { Vendor } from '@app/shared-types/vendors';
import { createCustomer } from '../src/customers/customer-repo';
import type { Db } from '../src/db/client';
import { systemContext } from '../src/db/entity';
import { keys } from '../src/db/keys';
import { createProject } from '../src/projects/project-repo';
import { upgradeLocalData } from '../src/local/upgrade-data';
import { createStaffApp, customerInput, json, projectInput, staffRequest, uniquePhone, type TestApp } from './helpers';

/** Issue 25: money in finance and vendors (vendor ledgers with GST, 'Record payment' with part payments, the Advance type, due dates). */

let app: TestApp;
let db: Db;
let manager: string;

const ctx = () => systemContext(new Date().toISOString());
const today = () => calendarDate(Date.now());
type Fields = { error: string; fields: Record<string, string> };

beforeAll(async () => {
  const test = await createStaffApp('manager');
  ({ app, db } = test);
  manager = test.staff('manager').cookie;
});

async function newVendor(target: TestApp = app, cookie = manager): Promise<Vendor> {
  return json<Vendor>(staffRequest(target, '/api/vendors', cookie, { method: 'POST', body: { name: `Deccan Stones ${uniquePhone()}`, category: 'flooring', phone: uniquePhone('8') } }));
}

async function newProject(target: Db = db, budget = 1_000_000) {
  const customer = await createCustomer(target, { ...customerInput, phone: uniquePhone('7') }, ctx());
  const result = await createProject(target, { ...projectInput(customer.id), name: 'Nair residence', estimatedBudget: budget }, ctx());
  if (!('project' in result)) throw new Error('project not created');
  return result.project;
}

const post = (body: Record<string, unknown>, target = app, cookie = manager) => staffRequest(target, '/api/transactions', cookie, { method: 'POST', body });
async function add(body: Record<string, unknown>, target = app, cookie = manager): Promise<Transaction> {
  const response = await post(body, target, cookie);
  expect(response.status, await response.clone().text()).toBe(201);
  return json<Transaction>(response);
}
const get = <T>(path: string, target = app, cookie = manager) => json<T>(staffRequest(target, path, cookie));
const pay = (tx: Pick<Transaction, 'id'>, body: Record<string, unknown>, target = app, cookie = manager) =>
  staffRequest(target, `/api/transactions/${tx.id}/payments`, cookie, { method: 'POST', body });

const bill = { type: 'expense', category: 'material_purchase', description: 'Italian marble', status: 'pending' };

describe('vendor ledgers include GST (issue 25)', () => {
  it('outstanding is what is owed with GST: ₹48,500.50 + ₹8,730.09 GST shows ₹57,230.59', async () => {
    const vendor = await newVendor();
    await add({ ...bill, amount: 48_500.5, taxAmount: 8_730.09, vendorId: vendor.id });
    await add({ ...bill, amount: 1000, taxAmount: 180, status: 'completed', vendorId: vendor.id });
    const ledger = await get<VendorLedgerDetail>(`/api/finance/vendors/${vendor.id}`);
    expect(ledger).toMatchObject({ totalPayable: 58_410.59, totalPaid: 1180, outstandingAmount: 57_230.59, transactionCount: 2, badge: 'Payment Due' });
    const listed = (await get<Page<VendorLedger>>('/api/finance/vendors?limit=100')).items.find((item) => item.vendorId === vendor.id);
    expect(listed).toMatchObject({ outstandingAmount: 57_230.59 });
    const csv = await (await staffRequest(app, '/api/finance/export/vendors', manager)).text();
    expect(csv).toContain(`${vendor.name},58410.59,1180,57230.59`);
    // The vendor's own total is what its orders ask, GST included.
    expect((await get<Page<Vendor>>(`/api/vendors?q=${encodeURIComponent(vendor.phone)}`)).items[0]).toMatchObject({ totalOrders: 2, totalAmount: 58_410.59 });
  });

  it('ledgers kept before GST was counted get it from the data upgrade, once', async () => {
    const { app: fresh, db: freshDb, staff } = await createStaffApp('manager');
    const cookie = staff('manager').cookie;
    const vendor = await newVendor(fresh, cookie);
    await add({ ...bill, amount: 48_500.5, taxAmount: 8_730.09, vendorId: vendor.id }, fresh, cookie);
    await add({ ...bill, amount: 1000, taxAmount: 180, status: 'completed', vendorId: vendor.id }, fresh, cookie);
    // An Advance demand as raised before issue 25: income.
    const oldAdvance = await add({ type: 'income', category: 'project_advance', stageName: 'Advance', amount: 20_000, taxAmount: 3600, description: 'Advance (20%)' }, fresh, cookie);
    // As a ledger and vendor item kept before issue 25 hold them: no GST, and the table at data version 9.
    await freshDb.doc.send(new UpdateCommand({ TableName: freshDb.table, Key: keys.financeVendor(vendor.id), UpdateExpression: 'REMOVE payableTax, paidTax, taxCounted' }));
    await freshDb.doc.send(new UpdateCommand({ TableName: freshDb.table, Key: keys.vendor(vendor.id), UpdateExpression: 'SET totalAmount = :net', ExpressionAttributeValues: { ':net': 49_500.5 } }));
    await freshDb.doc.send(new UpdateCommand({ TableName: freshDb.table, Key: keys.dataVersion(), UpdateExpression: 'SET version = :v, entityType = :t', ExpressionAttributeValues: { ':v': 9, ':t': 'DataVersion' } }));
    expect(await get<VendorLedgerDetail>(`/api/finance/vendors/${vendor.id}`, fresh, cookie)).toMatchObject({ outstandingAmount: 48_500.5 });

    await upgradeLocalData(freshDb);
    const expected = { totalPayable: 58_410.59, totalPaid: 1180, outstandingAmount: 57_230.59 };
    expect(await get<VendorLedgerDetail>(`/api/finance/vendors/${vendor.id}`, fresh, cookie)).toMatchObject(expected);
    expect((await get<Page<Vendor>>(`/api/vendors?q=${encodeURIComponent(vendor.phone)}`, fresh, cookie)).items[0]).toMatchObject({ totalAmount: 58_410.59 });
    expect((await get<Page<Transaction>>('/api/transactions?type=advance', fresh, cookie)).items.map((tx) => tx.id)).toEqual([oldAdvance.id]);
    expect((await get<Page<Transaction>>('/api/transactions?type=income', fresh, cookie)).items).toEqual([]);
    expect(await get<FinanceSummary>('/api/finance/summary', fresh, cookie)).toMatchObject({ pendingReceivables: 20_000 });
    // Again (a marker set back, a second start): nothing counted twice.
    await freshDb.doc.send(new UpdateCommand({ TableName: freshDb.table, Key: keys.dataVersion(), UpdateExpression: 'SET version = :v', ExpressionAttributeValues: { ':v': 9 } }));
    await upgradeLocalData(freshDb);
    expect(await get<VendorLedgerDetail>(`/api/finance/vendors/${vendor.id}`, fresh, cookie)).toMatchObject(expected);
    expect((await get<Page<Vendor>>(`/api/vendors?q=${encodeURIComponent(vendor.phone)}`, fresh, cookie)).items[0]).toMatchObject({ totalAmount: 58_410.59 });
  }, 30_000);
});

describe("'Record payment' (issue 25)", () => {
  it('a part payment leaves the rest pending, lists the payments, moves the figures; the last one completes it', async () => {
    const { app: fresh, staff } = await createStaffApp('manager', 'admin');
    const cookie = staff('manager').cookie;
    const vendor = await newVendor(fresh, cookie);
    const tx = await add({ ...bill, amount: 10_000, taxAmount: 1800, vendorId: vendor.id, dueDate: '2099-01-01' }, fresh, cookie);

    const first = await pay(tx, { date: today(), method: 'upi', reference: 'UTR 4521 8890', amount: 5900, version: 1 }, fresh, cookie);
    expect(first.status, await first.clone().text()).toBe(200);
    const part = await json<Transaction>(first);
    expect(part).toMatchObject({ status: 'pending', version: 2, payments: [{ date: today(), method: 'upi', reference: 'UTR 4521 8890', amount: 5900 }] });
    // 5,900 of 11,800 paid: half the amount and half the GST.
    expect(contributionOf(part)).toMatchObject({ expense: 5000, gstPaid: 900, payable: 5000 });
    expect(await get<VendorLedgerDetail>(`/api/finance/vendors/${vendor.id}`, fresh, cookie)).toMatchObject({ totalPayable: 11_800, totalPaid: 5900, outstandingAmount: 5900, badge: 'Payment Due' });
    expect(await get<FinanceSummary>('/api/finance/summary', fresh, cookie)).toMatchObject({ totalExpenses: 5000, pendingPayables: 5000, gstPaid: 900 });

    // A stale version, more than what is left, a transaction that is not pending.
    const stale = await pay(tx, { date: today(), method: 'upi', amount: 100, version: 1 }, fresh, cookie);
    expect(stale.status).toBe(409);
    const tooMuch = await pay(tx, { date: today(), method: 'cheque', reference: '000123', amount: 5900.01, version: 2 }, fresh, cookie);
    expect(tooMuch.status).toBe(400);
    expect((await json<Fields>(tooMuch)).fields).toEqual({ amount: 'The payment is more than what is left to pay (₹5,900)' });
    const missing = await pay(tx, { version: 2 }, fresh, cookie);
    expect(missing.status).toBe(400);
    expect(Object.keys((await json<Fields>(missing)).fields).sort()).toEqual(['amount', 'date', 'method']);

    const last = await json<Transaction>(await pay(tx, { date: today(), method: 'cheque', reference: '000123', amount: 5900, version: 2 }, fresh, cookie));
    expect(last).toMatchObject({ status: 'completed', version: 3 });
    expect(last.payments.map((payment) => payment.amount)).toEqual([5900, 5900]);
    expect(await get<VendorLedgerDetail>(`/api/finance/vendors/${vendor.id}`, fresh, cookie)).toMatchObject({ totalPaid: 11_800, outstandingAmount: 0, badge: 'Cleared' });
    expect(await get<FinanceSummary>('/api/finance/summary', fresh, cookie)).toMatchObject({ totalExpenses: 10_000, pendingPayables: 0, gstPaid: 1800, overduePayments: 0 });
    const done = await pay(tx, { date: today(), method: 'cash', amount: 1, version: 3 }, fresh, cookie);
    expect(done.status).toBe(409);

    // Each payment is one audited write.
    const audit = await get<Page<AuditEntry>>(`/api/audit-log?entityId=${tx.id}`, fresh, staff('admin').cookie);
    const updates = audit.items.filter((entry) => entry.action === 'update');
    expect(updates).toHaveLength(2);
    expect(updates.map((entry) => entry.changes.status?.after).filter(Boolean)).toEqual(['completed']);
  });

  it("a stage's part payment shows as partly received; an edit cannot take the amount below what was paid", async () => {
    const project = await newProject(db, 100_000);
    const demand = await json<Transaction>(staffRequest(app, `/api/finance/projects/${project.id}/stages/demand`, manager, { method: 'POST', body: { stageName: 'Design Approval' } }));
    // 30,000 + 5,400 GST asked; 11,800 paid = 10,000 of the amount.
    const paid = await json<Transaction>(await pay(demand, { date: today(), method: 'bank_transfer', reference: 'UTR 99', amount: 11_800, version: 1 }));
    const stages = (await get<ProjectFinancialDetail>(`/api/finance/projects/${project.id}`)).stages;
    expect(stages[1]).toMatchObject({ received: 10_000, state: 'partly_received' });
    const { id: _i, transactionId: _t, userId: _u, projectName: _p, customerName: _c, vendorName: _v, recurringSourceId: _r, createdAt: _a, updatedAt: _b, payments: _m, ...fields } = paid;
    const edit = await staffRequest(app, `/api/transactions/${paid.id}`, manager, { method: 'PUT', body: { ...fields, amount: 5000, taxAmount: 0 } });
    expect(edit.status).toBe(400);
    expect((await json<Fields>(edit)).fields.amount).toMatch(/already paid/);
  });
});

describe('the Advance type (issue 25)', () => {
  it("the Advance stage's demand is an advance: the 'Advance' type filter finds it", async () => {
    const project = await newProject();
    const raised = await json<Transaction>(staffRequest(app, `/api/finance/projects/${project.id}/stages/demand`, manager, { method: 'POST', body: { stageName: 'Advance' } }));
    expect(raised).toMatchObject({ type: 'advance', category: 'project_advance', stageName: 'Advance', status: 'pending' });
    const advances = await get<Page<Transaction>>(`/api/transactions?type=advance&projectId=${project.id}`);
    expect(advances.items.map((tx) => tx.id)).toEqual([raised.id]);
    const other = await json<Transaction>(staffRequest(app, `/api/finance/projects/${project.id}/stages/demand`, manager, { method: 'POST', body: { stageName: 'Final Handover' } }));
    expect(other.type).toBe('income');
  });
});

describe('due dates (issue 25)', () => {
  it('a due date before the transaction date is refused with a field message', async () => {
    const before = await post({ ...bill, amount: 100, transactionDate: '2026-03-10', dueDate: '2026-03-09' });
    expect(before.status).toBe(400);
    expect((await json<Fields>(before)).fields).toEqual({ dueDate: 'Due date cannot be before the transaction date' });
    // No date sent: the date is today.
    const past = await post({ ...bill, amount: 100, dueDate: '2020-01-01' });
    expect(past.status).toBe(400);
    expect((await json<Fields>(past)).fields).toEqual({ dueDate: 'Due date cannot be before the transaction date' });
    expect((await post({ ...bill, amount: 100, transactionDate: '2026-03-10', dueDate: '2026-03-10' })).status).toBe(201);
    const tx = await add({ ...bill, amount: 100, transactionDate: '2026-03-10' });
    const { id: _i, transactionId: _t, userId: _u, projectName: _p, customerName: _c, vendorName: _v, recurringSourceId: _r, createdAt: _a, updatedAt: _b, payments: _m, ...fields } = tx;
    const edit = await staffRequest(app, `/api/transactions/${tx.id}`, manager, { method: 'PUT', body: { ...fields, dueDate: '2026-01-01' } });
    expect(edit.status).toBe(400);
    expect((await json<Fields>(edit)).fields).toEqual({ dueDate: 'Due date cannot be before the transaction date' });
  });
});
