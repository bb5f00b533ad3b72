import * as yup from 'yup';
import { detectPhotoType } from './photos';
import { text } from './forms';

/**
 * Receipts and invoices on finance transactions (issue 12): their types,
 * sizes and the upload requests. Part of the finance contract (finance.ts
 * re-exports it); a file of its own to keep finance.ts short.
 */

/** One receipt or invoice on a transaction (uploaded like project photos, private to staff). */
export const ATTACHMENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export type AttachmentType = (typeof ATTACHMENT_TYPES)[number];
export const MAX_ATTACHMENTS = 10;
export const attachmentSchema = yup.object({
  id: yup.string().required(),
  name: text().required().max(200),
  contentType: yup.mixed<AttachmentType>().oneOf([...ATTACHMENT_TYPES]).required(),
  size: yup.number().integer().min(1).required(),
});
export type Attachment = yup.InferType<typeof attachmentSchema>;
export const ATTACHMENT_EXTENSIONS: Record<AttachmentType, string> = { 'application/pdf': 'pdf', 'image/jpeg': 'jpg', 'image/png': 'png' };

/** A file's type by its first bytes ('%PDF-', or a JPEG or PNG signature), never by its name; null for anything else. */
export function detectAttachmentType(head: Uint8Array): AttachmentType | null {
  if ([0x25, 0x50, 0x44, 0x46, 0x2d].every((byte, i) => head[i] === byte)) return 'application/pdf';
  const photo = detectPhotoType(head);
  return photo === 'image/jpeg' || photo === 'image/png' ? photo : null;
}

/** A receipt or invoice may be up to 10 MB. */
export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;
export const ATTACHMENT_TYPE_MESSAGE = 'Attach a PDF, JPEG or PNG file';
export const ATTACHMENT_SIZE_MESSAGE = 'A file may be at most 10 MB';
const attachmentName = () => text().required('File name is required').max(200, 'File name is too long (200 characters at most)');
const attachmentType = () => yup.mixed<AttachmentType>().oneOf([...ATTACHMENT_TYPES], ATTACHMENT_TYPE_MESSAGE).required(ATTACHMENT_TYPE_MESSAGE);

/**
 * POST /api/transactions/:id/attachment-uploads: a signed form for one file
 * (answers AttachmentUploadTicket). The browser posts the form's fields, then
 * the file as 'file', to target.url; then POST .../attachments adds it.
 */
export const attachmentUploadRequestSchema = yup.object({
  name: attachmentName(),
  contentType: attachmentType(),
  size: yup.number().typeError('size must be a number').integer().min(1, 'The file is empty').max(MAX_ATTACHMENT_BYTES, ATTACHMENT_SIZE_MESSAGE).required(),
});
export type AttachmentUploadRequest = yup.InferType<typeof attachmentUploadRequestSchema>;
export interface AttachmentUploadTicket {
  uploadId: string;
  target: { url: string; fields: Record<string, string> };
}

/**
 * POST /api/transactions/:id/attachments: the uploaded file, checked by its
 * first bytes, joins the transaction (answers the Transaction, 201). Not part
 * of the edit form's version: attaching never makes someone's open edit stale,
 * and an edit's PUT never changes the attachments (they are these routes' alone).
 * GET .../attachments/:attachmentId redirects to a link valid for 5 minutes;
 * DELETE .../attachments/:attachmentId removes it (answers the Transaction).
 */
export const attachmentAddSchema = yup.object({
  uploadId: yup.string().matches(/^[0-9a-f-]{36}$/, 'uploadId is not valid').required('uploadId is required'),
  name: attachmentName(),
  contentType: attachmentType(),
});
export type AttachmentAddInput = yup.InferType<typeof attachmentAddSchema>;

/** Where a transaction's attachment is downloaded (a redirect to a short-lived link). */
export function attachmentUrl(transactionId: string, attachmentId: string): string {
  return `/api/transactions/${transactionId}/attachments/${attachmentId}`;
}
