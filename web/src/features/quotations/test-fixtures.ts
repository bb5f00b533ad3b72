import { http, HttpResponse } from 'msw';
import type { Page } from '@app/shared-types/api';
import {
  DEFAULT_QUOTATION_NOTES,
  QUOTE_LINK_EXPIRED,
  QUOTE_LINK_INVALID,
  QUOTE_PAGE_OUTDATED,
  QUOTE_UPDATED,
  publicQuotationOf,
  quotationCreateSchema,
  quotationMargin,
  quotationTotals,
  rowTotal,
  type PublicQuotation,
  type Quotation,
  type QuotationInput,
  type QuotationRevision,
  type QuotationRow,
  type QuotationSendResult,
} from '@app/shared-types/quotations';
import { DEFAULT_PAYMENT_PLAN } from '@app/shared-types/quotation-terms';
import type { QuotationDefaults } from './api/get-quotation-defaults';

/** Quotations data and MSW handlers for the quotation tests (`handlers.push(...quotationHandlers())`). */

export const companyFixture: QuotationDefaults['company'] = {
  companyName: 'Kalpa Design Studio',
  companyAddress: 'Road No. 36, Jubilee Hills, Hyderabad 500033',
  companyPhone: '+91 98480 12345',
  companyEmail: 'hello@kalpa.example',
  gstNumber: '36ABCDE1234F1Z5',
  taxNumber: '',
  companyLogo: '',
};

export const defaultsFixture: QuotationDefaults = { validityDays: 30, marginThreshold: 20, notes: DEFAULT_QUOTATION_NOTES, company: companyFixture };

/** The rate library as the lookups answer it. */
export const USAGE_AREAS = ['Kitchen', 'Master Bedroom'];
export const UNITS = ['sq.ft', 'R.ft', 'QTY', 'LumpSum', 'SETS', 'Sheet'];
export const ITEMS: Record<string, { itemName: string; unit: string }[]> = {
  Kitchen: [
    { itemName: 'Base cabinet', unit: 'sq.ft' },
    { itemName: 'Loft', unit: 'R.ft' },
    { itemName: 'Chimney', unit: 'QTY' },
  ],
  'Master Bedroom': [{ itemName: 'Wardrobe', unit: 'sq.ft' }],
};
export const FINISHES: Record<string, string[]> = { 'Base cabinet': ['Laminate', 'Acrylic'], Loft: ['Laminate'], Chimney: [], Wardrobe: ['Laminate'] };
/** Prices by 'item/finish/brand' ('' for no brand); a missing one answers 404. */
export const PRICES: Record<string, { price: number; costPrice: number }> = {
  'Base cabinet/Laminate/': { price: 1450, costPrice: 1000 },
  'Base cabinet/Laminate/Century': { price: 1600, costPrice: 1300 },
  'Loft/Laminate/': { price: 900, costPrice: 600 },
  'Wardrobe/Laminate/': { price: 1350, costPrice: 950 },
};

export function makeRow(overrides: Partial<QuotationRow> & Pick<QuotationRow, 'id'>): QuotationRow {
  const row = {
    usageArea: 'Kitchen',
    item: 'Base cabinet',
    unit: 'sq.ft',
    finishType: 'Laminate',
    brand: '',
    length: 10,
    width: 2,
    quantity: 1,
    unitPrice: 1450,
    remarks: '',
    costPrice: 1000,
    ...overrides,
  };
  return { ...row, total: rowTotal(row) };
}

