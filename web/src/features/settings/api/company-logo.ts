import type { PreparedPhoto } from '../../../lib/photo-copies';
import { api, unwrap } from '../../../lib/api-client';
import { sendSignedForm } from '../../../lib/send-signed-form';

/**
 * The company logo through the photo pipeline: a signed form for its smallest
 * copy, the copy sent straight to storage, then POST /api/settings/logo checks
 * it by its bytes, publishes it and answers its URL. The URL becomes
 * company.companyLogo when the settings are saved (with their version).
 * Rejects with ApiError (400, 413, 415, 409 a changed upload, 503 no storage).
 */
export async function uploadCompanyLogo(photo: PreparedPhoto): Promise<string> {
  const copy = photo.copies[0];
  if (!copy) throw new Error('This image could not be opened. Try saving it again as JPEG or PNG.');
  const { uploadId, ...form } = await unwrap(api.settings['logo-uploads'].$post({ json: { contentType: photo.contentType, size: copy.blob.size } }));
  await sendSignedForm(form, copy.blob, photo.contentType, 'logo');
  return (await unwrap(api.settings.logo.$post({ json: { uploadId, contentType: photo.contentType } }))).companyLogo;
}
