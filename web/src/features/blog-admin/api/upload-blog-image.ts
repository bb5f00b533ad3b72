import type { PreparedPhoto } from '../../../lib/photo-copies';
import { api, unwrap } from '../../../lib/api-client';
import { sendSignedForm } from '../../../lib/send-signed-form';

/**
 * A featured image through the photo pipeline: a signed form for its widest
 * copy, the copy sent straight to storage, then POST /api/blog-posts/image
 * checks it by its bytes, publishes it and answers its URL, which becomes the
 * post's featuredImage when the post is saved. Rejects with ApiError (400,
 * 403, 413, 415, 409 a changed upload, 503 no storage).
 */
export async function uploadBlogImage(photo: PreparedPhoto): Promise<string> {
  const copy = photo.copies.at(-1);
  if (!copy) throw new Error('This image could not be opened. Try saving it again as JPEG or PNG.');
  const { uploadId, ...form } = await unwrap(api['blog-posts']['image-uploads'].$post({ json: { contentType: photo.contentType, size: copy.blob.size } }));
  await sendSignedForm(form, copy.blob, photo.contentType, 'featured-image');
  return (await unwrap(api['blog-posts'].image.$post({ json: { uploadId, contentType: photo.contentType } }))).featuredImage;
}
