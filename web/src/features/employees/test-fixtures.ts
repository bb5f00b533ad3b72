import { http, HttpResponse } from 'msw';
import type { Page } from '@app/shared-types/api';
import type { DepartmentRecord } from '@app/shared-types/departments';
import {
  DEPARTMENTS,
  employeeCreateSchema,
  employeeUpdateSchema,
  PII_MASKS,
  PII_FIELDS,
  type DirectoryEntry,
  type EmployeeRecord,
  type EmployeeStats,
  type PiiField,
  type RevealResult,
} from '@app/shared-types/employees';

/** Employees and MSW handlers for the Employee Management tests (`server.use(...employeeHandlers())`). */

/** An employee as the API answers it: the schema's defaults for every field the overrides leave out. */
export function makeEmployee(overrides: Partial<EmployeeRecord> & Pick<EmployeeRecord, 'id' | 'name'>): EmployeeRecord {
  const { password: _password, ...defaults } = employeeCreateSchema.validateSync({
    name: overrides.name,
    email: `${overrides.id}@kds.example`,
    password: 'not-sent-back',
  });
  return {
    ...defaults,
    canSignIn: true,
    twoFactorEnabled: false,
    accessRequestedAt: null,
    lastLoginAt: null,
    createdAt: '2025-01-10T10:00:00.000Z',
    updatedAt: '2025-01-10T10:00:00.000Z',
    version: 1,
    ...overrides,
  };
}

const toDirectoryEntryShape = ({ id, name, email, phone, department, position, profilePicture, role, status }: EmployeeRecord): DirectoryEntry => ({
  id,
  name,
  email,
  phone,
  department,
  position,
  profilePicture,
  role,
  status,
});

/** The clear values behind the fixtures' masks, as only /reveal answers them. */
export const CLEAR_PII: Record<string, Partial<Record<PiiField, string>>> = {
  'emp-designer': { aadharNumber: '234567890124', panNumber: 'ABCDE1234F', bankAccountNumber: '123456789012' },
};

const masked = (values: Partial<Record<PiiField, string>>) =>
  Object.fromEntries(PII_FIELDS.map((field) => [field, values[field] ? PII_MASKS[field](values[field]) : ''])) as Record<PiiField, string>;

export const employeeFixtures: EmployeeRecord[] = [
  makeEmployee({ id: 'user-super', name: 'Vikram Rao', email: 'vikram@kds.example', role: 'superadmin', department: 'Management', position: 'Founder' }),
  makeEmployee({ id: 'user-admin', name: 'Asha Rao', email: 'asha@example.com', role: 'admin', department: 'HR', position: 'HR Lead' }),
  makeEmployee({ id: 'emp-manager', name: 'Ravi Kumar', role: 'manager', department: 'Sales', position: 'Sales Head', phone: '+91 98490 12345' }),
  makeEmployee({
    id: 'emp-designer',
    name: 'Meera Iyer',
    email: 'meera@kds.example',
    role: 'employee',
    department: 'Design',
    position: 'Senior Designer',
    phone: '9848022222',
    reportingManager: 'emp-manager',
    hireDate: '2024-06-05',
    salary: 65000,
    address: 'Plot 12, Jubilee Hills, Hyderabad',
    emergencyContact: 'Suresh Iyer 9000012345',
    skills: 'AutoCAD, SketchUp',
    bankIfscCode: 'HDFC0001234',
    ...masked(CLEAR_PII['emp-designer']!),
    version: 3,
  }),
  makeEmployee({ id: 'emp-leave', name: 'Farah Khan', role: 'employee', department: 'Operations', position: 'Site Supervisor', status: 'on_leave' }),
];

export const employeeStatsFixture: EmployeeStats = { total: 5, active: 4, onLeave: 1, departments: 5 };

/** The employee endpoints answering from the fixtures: filtered like the server, one page. */
export function employeeHandlers() {
  return [
    http.get('/api/users', ({ request }) => {
      const params = new URL(request.url).searchParams;
      const q = (params.get('q') ?? '').toLowerCase();
      const items = employeeFixtures.filter(
        (employee) =>
          (!params.get('department') || employee.department === params.get('department')) &&
          (!params.get('role') || employee.role === params.get('role')) &&
          (!params.get('status') || employee.status === params.get('status')) &&
          (!q || `${employee.name} ${employee.email}`.toLowerCase().includes(q)),
      );
      return HttpResponse.json<Page<EmployeeRecord>>({ items });
    }),
    http.get('/api/users/stats', () => HttpResponse.json(employeeStatsFixture)),
    // The employee form's department choices: the active departments (the SPEC's eight).
    http.get('/api/departments', () =>
      HttpResponse.json<Page<DepartmentRecord>>({
        items: DEPARTMENTS.map((name, index) => ({
          id: `dept-${index}`,
          name,
          description: '',
          headOfDepartment: '',
          isActive: true,
          version: 1,
          createdAt: '2026-01-01T00:00:00.000Z',
          updatedAt: '2026-01-01T00:00:00.000Z',
        })),
      }),
    ),
    http.get('/api/users/directory', () => HttpResponse.json<Page<DirectoryEntry>>({ items: employeeFixtures.map(toDirectoryEntryShape) })),
    http.get('/api/users/:id', ({ params }) => {
      const employee = employeeFixtures.find((item) => item.id === params.id);
      return employee ? HttpResponse.json(employee) : HttpResponse.json({ error: 'Employee not found' }, { status: 404 });
    }),
    http.post('/api/users', async ({ request }) => {
      const { password: _password, ...input } = await employeeCreateSchema.validate(await request.json(), { stripUnknown: true });
      return HttpResponse.json<EmployeeRecord>(makeEmployee({ ...input, ...masked(input), id: 'emp-new' }), { status: 201 });
    }),
    http.put('/api/users/:id', async ({ params, request }) => {
      const { version, password: _password, ...input } = await employeeUpdateSchema.validate(await request.json(), { stripUnknown: true });
      const before = employeeFixtures.find((item) => item.id === params.id);
      const pii = Object.fromEntries(
        PII_FIELDS.map((field) => [field, input[field] === undefined ? (before?.[field] ?? '') : input[field] ? PII_MASKS[field](input[field]) : '']),
      );
      return HttpResponse.json<EmployeeRecord>(makeEmployee({ ...before, ...input, ...pii, id: String(params.id), name: input.name, version: version + 1 }));
    }),
    http.delete('/api/users/:id', ({ params }) => HttpResponse.json({ id: String(params.id) })),
    http.post('/api/users/:id/reveal', async ({ params, request }) => {
      const { fields } = (await request.json()) as { fields: PiiField[] };
      const clear = CLEAR_PII[String(params.id)] ?? {};
      return HttpResponse.json<RevealResult>({ id: String(params.id), values: Object.fromEntries(fields.map((field) => [field, clear[field] ?? ''])) });
    }),
  ];
}
