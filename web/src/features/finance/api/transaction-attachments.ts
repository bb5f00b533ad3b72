import type { AttachmentAddInput, AttachmentType, AttachmentUploadRequest, AttachmentUploadTicket, Transaction } from '@app/shared-types/finance';
import { api, unwrap } from '../../../lib/api-client';
import { useRefreshingWrite } from '../../../lib/record-mutations';
import { sendSignedForm } from '../../../lib/send-signed-form';
import { refreshFinanceQueries } from './refresh-finance-queries';

/**
 * Asks where to upload one receipt or invoice: a signed form. Rejects with
 * ApiError 400 (type or size refused), 409 (the transaction has all the
 * attachments it may have) or 503 (this server stores no files).
 */
export function requestAttachmentUpload({ transactionId, ...input }: AttachmentUploadRequest & { transactionId: string }): Promise<AttachmentUploadTicket> {
  return unwrap(api.transactions[':id']['attachment-uploads'].$post({ param: { id: transactionId }, json: input }));
}

/**
 * Adds an uploaded file to the transaction (the server checks it by its first
 * bytes) and answers the transaction: 415 for another type than said, 413 too
 * big, 400 not uploaded, 409 full or changed.
 */
export function addTransactionAttachment({ transactionId, ...input }: AttachmentAddInput & { transactionId: string }): Promise<Transaction> {
  return unwrap(api.transactions[':id'].attachments.$post({ param: { id: transactionId }, json: input }));
}

/** Takes an attachment off a transaction and deletes its file; answers the transaction. */
export function removeTransactionAttachment({ transactionId, attachmentId }: { transactionId: string; attachmentId: string }): Promise<Transaction> {
  return unwrap(api.transactions[':id'].attachments[':attachmentId'].$delete({ param: { id: transactionId, attachmentId } }));
}

export type AttachmentUploadStep = 'requesting' | 'uploading' | 'adding';

interface UploadAttachmentInput {
  transactionId: string;
  file: Blob;
  name: string;
  contentType: AttachmentType;
  /** Told each step as it begins. */
  onStep?: (step: AttachmentUploadStep) => void;
}

/** The whole upload of one file: ask for a signed form, send the file to the storage with it, add it to the transaction. */
export async function uploadTransactionAttachment({ transactionId, file, name, contentType, onStep }: UploadAttachmentInput): Promise<Transaction> {
  onStep?.('requesting');
  const { uploadId, target } = await requestAttachmentUpload({ transactionId, name, contentType, size: file.size });
  onStep?.('uploading');
  await sendSignedForm(target, file, contentType, name);
  onStep?.('adding');
  return addTransactionAttachment({ transactionId, uploadId, name, contentType });
}

/**
 * Attachments are not part of the edit form's version: the open form keeps
 * its values, and the finance queries (the list the dialog edits from) refresh.
 */
function useAttachmentWrite<I>(mutationFn: (input: I) => Promise<Transaction>) {
  return useRefreshingWrite(mutationFn, refreshFinanceQueries);
}

export function useUploadTransactionAttachment() {
  return useAttachmentWrite(uploadTransactionAttachment);
}

export function useRemoveTransactionAttachment() {
  return useAttachmentWrite(removeTransactionAttachment);
}