/** A quotation as the API answers it, its figures computed as the server does. */
export function makeQuotation(overrides: Partial<Quotation> & Pick<Quotation, 'id'>): Quotation {
  const rows = overrides.rows ?? [makeRow({ id: `${overrides.id}-r1` })];
  const discount = overrides.discount ?? 0;
  const margin = quotationMargin(rows, discount);
  return {
    title: '',
    clientDetails: { name: 'Srinivas Reddy', phone: '+91 98490 12345', email: 'srinivas@example.com', address: '', projectType: '3BHK', siteAddress: 'Gachibowli', community: 'My Home Avatar' },
    quotationDate: '2026-11-20',
    validUntil: '2099-12-20',
    status: 'draft',
    notes: DEFAULT_QUOTATION_NOTES,
    leadId: null,
    customerId: null,
    projectId: null,
    confirmLowMargin: false,
    quotationNumber: `KDS/2026-27/${overrides.id.replace(/\D/g, '').padStart(4, '0')}`,
    fiscalYear: '2026-27',
    ...quotationTotals(rows, discount),
    costTotal: margin.costTotal,
    marginPercent: margin.marginPercent,
    uncostedRows: margin.uncostedRows,
    revisionCount: 0,
    createdBy: 'user-admin',
    createdByName: 'Asha Rao',
    sentAt: null,
    approvedAt: null,
    approvedBy: null,
    rejectionReason: '',
    responses: [],
    lowMarginConfirmed: null,
    shareToken: null,
    revisedAt: null,
    issued: null,
    variation: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    version: 1,
    ...overrides,
    rows,
    discount,
  };
}

export const SHARE_TOKEN = 'a'.repeat(43);

export const quotationFixtures: Quotation[] = [
  makeQuotation({
    id: 'quote-1',
    title: 'Kitchen and wardrobes',
    rows: [
      makeRow({ id: 'q1-r1' }),
      makeRow({ id: 'q1-r2', item: 'Loft', unit: 'R.ft', length: 12, width: null, unitPrice: 900, costPrice: 600 }),
      makeRow({ id: 'q1-r3', usageArea: 'Master Bedroom', item: 'Wardrobe', length: 8, width: 7, unitPrice: 1350, costPrice: 950 }),
    ],
    discount: 5,
    revisionCount: 1,
  }),
  makeQuotation({
    id: 'quote-2',
    clientDetails: { name: 'Ayesha Khan', phone: '+91 90000 22222', email: '', address: '', projectType: '2BHK', siteAddress: 'Kondapur', community: '' },
    status: 'sent',
    sentAt: '2026-11-21T10:00:00.000Z',
    shareToken: SHARE_TOKEN,
  }),
  makeQuotation({
    id: 'quote-3',
    clientDetails: { name: 'Old Client', phone: '+91 90000 33333', email: '', address: '', projectType: '', siteAddress: '', community: '' },
    status: 'sent',
    validUntil: '2020-01-01',
  }),
];

/** The kept version 1 of quote-1: before the loft row, with another client phone, a lower price and no discount. */
export const revisionFixture: QuotationRevision = {
  quotationId: 'quote-1',
  revision: 1,
  replacedAt: '2026-11-21T09:30:00.000Z',
  replacedBy: 'Asha Rao',
  quotation: makeQuotation({
    id: 'quote-1',
    title: 'Kitchen and wardrobes',
    clientDetails: { ...quotationFixtures[0]!.clientDetails, phone: '+91 98490 00000' },
    rows: [makeRow({ id: 'q1-r1', unitPrice: 1300 }), makeRow({ id: 'q1-r3', usageArea: 'Master Bedroom', item: 'Wardrobe', length: 8, width: 7, unitPrice: 1350, costPrice: 950 }), makeRow({ id: 'q1-old', item: 'Chimney', unit: 'QTY', finishType: '', length: null, width: null, unitPrice: 18000, costPrice: null })],
  }),
};

/** What the server saves from an input: its figures and (for a new quote) a number. */
export function savedFrom(input: QuotationInput, base: Partial<Quotation> & Pick<Quotation, 'id'>): Quotation {
  const parsed = quotationCreateSchema.validateSync(input);
  const rows = parsed.rows.map((row, index) => makeRow({ ...row, id: row.id || `row-${index}`, costPrice: PRICES[`${row.item}/${row.finishType}/${row.brand}`]?.costPrice ?? null }));
  return makeQuotation({
    ...base,
    ...parsed,
    quotationDate: parsed.quotationDate ?? '2026-11-22',
    validUntil: parsed.validUntil ?? '2026-12-22',
    status: parsed.status,
    rows,
  });
}

