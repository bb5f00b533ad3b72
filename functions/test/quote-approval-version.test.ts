import { TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '@app/shared-types/api';
import type { Project } from '@app/shared-types/projects';
import type { PublicQuotation, Quotation, QuotationRevision, QuotationSendResult } from '@app/shared-types/quotations';
import { DEFAULT_PAYMENT_PLAN, withPlanTerms } from '@app/shared-types/quotation-terms';
import { createApp } from '../src/app';
import { staticSigningKey } from '../src/auth/signing-key';
import type { Db } from '../src/db/client';
import { keys } from '../src/db/keys';
import { createStaffApp, json, newVisitorIp, staffRequest, TEST_IP_HEADER, TEST_ORIGIN, testSigningKey, uniquePhone, type TestApp } from './helpers';

/**
 * Issue 24, medium 4: the client approves only what their page showed. The
 * link's page carries the quote's version and posts it back; a quote changed
 * since answers 409, and a money change on a sent quote makes a new revision,
 * back to draft, that the old link shows with a notice until it is sent again.
 */

const UPDATED = 'This quotation was updated; please review it again';
const RELOAD = 'This page is out of date. Please reload it to see the latest quotation.';

let app: TestApp;
let db: Db;
let employee: string;
let manager: string;

beforeAll(async () => {
  const test = await createStaffApp('employee', 'manager');
  ({ app, db } = test);
  [employee, manager] = [test.staff('employee').cookie, test.staff('manager').cookie];
});

type Fields = { error: string; fields?: Record<string, string> };
const row = (fields: Record<string, unknown> = {}) => ({ usageArea: 'Living', item: 'TV Unit', unit: 'QTY', quantity: 1, unitPrice: 1000, ...fields });

/** A quote sent to its client: the quote as sent and its link's token. */
async function sentQuote(): Promise<{ quote: Quotation; token: string }> {
  const body = { clientDetails: { name: 'Meera Nair', phone: uniquePhone('9'), projectType: '3BHK' }, rows: [row()], notes: 'Valid for 30 days.' };
  const created = await json<Quotation>(staffRequest(app, '/api/quotations', employee, { method: 'POST', body }));
  const sent = await json<QuotationSendResult>(staffRequest(app, `/api/quotations/${created.id}/send`, employee, { method: 'POST', body: { version: created.version, confirmLowMargin: true } }));
  return { quote: sent.quotation, token: sent.sharePath.slice(3) };
}

/** The builder's save of `quote` with `fields` changed, at the version the editor read. */
function save(quote: Quotation, fields: Record<string, unknown>, target = app) {
  const { title, clientDetails, rows, discount, notes, status, leadId, customerId, projectId, quotationDate, validUntil, version } = quote;
  const body = { title, clientDetails, rows: rows.map(({ total: _t, costPrice: _c, ...kept }) => kept), discount, notes, status, leadId, customerId, projectId, quotationDate, validUntil, version, ...fields };
  return staffRequest(target, `/api/quotations/${quote.id}`, employee, { method: 'PUT', body });
}

/** The client's page: no session, an address of its own. */
const view = async (token: string, target = app) => json<PublicQuotation>(target.request(`/api/quote-links/${token}`, { headers: { origin: TEST_ORIGIN, [TEST_IP_HEADER]: newVisitorIp() } }));
function answer(token: string, kind: 'approve' | 'request-changes', body: Record<string, unknown>, target = app) {
  return target.request(`/api/quote-links/${token}/${kind}`, {
    method: 'POST',
    headers: { origin: TEST_ORIGIN, [TEST_IP_HEADER]: newVisitorIp(), 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Meera Nair', comment: '', ...body }),
  });
}
const stored = (id: string) => json<Quotation>(staffRequest(app, `/api/quotations/${id}`, employee));

describe("the client's approval is bound to the version their page showed", () => {
  it('answers 409 to a page older than the quote, and approves with the version the page showed', async () => {
    const { quote, token } = await sentQuote();
    const shown = await view(token);
    expect([shown.version, shown.grandTotal, shown.status, shown.revisedAt]).toEqual([quote.version, 1000, 'sent', null]);

    // Staff reword the terms meanwhile: no money, so it stays sent (nothing to send again), but the page the client read is older.
    const reworded = await json<Quotation>(save(quote, { notes: 'Valid for 15 days.' }));
    expect([reworded.status, reworded.revisedAt, reworded.revisionCount]).toEqual(['sent', null, quote.revisionCount + 1]);
    for (const kind of ['approve', 'request-changes'] as const) {
      const stale = await answer(token, kind, { version: shown.version });
      expect(stale.status).toBe(409);
      expect(await json<Fields>(stale)).toEqual({ error: UPDATED });
    }
    const untouched = await stored(quote.id);
    expect([untouched.status, untouched.version, untouched.responses]).toEqual(['sent', reworded.version, []]);

    // Reloaded, the page shows the new terms and its version; approving it goes through.
    const again = await view(token);
    // Issue 25: the page prints the payment plan into the terms.
    expect([again.version, again.notes, again.revisedAt]).toEqual([reworded.version, withPlanTerms('Valid for 15 days.', DEFAULT_PAYMENT_PLAN), null]);
    const approved = await answer(token, 'approve', { version: again.version });
    expect(approved.status).toBe(200);
    expect((await json<PublicQuotation>(approved)).status).toBe('approved');
    const after = await stored(quote.id);
    expect(after.status).toBe('approved');
    const project = await json<Project>(staffRequest(app, `/api/projects/manage/${after.projectId}`, manager));
    expect(project.estimatedBudget).toBe(1000);
  });

  it('answers 400 to an answer without the version (a page from before it), telling the client to reload', async () => {
    const { quote, token } = await sentQuote();
    for (const kind of ['approve', 'request-changes'] as const) {
      const old = await answer(token, kind, {});
      expect(old.status).toBe(400);
      expect(await json<Fields>(old)).toEqual({ error: RELOAD, fields: { version: RELOAD } });
    }
    const wrong = await answer(token, 'approve', { version: 'latest' });
    expect(wrong.status).toBe(400);
    expect((await json<Fields>(wrong)).fields).toEqual({ version: RELOAD });
    expect((await stored(quote.id)).status).toBe('sent');
  });

  it('makes a money change on a sent quote a new revision in draft: the old link shows it with a notice and cannot approve until it is sent again', async () => {
    const { quote, token } = await sentQuote();
    const shown = await view(token);
    const repriced = await save(quote, { rows: [row({ unitPrice: 1500 })] });
    expect(repriced.status).toBe(200);
    const revised = await json<Quotation>(repriced);
    expect([revised.status, revised.grandTotal, revised.revisionCount, revised.shareToken]).toEqual(['draft', 1500, quote.revisionCount + 1, quote.shareToken]);
    expect(revised.revisedAt).toBe(revised.updatedAt);
    // The revision kept is the quote the client was sent.
    const revisions = await json<Page<QuotationRevision>>(staffRequest(app, `/api/quotations/${quote.id}/revisions`, employee));
    expect(revisions.items.map((r) => [r.quotation.grandTotal, r.quotation.status])[0]).toEqual([1000, 'sent']);

    // The old link: the new revision, with when it was revised; neither its old nor its new version approves.
    const now = await view(token);
    expect([now.status, now.grandTotal, now.version, now.revisedAt]).toEqual(['draft', 1500, revised.version, revised.revisedAt]);
    const old = await answer(token, 'approve', { version: shown.version });
    expect(old.status).toBe(409);
    expect(await json<Fields>(old)).toEqual({ error: UPDATED });
    const unsent = await answer(token, 'approve', { version: now.version });
    expect(unsent.status).toBe(409);
    expect((await json<Fields>(unsent)).error).toBe('This quotation is not open for approval: it is draft.');

    // Sent again (same link): the page shows it as sent, still with the notice, and approves the figures it shows.
    const resent = await json<QuotationSendResult>(staffRequest(app, `/api/quotations/${quote.id}/send`, employee, { method: 'POST', body: { version: revised.version, confirmLowMargin: true } }));
    expect(resent.sharePath).toBe(`/q/${token}`);
    const final = await view(token);
    expect([final.status, final.grandTotal, final.revisedAt]).toEqual(['sent', 1500, revised.revisedAt]);
    expect((await answer(token, 'approve', { version: final.version })).status).toBe(200);
    const approved = await stored(quote.id);
    const project = await json<Project>(staffRequest(app, `/api/projects/manage/${approved.projectId}`, manager));
    expect([approved.status, approved.grandTotal, project.estimatedBudget]).toEqual(['approved', 1500, 1500]);
  });

  it('counts the discount as money, and keeps a draft revised before it was first sent free of the notice', async () => {
    const { quote, token } = await sentQuote();
    const discounted = await json<Quotation>(save(quote, { discount: 10 }));
    expect([discounted.status, discounted.grandTotal, discounted.revisedAt]).toEqual(['draft', 900, discounted.updatedAt]);
    expect((await view(token)).revisedAt).toBe(discounted.updatedAt);

    const draft = await json<Quotation>(staffRequest(app, '/api/quotations', employee, { method: 'POST', body: { clientDetails: quote.clientDetails, rows: [row()] } }));
    const repriced = await json<Quotation>(save(draft, { rows: [row({ unitPrice: 1200 })] }));
    expect([repriced.status, repriced.revisedAt]).toEqual(['draft', null]);
  });
});

/**
 * `db` with `rival` run once, before the first transaction that writes the
 * item at `key`: another writer landing between the approval's read and its
 * commit.
 */
function rivalBeforeCommit(key: { pk: string; sk: string }, rival: () => Promise<void>): Db {
  let ran = false;
  const send = db.doc.send.bind(db.doc) as (command: unknown) => Promise<unknown>;
  const writes = (command: TransactWriteCommand) => (command.input.TransactItems ?? []).some((entry) => entry.Update?.Key?.pk === key.pk && entry.Update.Key.sk === key.sk);
  return {
    table: db.table,
    doc: {
      send: async (command: unknown) => {
        if (!ran && command instanceof TransactWriteCommand && writes(command)) {
          ran = true;
          await rival();
        }
        return send(command);
      },
    } as unknown as DynamoDBDocumentClient,
  };
}

describe('a staff save racing the client approval', () => {
  it('answers 409 when staff reprice the quote between the approval reading it and committing', async () => {
    const { quote, token } = await sentQuote();
    const shown = await view(token);
    const raced = createApp({ db: rivalBeforeCommit(keys.quotation(quote.id), async () => void (await save(quote, { rows: [row({ unitPrice: 2500 })] }))), clientIp: () => '203.0.113.9', signingKey: staticSigningKey(testSigningKey) });
    const approve = await answer(token, 'approve', { version: shown.version }, raced);
    expect(approve.status).toBe(409);
    expect(await json<Fields>(approve)).toEqual({ error: UPDATED });
    const after = await stored(quote.id);
    expect([after.status, after.grandTotal, after.projectId, after.responses]).toEqual(['draft', 2500, null, []]);
  });

  it('never approves a total the client did not see, whichever lands first', async () => {
    for (let round = 0; round < 12; round++) {
      const { quote, token } = await sentQuote();
      const shown = await view(token);
      // The save starts a little later each round, so it lands before, during and after the approval.
      const late = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
      const [approve, saved] = await Promise.all([
        answer(token, 'approve', { version: shown.version }),
        late(round * 25).then(() => save(quote, { rows: [row({ unitPrice: 3000 + round })] })),
      ]);
      const after = await stored(quote.id);
      if (approve.status === 200) {
        // The approval landed first: the figures the client saw, and the staff save was told it is stale.
        expect(saved.status).toBe(409);
        const project = await json<Project>(staffRequest(app, `/api/projects/manage/${after.projectId}`, manager));
        expect([after.status, after.grandTotal, project.estimatedBudget]).toEqual(['approved', shown.grandTotal, shown.grandTotal]);
      } else {
        expect(approve.status).toBe(409);
        expect(await json<Fields>(approve)).toEqual({ error: UPDATED });
        expect(saved.status).toBe(200);
        expect([after.status, after.grandTotal, after.projectId]).toEqual(['draft', 3000 + round, null]);
      }
    }
  }, 60_000);
});
