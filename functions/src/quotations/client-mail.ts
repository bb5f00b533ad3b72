import { calendarDate } from '@app/shared-types/format';
import type { NotificationEvent } from '@app/shared-types/notifications';
import { publicQuotationOf, type PublicQuotation } from '@app/shared-types/quotations';
import type { Db } from '../db/client';
import type { MailAttachment } from '../notify';
import type { PhotoStorage } from '../photos';
import { letterheadLogo } from './letterhead-logo';
import { getQuotation, issueOf } from './quotation-repo';

/** The quote's PDF as a file name: its number with path characters replaced ('KDS-2026-27-0042.pdf'). */
export const pdfFileName = (quotationNumber: string) => `${quotationNumber.replace(/[^A-Za-z0-9-]+/g, '-')}.pdf`;

/**
 * The files of the outbox sender's emails (jobs/outbox.ts SenderOptions.attachments),
 * on a host that renders PDFs: 'Send to client' (issue 25) attaches the quote's
 * PDF as the client's page shows it (frozen as sent). A quote gone since carries none.
 */
export function quotationPdfAttachments(db: Db, render: (quote: PublicQuotation, logo: Uint8Array | null) => Promise<Uint8Array>, photos?: PhotoStorage) {
  return async (event: NotificationEvent): Promise<MailAttachment[]> => {
    if (event.kind !== 'quotation.to_client') return [];
    const quote = await getQuotation(db, event.quotationId);
    if (!quote) return [];
    const view = publicQuotationOf(quote, calendarDate(Date.now()), await issueOf(db, quote));
    const pdf = await render(view, await letterheadLogo(photos, view.company.companyLogo));
    return [{ filename: pdfFileName(quote.quotationNumber), content: pdf, contentType: 'application/pdf' }];
  };
}
