import { ApiError } from './api-client';

/** A signed upload form: where to post, and the fields to post before the file. */
export interface SignedForm {
  url: string;
  fields: Record<string, string>;
}

/** S3 answers errors in XML: its <Message> is the readable part. */
function storageMessage(text: string): string | undefined {
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === 'object' && parsed !== null && 'error' in parsed && typeof parsed.error === 'string') return parsed.error;
  } catch {
    // Not JSON: S3's XML, or nothing.
  }
  return /<Message>([^<]*)<\/Message>/.exec(text)?.[1];
}

/**
 * Sends one file straight to the storage with its signed form (an S3
 * presigned POST when deployed, the local host's /uploads on a laptop): every
 * field of the form first, then the file as 'file', typed as the form says.
 * Not through the API client: the storage is not the API, and needs no
 * cookies. Rejects with ApiError for a refused upload. Project photos and
 * Finance receipts both upload through it.
 */
export async function sendSignedForm(target: SignedForm, blob: Blob, contentType: string, fileName: string): Promise<void> {
  const form = new FormData();
  for (const [name, value] of Object.entries(target.fields)) form.append(name, value);
  form.append('file', blob.type === contentType ? blob : new Blob([blob], { type: contentType }), fileName);
  const response = await fetch(target.url, { method: 'POST', body: form, credentials: 'omit' });
  if (response.ok) return;
  const text = await response.text().catch(() => '');
  const message = storageMessage(text);
  throw new ApiError(response.status, `${response.status}: ${text || response.statusText}`, message ? { error: message } : undefined);
}
