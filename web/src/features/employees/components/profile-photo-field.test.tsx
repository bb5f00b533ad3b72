import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { EmployeeRecord } from '@app/shared-types/employees';
import { PHOTO_TYPE_MESSAGE } from '@app/shared-types/photos';
import { Formik } from 'formik';
import { describe, expect, it, vi } from 'vitest';
import { findToast, renderRoute } from '../../../test/render';
import { server } from '../../../test/server';
import { profilePhotoHandlers, profilePhotoUrl, PROFILE_UPLOAD_ID, type ProfilePhotoCalls } from '../profile-photo-test-fixtures';
import { employeeFixtures } from '../test-fixtures';
import { ProfilePhotoFormField, SAVE_FIRST_HINT, UNSAVED_CHANGES_HINT } from './profile-photo-field';

// jsdom cannot decode or draw images: the scaling (lib/photo-copies.ts, tested there) is handed in, answering a ready 480 px copy.
const COPY = new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4])], { type: 'image/jpeg' });
const prepare = vi.fn(async () => ({
  contentType: 'image/jpeg' as const,
  copies: [
    { width: 480, blob: COPY },
    { width: 960, blob: new Blob([new Uint8Array(50)]) },
  ],
  aspectRatio: 1,
}));

const designer = employeeFixtures.find((employee) => employee.id === 'emp-designer')!;
const jpegFile = () => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 9, 9])], 'me.jpg', { type: 'image/jpeg' });

function renderField(employee: EmployeeRecord | null, { dirty = false } = {}) {
  const calls: ProfilePhotoCalls = [];
  const saved: EmployeeRecord[] = [];
  server.use(...profilePhotoHandlers(calls));
  const rendered = renderRoute('/', {
    routes: [
      {
        path: '/',
        Component: () => (
          <Formik initialValues={{ name: 'x' }} initialTouched={{}} onSubmit={() => undefined}>
            {(form) => (
              <>
                {dirty && form.values.name === 'x' && <button onClick={() => void form.setFieldValue('name', 'changed')}>Type</button>}
                <ProfilePhotoFormField employee={employee} onSaved={(record) => saved.push(record)} prepare={prepare} />
              </>
            )}
          </Formik>
        ),
      },
    ],
  });
  const input = () => rendered.container.querySelector<HTMLInputElement>('input[type="file"]')!;
  return { ...rendered, calls, saved, input };
}

describe('ProfilePhotoFormField', () => {
  it('scales the chosen photo, sends its 480 px copy with the signed form, saves it and hands back the new version', async () => {
    const { user, calls, saved, input } = renderField(designer);
    expect(screen.getByText('Upload photo')).toBeTruthy();
    await user.upload(input(), jpegFile());
    await findToast('status', 'Profile photo saved');
    expect(calls).toEqual([
      `ticket emp-designer ${JSON.stringify({ contentType: 'image/jpeg', size: COPY.size })}`,
      `upload staging/employees/emp-designer/${PROFILE_UPLOAD_ID}.jpg image/jpeg ${COPY.size}`,
      `set emp-designer ${JSON.stringify({ uploadId: PROFILE_UPLOAD_ID, contentType: 'image/jpeg' })}`,
    ]);
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({ id: 'emp-designer', profilePicture: profilePhotoUrl('emp-designer'), version: designer.version + 1 });
  });

  it('refuses a file that is not an image by its bytes before sending anything, and shows the server\'s refusal', async () => {
    const { user, calls, input } = renderField(designer);
    await user.upload(input(), new File(['<html><script>alert(1)</script></html>'], 'me.jpg', { type: 'image/jpeg' }));
    expect((await screen.findByRole('alert')).textContent).toBe(PHOTO_TYPE_MESSAGE);
    expect(calls).toEqual([]);

    server.use(http.put('/api/users/:id/photo', () => HttpResponse.json({ error: PHOTO_TYPE_MESSAGE, fields: { photo: PHOTO_TYPE_MESSAGE } }, { status: 415 })));
    await user.upload(input(), jpegFile());
    await waitFor(() => expect(calls.map((call) => call.split(' ')[0])).toEqual(['ticket', 'upload']));
    expect((await screen.findByRole('alert')).textContent).toBe(PHOTO_TYPE_MESSAGE);
  });

  it('removes a photo, and is locked while the form has unsaved changes', async () => {
    const withPhoto = { ...designer, profilePicture: profilePhotoUrl('emp-designer') };
    const { user, calls, saved } = renderField(withPhoto, { dirty: true });
    expect(screen.getByText('Change photo')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Remove photo' }));
    await findToast('status', 'Profile photo removed');
    expect(calls).toEqual(['remove emp-designer']);
    expect(saved[0]?.profilePicture).toBe('');

    await user.click(screen.getByRole('button', { name: 'Type' }));
    expect(await screen.findByText(UNSAVED_CHANGES_HINT)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Remove photo' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('asks to save a new employee first', () => {
    renderField(null);
    expect(screen.getByText(`Profile photo: ${SAVE_FIRST_HINT}`)).toBeTruthy();
    expect(screen.queryByText('Upload photo')).toBeNull();
  });
});
