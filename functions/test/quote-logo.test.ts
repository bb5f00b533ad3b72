import { createHash } from 'node:crypto';
import { Hono } from 'hono';
import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { ProfilePhotoUploadTicket } from '@app/shared-types/employee-photos';
import { MAX_LOGO_BYTES } from '@app/shared-types/photos';
import type { PublicQuotation, Quotation, QuotationSendResult } from '@app/shared-types/quotations';
import type { SettingsAnswer } from '@app/shared-types/settings';
import { log } from '../src/lib/log';
import { renderQuotationPdf } from '../src/quotations/pdf';
import { MAX_PDF_IMAGE_SIDE } from '../src/quotations/pdf-image';
import { createTestApp, json, signedInStaff, staffRequest, TEST_ORIGIN, uniquePhone, type TestApp } from './helpers';
import { imagesOf, rgbaPng, WEBP } from './png';

/**
 * Issue 25: the quotation PDF's letterhead draws the company logo of Settings
 * (PNG or JPEG; a WebP logo is uploaded by the portal as its PNG copy), not
 * initials, and an issued quote keeps the logo it was issued with.
 */

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** A 3 x 2 logo: opaque colours on the first row, a half-transparent second row. */
const PIXELS = [
  [
    [200, 30, 40, 255],
    [20, 180, 60, 255],
    [10, 20, 230, 255],
  ],
  [
    [255, 255, 255, 128],
    [0, 0, 0, 128],
    [90, 90, 90, 0],
  ],
] as const;
const LOGO_A = rgbaPng(3, 2, (x, y) => PIXELS[y]![x]!);
const LOGO_B = rgbaPng(4, 4, (x, y) => [x * 60, y * 60, 120, 255]);

let app: TestApp;
let host: Hono;
let cookie: string;

beforeAll(async () => {
  const created = await createTestApp({ renderQuotationPdf });
  app = created.app;
  host = new Hono().route('/', app).route('/', created.photoRoutes);
  cookie = (await signedInStaff(app, created.db, 'admin')).cookie;
});

async function quotePdf(): Promise<Uint8Array> {
  const created = await json<Quotation>(
    staffRequest(app, '/api/quotations', cookie, {
      method: 'POST',
      body: { clientDetails: { name: 'Meera Nair', phone: uniquePhone('9'), projectType: '3BHK' }, rows: [{ usageArea: 'Living', item: 'TV Unit', unit: 'QTY', quantity: 1, unitPrice: 85_000 }] },
    }),
  );
  return pdfOf(created.id);
}

async function pdfOf(id: string): Promise<Uint8Array> {
  const response = await staffRequest(app, `/api/quotations/${id}/pdf`, cookie);
  expect(response.status).toBe(200);
  return new Uint8Array(await response.arrayBuffer());
}

/** Uploads `bytes` as the logo (as `contentType`), publishes it and saves it in Settings: its URL. */
async function setLogo(bytes: Uint8Array, contentType = 'image/png'): Promise<string> {
  const ticket = await json<ProfilePhotoUploadTicket>(staffRequest(app, '/api/settings/logo-uploads', cookie, { method: 'POST', body: { contentType, size: bytes.length } }));
  const form = new FormData();
  for (const [name, value] of Object.entries(ticket.fields)) form.append(name, value);
  form.append('file', new File([bytes], 'logo', { type: contentType }));
  expect((await host.request(ticket.url, { method: 'POST', body: form, headers: { origin: TEST_ORIGIN } })).status).toBe(204);
  const published = await staffRequest(app, '/api/settings/logo', cookie, { method: 'POST', body: { uploadId: ticket.uploadId, contentType } });
  expect(published.status, await published.clone().text()).toBe(201);
  const { companyLogo } = await json<{ companyLogo: string }>(published);
  const current = await json<SettingsAnswer>(staffRequest(app, '/api/settings', cookie));
  const { smtpPasswordSet: _set, ...email } = current.email;
  const saved = await staffRequest(app, '/api/settings', cookie, { method: 'PUT', body: { ...current, email, company: { ...current.company, companyLogo } } });
  expect(saved.status, await saved.clone().text()).toBe(200);
  return companyLogo;
}

