import { beforeAll, describe, expect, it } from 'vitest';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Quotation, QuotationSendResult } from '@app/shared-types/quotations';
import { declaredRoutes } from '../src/app';
import type { Db } from '../src/db/client';
import { keys } from '../src/db/keys';
import { PDF_KEY_ACCESS } from '../src/handlers/pdf-access';
import { routeKey } from '../src/lib/route-access';
import { renderQuotationPdf } from '../src/quotations/pdf';
import { createTestApp, signedInStaff, staffRequest, uniquePhone, type TestApp } from './helpers';
import { refusedCalls, rolePolicy, unusedGrants, type RecordedCall } from './iam/recorder';
import type { callRecorder } from './iam/recorder';

/**
 * The IAM replay of the PDF function (handlers/pdf.ts): every DynamoDB call
 * the two routes API Gateway sends it make, for staff and through the share
 * link, found or not, with a session that is touched and one that has idled
 * out, is checked against its role as synthesized (infra/pdf-role-policy.json,
 * which infra grants from PDF_KEY_ACCESS).
 */

const PDF_ROLE = rolePolicy('pdf');

let app: TestApp;
let db: Db;
let clock: Awaited<ReturnType<typeof createTestApp>>['clock'];
let calls: RecordedCall[];
let served: ReturnType<typeof callRecorder>['served'];
let cookie: string;
let quote: Quotation;
let token: string;

beforeAll(async () => {
  const test = await createTestApp({ renderQuotationPdf });
  ({ app, clock, db } = test);
  ({ cookie } = await signedInStaff(app, db, 'manager'));
  // Made through the admin routes, which are not recorded.
  const created = await staffRequest(app, '/api/quotations', cookie, {
    method: 'POST',
    body: { clientDetails: { name: 'Meera Nair', phone: uniquePhone('9'), projectType: '3BHK' }, rows: [{ usageArea: 'Kitchen', item: 'Base cabinets', unit: 'QTY', quantity: 2, unitPrice: 18_500 }] },
  });
  expect(created.status).toBe(201);
  quote = (await created.json()) as Quotation;
  const sent = await staffRequest(app, `/api/quotations/${quote.id}/send`, cookie, { method: 'POST', body: { version: quote.version, confirmLowMargin: true } });
  expect(sent.status).toBe(200);
  token = ((await sent.json()) as QuotationSendResult).sharePath.slice('/q/'.length);
  ({ calls, served } = test.replay);
});

const get = async (path: string, status: number, withSession = true) => {
  const response = await staffRequest(app, path, withSession ? cookie : undefined);
  expect(response.status, path).toBe(status);
  if (status === 200) {
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await response.arrayBuffer()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  }
};

describe('the PDF routes as staff and clients use them', () => {
  it('render for staff, touch the session after a minute, and refuse an unknown quote or no session', async () => {
    await get(`/api/quotations/${quote.id}/pdf`, 200);
    clock.advance(2 * 60_000);
    await get(`/api/quotations/${quote.id}/pdf`, 200);
    await get('/api/quotations/00000000-0000-4000-8000-000000000000/pdf', 404);
    await get(`/api/quotations/${quote.id}/pdf`, 401, false);
  });

  it("render a draft for a project with the project's payment plan (issue 25: a variation's terms)", async () => {
    const created = await staffRequest(app, '/api/quotations', cookie, {
      method: 'POST',
      body: { clientDetails: { name: 'Meera Nair', phone: uniquePhone('9'), projectType: '3BHK' }, projectId: '0f8fad5b-d9cb-469f-a165-70867728950e', rows: [{ item: 'Wardrobe', unit: 'QTY', unitPrice: 40_000 }] },
    });
    expect(created.status).toBe(201);
    await get(`/api/quotations/${((await created.json()) as Quotation).id}/pdf`, 200);
  });

  it('render through the share link, and refuse an unknown token', async () => {
    await get(`/api/quote-links/${token}/pdf`, 200, false);
    await get(`/api/quote-links/${'x'.repeat(43)}/pdf`, 404, false);
  });

  it("end the session of someone deactivated since signing in, and refuse an idle one", async () => {
    const leaver = await signedInStaff(app, db, 'employee');
    await db.doc.send(
      new UpdateCommand({ TableName: db.table, Key: keys.employee(leaver.employee.id), UpdateExpression: 'SET #status = :inactive', ExpressionAttributeNames: { '#status': 'status' }, ExpressionAttributeValues: { ':inactive': 'inactive' } }),
    );
    const response = await staffRequest(app, `/api/quotations/${quote.id}/pdf`, leaver.cookie);
    expect(response.status).toBe(401);
    clock.advance(24 * 60 * 60_000);
    await get(`/api/quotations/${quote.id}/pdf`, 401);
  });
});

describe('the PDF function role', () => {
  it('allows every DynamoDB call those requests made', () => {
    const pdfRoutes = declaredRoutes().declared.filter((route) => route.lambda === 'pdf').map(routeKey);
    expect([...(served.get('pdf') ?? [])].sort()).toEqual(pdfRoutes.sort());
    expect(calls.filter((call) => call.fn === 'pdf').length).toBeGreaterThan(5);
    expect(refusedCalls(calls, 'pdf', PDF_ROLE)).toEqual([]);
    expect(unusedGrants(calls, 'pdf', PDF_ROLE)).toEqual([]);
  });

  it('was exercised on every partition it grants: the replay is not vacuous', () => {
    const seen = new Set(
      calls.filter((call) => call.fn === 'pdf').flatMap((call) => call.requests.map((request) => `${request.action} ${request.leadingKeys[0]?.replace(/#.*/, '#*')}`)),
    );
    for (const key of PDF_KEY_ACCESS.read) expect(seen, key).toContain(`dynamodb:GetItem ${key}`);
    for (const key of PDF_KEY_ACCESS.sessions) {
      expect(seen, key).toContain(`dynamodb:UpdateItem ${key}`);
      expect(seen, key).toContain(`dynamodb:DeleteItem ${key}`);
    }
  });
});
