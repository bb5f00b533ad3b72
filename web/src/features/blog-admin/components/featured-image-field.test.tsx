import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { PHOTO_TYPE_MESSAGE } from '@app/shared-types/photos';
import { Formik } from 'formik';
import { describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../../test/render';
import { server } from '../../../test/server';
import { FeaturedImageField } from './featured-image-field';

// jsdom cannot decode or draw images: the scaling (lib/photo-copies.ts, tested there) is handed in, answering ready copies.
const SMALL = new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1])], { type: 'image/jpeg' });
const WIDE = new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4, 5, 6])], { type: 'image/jpeg' });
const prepare = vi.fn(async () => ({ contentType: 'image/jpeg' as const, copies: [{ width: 480, blob: SMALL }, { width: 1600, blob: WIDE }], aspectRatio: 1.9 }));
const UPLOAD_ID = '7a1c2e3f-0b4d-4e5f-8a9b-0c1d2e3f4a5b';
const IMAGE_URL = `/uploads/blog/${UPLOAD_ID}.jpg`;
const jpegFile = () => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 9, 9])], 'cover.jpg', { type: 'image/jpeg' });

function renderField(initial: string) {
  const calls: string[] = [];
  server.use(
    http.post('/api/blog-posts/image-uploads', async ({ request }) => {
      calls.push(`ticket ${JSON.stringify(await request.json())}`);
      return HttpResponse.json({ uploadId: UPLOAD_ID, url: 'http://localhost/uploads', fields: { key: `staging/blog/${UPLOAD_ID}.jpg` } }, { status: 201 });
    }),
    http.post('http://localhost/uploads', async ({ request }) => {
      const form = await request.formData();
      calls.push(`upload ${String(form.get('key'))} ${(form.get('file') as File).size}`);
      return new HttpResponse(null, { status: 204 });
    }),
    http.post('/api/blog-posts/image', async ({ request }) => {
      calls.push(`publish ${JSON.stringify(await request.json())}`);
      return HttpResponse.json({ featuredImage: IMAGE_URL }, { status: 201 });
    }),
  );
  const rendered = renderRoute('/', {
    routes: [
      {
        path: '/',
        Component: () => (
          <Formik initialValues={{ featuredImage: initial }} onSubmit={() => undefined}>
            {(form) => (
              <>
                <FeaturedImageField name="featuredImage" prepare={prepare} />
                <output aria-label="value">{form.values.featuredImage}</output>
              </>
            )}
          </Formik>
        ),
      },
    ],
  });
  const input = () => rendered.container.querySelector<HTMLInputElement>('input[type="file"]')!;
  return { ...rendered, calls, input };
}

describe('FeaturedImageField', () => {
  it('uploads the widest copy through the signed form, and its checked URL becomes the field value', async () => {
    const { user, calls, input } = renderField('');
    expect(screen.getByText('No featured image')).toBeTruthy();
    await user.upload(input(), jpegFile());
    await waitFor(() => expect(screen.getByLabelText('value').textContent).toBe(IMAGE_URL));
    expect(calls).toEqual([
      `ticket ${JSON.stringify({ contentType: 'image/jpeg', size: WIDE.size })}`,
      `upload staging/blog/${UPLOAD_ID}.jpg ${WIDE.size}`,
      `publish ${JSON.stringify({ uploadId: UPLOAD_ID, contentType: 'image/jpeg' })}`,
    ]);
    expect(screen.getByRole('img', { name: 'Featured image' }).getAttribute('src')).toBe(IMAGE_URL);
    expect(screen.getByText('Change image')).toBeTruthy();
  });

  it('removes the image, and refuses a file that is not an image before sending anything', async () => {
    const { user, calls, input } = renderField('/images/blog/modern-3bhk-makeover.svg');
    await user.click(screen.getByRole('button', { name: 'Remove image' }));
    expect(screen.getByLabelText('value').textContent).toBe('');
    await user.upload(input(), new File([new TextEncoder().encode('<svg></svg>')], 'cover.jpg', { type: 'image/jpeg' }));
    expect((await screen.findByRole('alert')).textContent).toBe(PHOTO_TYPE_MESSAGE);
    expect(calls).toEqual([]);
  });
});
