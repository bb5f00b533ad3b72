import { apiFile, saveFile } from '../../../lib/api-fetch';
import { part } from './refresh-quotation-queries';

/** Downloads the quote's A4 PDF under the server's file name. */
export async function downloadQuotationPdf(id: string, quotationNumber: string) {
  const { blob, filename } = await apiFile(`/api/quotations/${part(id)}/pdf`, `${quotationNumber.replace(/[^A-Za-z0-9-]+/g, '-')}.pdf`);
  saveFile(blob, filename);
}