export const publicQuotationFixture: PublicQuotation = publicQuotationOf(quotationFixtures[1]!, '2026-11-22', { company: companyFixture, taxRate: 18, paymentPlan: [...DEFAULT_PAYMENT_PLAN] });

const find = (id: unknown) => quotationFixtures.find((quote) => quote.id === id);

/** A client's answer as the server reads it: the typed fields, and the version of the quote its page showed (the fixture's, or 409). */
async function clientAnswer(request: Request, answered: (name: string, comment: string) => PublicQuotation) {
  const { name, comment, version } = (await request.json()) as { name: string; comment: string; version?: number };
  if (version === undefined) return HttpResponse.json({ error: QUOTE_PAGE_OUTDATED, fields: { version: QUOTE_PAGE_OUTDATED } }, { status: 400 });
  if (version !== publicQuotationFixture.version) return HttpResponse.json({ error: QUOTE_UPDATED }, { status: 409 });
  return HttpResponse.json<PublicQuotation>(answered(name, comment));
}
const notFound = () => HttpResponse.json({ error: 'Quotation not found' }, { status: 404 });

export function quotationHandlers() {
  return [
    http.get('/api/quotations', ({ request }) => {
      const query = new URL(request.url).searchParams;
      const status = query.get('status');
      const leadId = query.get('leadId');
      const q = (query.get('q') ?? '').toLowerCase();
      const items = quotationFixtures.filter(
        (quote) =>
          (!leadId || quote.leadId === leadId) &&
          (!status || (status === 'expired' ? quote.validUntil < '2026-11-22' && (quote.status === 'draft' || quote.status === 'sent') : quote.status === status)) &&
          (!q || quote.clientDetails.name.toLowerCase().includes(q) || quote.quotationNumber.toLowerCase().includes(q)),
      );
      return HttpResponse.json<Page<Quotation>>({ items });
    }),
    http.get('/api/quotations/defaults', () => HttpResponse.json(defaultsFixture)),
    http.get('/api/quotations/responses', () => HttpResponse.json({ items: [] })),
    http.post('/api/quotations', async ({ request }) => {
      const input = (await request.json()) as QuotationInput;
      return HttpResponse.json(savedFrom(input, { id: 'quote-new', quotationNumber: 'KDS/2026-27/0042' }), { status: 201 });
    }),
    http.get('/api/quotations/:id', ({ params }) => {
      const quote = find(params.id);
      return quote ? HttpResponse.json(quote) : notFound();
    }),
    http.put('/api/quotations/:id', async ({ params, request }) => {
      const quote = find(params.id);
      if (!quote) return notFound();
      const input = (await request.json()) as QuotationInput & { version: number };
      return HttpResponse.json(savedFrom(input, { ...quote, version: quote.version + 1, revisionCount: quote.revisionCount + 1 }));
    }),
    http.delete('/api/quotations/:id', ({ params }) => HttpResponse.json({ id: String(params.id) })),
    http.post('/api/quotations/:id/duplicate', ({ params }) => {
      const quote = find(params.id);
      if (!quote) return notFound();
      return HttpResponse.json({ ...quote, id: 'quote-copy', quotationNumber: 'KDS/2026-27/0043', status: 'draft', shareToken: null, version: 1 }, { status: 201 });
    }),
    http.get('/api/quotations/:id/revisions', ({ params }) => HttpResponse.json<Page<QuotationRevision>>({ items: params.id === 'quote-1' ? [revisionFixture] : [] })),
    http.get('/api/quotations/:id/revisions/:revision', ({ params }) =>
      params.id === 'quote-1' && params.revision === '1' ? HttpResponse.json(revisionFixture) : HttpResponse.json({ error: 'Revision not found' }, { status: 404 }),
    ),
    http.post('/api/quotations/:id/send', ({ params }) => {
      const quote = find(params.id);
      if (!quote) return notFound();
      return HttpResponse.json<QuotationSendResult>({ quotation: { ...quote, status: 'sent', shareToken: SHARE_TOKEN, version: quote.version + 1 }, sharePath: `/q/${SHARE_TOKEN}` });
    }),
    http.post('/api/quotations/:id/variation', ({ params }) => {
      const quote = find(params.id);
      if (!quote) return notFound();
      if (quote.status !== 'approved') return HttpResponse.json({ error: 'Only an approved quotation can have a variation.' }, { status: 409 });
      const revision = quote.revisionCount + 1;
      return HttpResponse.json<Quotation>({
        ...quote,
        status: 'draft',
        approvedAt: null,
        approvedBy: null,
        revisionCount: revision,
        variation: { revision, grandTotal: quote.grandTotal, approvedAt: quote.approvedAt ?? '', approvedBy: quote.approvedBy ?? '' },
        version: quote.version + 1,
      });
    }),
    http.post('/api/quotations/:id/approve', ({ params }) => {
      const quote = find(params.id);
      if (!quote) return notFound();
      return HttpResponse.json({ quotation: { ...quote, status: 'approved', version: quote.version + 1 }, projectId: 'project-9', demandTransactionId: 'tx-9' });
    }),
    http.get('/api/quotations/:id/pdf', () => new HttpResponse(new Blob(['%PDF-1.7']), { headers: { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="KDS-2026-27-0001.pdf"' } })),

    http.get('/api/quotation/usage-areas', () => HttpResponse.json(USAGE_AREAS)),
    http.get('/api/quotation/all-units', () => HttpResponse.json(UNITS)),
    http.get('/api/quotation/items/:usageArea', ({ params }) => HttpResponse.json(ITEMS[String(params.usageArea)] ?? [])),
    http.get('/api/quotation/item/:usageArea/:item', ({ params }) => {
      const item = ITEMS[String(params.usageArea)]?.find((candidate) => candidate.itemName === params.item);
      return item ? HttpResponse.json({ ...item, brands: ['Greenply', 'Century'], suggestedBrands: ['Hettich', 'Asian Paints'] }) : HttpResponse.json({ error: 'Unknown item' }, { status: 404 });
    }),
    http.get('/api/quotation/finish-types/:usageArea/:item', ({ params }) => HttpResponse.json(FINISHES[String(params.item)] ?? [])),
    http.get('/api/quotation/price/:usageArea/:item/:finishType', ({ params, request }) => {
      const brand = new URL(request.url).searchParams.get('brand') ?? '';
      const price = PRICES[`${String(params.item)}/${String(params.finishType)}/${brand}`];
      return price ? HttpResponse.json(price) : HttpResponse.json({ error: 'No price for this choice' }, { status: 404 });
    }),

    http.get('/api/quote-links/:token', ({ params }) => {
      if (params.token === 'expired') return HttpResponse.json({ error: QUOTE_LINK_EXPIRED }, { status: 410 });
      return params.token === SHARE_TOKEN ? HttpResponse.json(publicQuotationFixture) : HttpResponse.json({ error: QUOTE_LINK_INVALID }, { status: 404 });
    }),
    http.post('/api/quote-links/:token/approve', ({ request }) =>
      clientAnswer(request, (name, comment) => ({ ...publicQuotationFixture, status: 'approved', response: { action: 'approved', name, comment, at: '2026-11-22T10:00:00.000Z' } })),
    ),
    http.post('/api/quote-links/:token/request-changes', ({ request }) =>
      clientAnswer(request, (name, comment) => ({ ...publicQuotationFixture, response: { action: 'changes_requested', name, comment, at: '2026-11-22T10:00:00.000Z' } })),
    ),
  ];
}
