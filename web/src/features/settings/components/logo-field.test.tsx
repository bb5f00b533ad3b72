import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { PHOTO_TYPE_MESSAGE } from '@app/shared-types/photos';
import { Formik } from 'formik';
import { describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../../test/render';
import { server } from '../../../test/server';
import { LogoField } from './logo-field';

// jsdom cannot decode or draw images: the scaling (lib/photo-copies.ts, tested there) is handed in, answering a ready copy.
const COPY = new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4])], { type: 'image/jpeg' });
const prepare = vi.fn(async () => ({ contentType: 'image/jpeg' as const, copies: [{ width: 480, blob: COPY }], aspectRatio: 3 }));
const UPLOAD_ID = '7a1c2e3f-0b4d-4e5f-8a9b-0c1d2e3f4a5b';
const LOGO_URL = `/uploads/company/logo-${UPLOAD_ID}.jpg`;
const jpegFile = () => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 9, 9])], 'logo.jpg', { type: 'image/jpeg' });

/** The logo field in a form of its own; `values` shows what the form holds. */
function renderField(initial: string) {
  const calls: string[] = [];
  server.use(
    http.post('/api/settings/logo-uploads', async ({ request }) => {
      calls.push(`ticket ${JSON.stringify(await request.json())}`);
      return HttpResponse.json({ uploadId: UPLOAD_ID, url: 'http://localhost/uploads', fields: { key: `staging/company/logo-${UPLOAD_ID}.jpg` } }, { status: 201 });
    }),
    http.post('http://localhost/uploads', async ({ request }) => {
      const form = await request.formData();
      calls.push(`upload ${String(form.get('key'))} ${(form.get('file') as File).size}`);
      return new HttpResponse(null, { status: 204 });
    }),
    http.post('/api/settings/logo', async ({ request }) => {
      calls.push(`publish ${JSON.stringify(await request.json())}`);
      return HttpResponse.json({ companyLogo: LOGO_URL }, { status: 201 });
    }),
  );
  const rendered = renderRoute('/', {
    routes: [
      {
        path: '/',
        Component: () => (
          <Formik initialValues={{ company: { companyLogo: initial } }} onSubmit={() => undefined}>
            {(form) => (
              <>
                <LogoField name="company.companyLogo" label="Logo" prepare={prepare} />
                <output aria-label="value">{form.values.company.companyLogo}</output>
                <output aria-label="dirty">{String(form.dirty)}</output>
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

describe('LogoField', () => {
  it('uploads the chosen image through the signed form, and its checked URL becomes the field value (saved with the form)', async () => {
    const { user, calls, input } = renderField('');
    expect(screen.getByText('No logo')).toBeTruthy();
    await user.upload(input(), jpegFile());
    await waitFor(() => expect(screen.getByLabelText('value').textContent).toBe(LOGO_URL));
    expect(calls).toEqual([
      `ticket ${JSON.stringify({ contentType: 'image/jpeg', size: COPY.size })}`,
      `upload staging/company/logo-${UPLOAD_ID}.jpg ${COPY.size}`,
      `publish ${JSON.stringify({ uploadId: UPLOAD_ID, contentType: 'image/jpeg' })}`,
    ]);
    expect(screen.getByRole('img', { name: 'Company logo' }).getAttribute('src')).toBe(LOGO_URL);
    expect(screen.getByLabelText('dirty').textContent).toBe('true');
    expect(screen.getByText('Change logo')).toBeTruthy();
    // A logo keeps its transparency: scaled as a PNG when it is one (copyTypeFor, tested in photo-copies.test.ts; drawn in Chromium by settings.spec).
    expect(prepare).toHaveBeenCalledWith(expect.any(File), { keepTransparency: true });
  });

  it('removes the logo from the form, and refuses a file that is not an image before sending anything', async () => {
    const { user, calls, input } = renderField('/images/logo.svg');
    expect(screen.getByRole('img', { name: 'Company logo' }).getAttribute('src')).toBe('/images/logo.svg');
    await user.click(screen.getByRole('button', { name: 'Remove logo' }));
    expect(screen.getByLabelText('value').textContent).toBe('');
    expect(screen.getByText('No logo')).toBeTruthy();

    await user.upload(input(), new File([new TextEncoder().encode('<svg></svg>')], 'logo.jpg', { type: 'image/jpeg' }));
    expect((await screen.findByRole('alert')).textContent).toBe(PHOTO_TYPE_MESSAGE);
    expect(calls).toEqual([]);
  });
});
