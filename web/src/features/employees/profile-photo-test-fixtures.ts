import { http, HttpResponse } from 'msw';
import type { ProfilePhotoUploadTicket } from '@app/shared-types/employee-photos';
import type { EmployeeRecord } from '@app/shared-types/employees';
import { employeeFixtures } from './test-fixtures';

/** MSW handlers for an employee's profile photo: the signed form, the storage's upload endpoint, save and remove. */

export const PROFILE_UPLOAD_ID = '5d2b8f0e-7c41-4a9e-b6d3-1f0a9c8e2b74';
/** Where the test's signed form sends the file (the local host's upload endpoint). */
export const PROFILE_UPLOAD_URL = 'http://localhost/uploads';

/** What the handlers saw, in order: 'ticket <id> <json>', 'upload <key> <type> <bytes>', 'set <id> <json>', 'remove <id>'. */
export type ProfilePhotoCalls = string[];

export const profilePhotoUrl = (id: string) => `/uploads/employees/${id}/${PROFILE_UPLOAD_ID}.jpg`;

export function profilePhotoHandlers(calls: ProfilePhotoCalls = [], employees: EmployeeRecord[] = employeeFixtures) {
  const find = (id: string) => employees.find((employee) => employee.id === id);
  return [
    http.post('/api/users/:id/photo-uploads', async ({ params, request }) => {
      const id = String(params.id);
      calls.push(`ticket ${id} ${JSON.stringify(await request.json())}`);
      if (!find(id)) return HttpResponse.json({ error: 'Employee not found' }, { status: 404 });
      return HttpResponse.json<ProfilePhotoUploadTicket>(
        { uploadId: PROFILE_UPLOAD_ID, url: PROFILE_UPLOAD_URL, fields: { key: `staging/employees/${id}/${PROFILE_UPLOAD_ID}.jpg`, policy: 'signed' } },
        { status: 201 },
      );
    }),
    http.post(PROFILE_UPLOAD_URL, async ({ request }) => {
      const form = await request.formData();
      const file = form.get('file') as File;
      calls.push(`upload ${String(form.get('key'))} ${file.type} ${file.size}`);
      return new HttpResponse(null, { status: 204 });
    }),
    http.put('/api/users/:id/photo', async ({ params, request }) => {
      const id = String(params.id);
      calls.push(`set ${id} ${JSON.stringify(await request.json())}`);
      const employee = find(id);
      if (!employee) return HttpResponse.json({ error: 'Employee not found' }, { status: 404 });
      return HttpResponse.json<EmployeeRecord>({ ...employee, profilePicture: profilePhotoUrl(id), version: employee.version + 1 });
    }),
    http.delete('/api/users/:id/photo', ({ params }) => {
      const id = String(params.id);
      calls.push(`remove ${id}`);
      const employee = find(id);
      if (!employee) return HttpResponse.json({ error: 'Employee not found' }, { status: 404 });
      return HttpResponse.json<EmployeeRecord>({ ...employee, profilePicture: '', version: employee.version + 1 });
    }),
  ];
}