describe('the letterhead logo', () => {
  it('is drawn from a PNG: its pixels an image XObject, its transparency a soft mask, no initials', async () => {
    const pdf = await renderQuotationPdf(quoteView(), LOGO_A);
    const [mask, color, ...more] = imagesOf(pdf);
    expect(more).toEqual([]);
    expect(color!.dict).toContain('/Width 3 /Height 2 /ColorSpace /DeviceRGB /BitsPerComponent 8');
    expect(color!.dict).toMatch(/\/SMask \d+ 0 R/);
    expect([...color!.data]).toEqual(PIXELS.flat().flatMap(([r, g, b]) => [r, g, b]));
    expect(mask!.dict).toContain('/ColorSpace /DeviceGray');
    expect([...mask!.data]).toEqual(PIXELS.flat().map(([, , , a]) => a));
    // The page paints it (as pdf.js reads the page).
    const doc = await getDocument({ data: pdf.slice(), verbosity: 0, isEvalSupported: false, useSystemFonts: false }).promise;
    const { fnArray } = await (await doc.getPage(1)).getOperatorList();
    await doc.destroy();
    expect(fnArray).toContain(OPS.paintImageXObject);
    // The same logo draws the same bytes.
    expect(sha(await renderQuotationPdf(quoteView(), LOGO_A))).toBe(sha(pdf));
  });

  it('is drawn from a JPEG as it is (DCTDecode)', async () => {
    // SOI, a baseline frame header (8-bit, 2 x 1 px, 3 components), EOI.
    const jpeg = Uint8Array.from([0xff, 0xd8, 0xff, 0xc0, 0, 17, 8, 0, 1, 0, 2, 3, 1, 0x11, 0, 2, 0x11, 1, 3, 0x11, 1, 0xff, 0xd9]);
    const [image, ...more] = imagesOf(await renderQuotationPdf(quoteView(), jpeg));
    expect(more).toEqual([]);
    expect(image!.dict).toContain('/Width 2 /Height 1 /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode');
    expect([...image!.data]).toEqual([...jpeg]);
  });

  it('falls back to the initials, with a log line, for a WebP logo kept from before and for one too large for a PDF', async () => {
    const warn = vi.spyOn(log, 'warn');
    try {
      const huge = rgbaPng(1, 1, () => [0, 0, 0, 255]);
      // The header says MAX_PDF_IMAGE_SIDE + 1 px wide (the CRC is not checked).
      Buffer.from(huge.buffer).writeUInt32BE(MAX_PDF_IMAGE_SIDE + 1, 16);
      for (const [logo, reason] of [
        [WEBP, 'WebP, which a PDF cannot embed'],
        [huge, `${MAX_PDF_IMAGE_SIDE + 1}x1 px, over ${MAX_PDF_IMAGE_SIDE} px a side`],
        [new Uint8Array(MAX_LOGO_BYTES + 1), `over ${MAX_LOGO_BYTES} bytes`],
      ] as const) {
        const pdf = await renderQuotationPdf(quoteView(), logo);
        expect(imagesOf(pdf)).toEqual([]);
        expect(warn).toHaveBeenCalledWith('letterhead logo not drawn: the initials instead', expect.objectContaining({ reason }));
      }
    } finally {
      warn.mockRestore();
    }
  });

  it("is Settings' uploaded logo; a quote sent keeps the one it was issued with after the logo changes, a draft shows the new one", async () => {
    // The seed's SVG logo: the initials.
    expect(imagesOf(await quotePdf())).toEqual([]);

    await setLogo(LOGO_A);
    const created = await json<Quotation>(
      staffRequest(app, '/api/quotations', cookie, {
        method: 'POST',
        body: { clientDetails: { name: 'Ravi Kumar', phone: uniquePhone('8'), projectType: '2BHK' }, rows: [{ usageArea: 'Kitchen', item: 'Cabinets', unit: 'QTY', quantity: 1, unitPrice: 120_000 }] },
      }),
    );
    const sent = await json<QuotationSendResult>(staffRequest(app, `/api/quotations/${created.id}/send`, cookie, { method: 'POST', body: { version: created.version, confirmLowMargin: true } }));
    expect(sent.quotation.issued?.company.companyLogo).toMatch(/^\/uploads\/company\/logo-[0-9a-f-]{36}\.png$/);
    const before = imagesOf(await pdfOf(created.id)).map((image) => sha(image.data));
    expect(before).toHaveLength(2);

    await setLogo(LOGO_B);
    // Issued with logo A: its PDF still draws it, byte for byte.
    expect(imagesOf(await pdfOf(created.id)).map((image) => sha(image.data))).toEqual(before);
    // A draft reads Settings now: logo B (opaque: no mask).
    const [fresh, ...more] = imagesOf(await quotePdf());
    expect(more).toEqual([]);
    expect(fresh!.dict).toContain('/Width 4 /Height 4');
    expect(before).not.toContain(sha(fresh!.data));
  });

  it('refuses a logo file over the bound a PDF embeds', async () => {
    const big = new Uint8Array(MAX_LOGO_BYTES + 1);
    big.set(LOGO_A);
    const ticket = await json<ProfilePhotoUploadTicket>(staffRequest(app, '/api/settings/logo-uploads', cookie, { method: 'POST', body: { contentType: 'image/png', size: 100 } }));
    const form = new FormData();
    for (const [name, value] of Object.entries(ticket.fields)) form.append(name, value);
    form.append('file', new File([big], 'logo', { type: 'image/png' }));
    // The signed form itself refuses it.
    expect((await host.request(ticket.url, { method: 'POST', body: form, headers: { origin: TEST_ORIGIN } })).status).toBe(413);
  });
});

function quoteView(): PublicQuotation {
  return {
    quotationNumber: 'KDS/2026-27/0042',
    title: 'Kitchen',
    quotationDate: '2026-11-22',
    validUntil: '2026-12-22',
    status: 'sent',
    clientDetails: { name: 'Ananya Reddy', phone: '9876543210', email: '', address: '', projectType: '3BHK', siteAddress: '', community: '' },
    rows: [],
    discount: 0,
    subtotal: 0,
    discountAmount: 0,
    grandTotal: 0,
    taxRate: 18,
    taxAmount: 0,
    totalWithTax: 0,
    paymentPlan: [],
    variation: null,
    notes: '',
    response: null,
    version: 1,
    revisedAt: null,
    company: { companyName: 'Kaveri Design Studio', companyAddress: '', companyPhone: '', companyEmail: '', gstNumber: '', taxNumber: '', companyLogo: '/uploads/company/logo.png' },
  };
}
