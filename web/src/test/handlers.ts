import { http, HttpResponse } from 'msw';
import type { CalculatorResult, ContactResult, FormTokenResult, Page, PublicProject, PublicProjectDetail } from '@app/shared-types/api';
import { estimateCost } from '@app/shared-types/pricing';
import { calculatorSchema } from '@app/shared-types/forms';
import { blogPostFixtures, projectFixtures, siteFixture } from './fixtures';
import { loginSchema, type PublicUser, type SessionUser } from '@app/shared-types/auth';
import { adminUserFixture, dashboardStatsFixture, FIXTURE_PASSWORD, staffUserFixtures } from './admin-fixtures';

/**
 * The API as the public site sees it, answering from fixtures. Tests override
 * single endpoints with `server.use(...)` to record requests or return errors.
 */
export const handlers = [
  http.get('/api/site', () => HttpResponse.json(siteFixture)),

  http.get('/api/projects', ({ request }) => {
    const status = new URL(request.url).searchParams.get('status') ?? 'all';
    const items = projectFixtures.filter((project) => status === 'all' || project.status === status);
    return HttpResponse.json<Page<PublicProject>>({ items });
  }),

  // By slug, or by an old id (answered with the project, whose slug the page moves its URL to), as the API does.
  http.get('/api/projects/:id', ({ params }) => {
    const project = projectFixtures.find((item) => item.slug === params.id) ?? projectFixtures.find((item) => item.id === params.id);
    if (!project) return HttpResponse.json({ error: 'Project not found' }, { status: 404 });
    // With up to three others to see next, its category first (issue 25).
    const others = projectFixtures.filter((item) => item.id !== project.id);
    const related = [...others.filter((item) => item.category === project.category), ...others.filter((item) => item.category !== project.category)].slice(0, 3);
    return HttpResponse.json<PublicProjectDetail>({ ...project, related });
  }),

  http.get('/api/blog-posts', () => HttpResponse.json({ items: blogPostFixtures })),

  // The contact page's map asks Google whether it can load; tests are offline unless one says otherwise.
  http.get('https://www.google.com/maps', () => HttpResponse.error()),

  // What a public form fetches when it is shown, and sends back with the submission.
  http.get('/api/form-token', () => HttpResponse.json<FormTokenResult>({ token: 'test-form-token' })),

  http.post('/api/calculator', async ({ request }) => {
    const input = await calculatorSchema.validate(await request.json());
    return HttpResponse.json<CalculatorResult>(
      { id: 'estimate-1', createdAt: '2025-01-01T10:00:00.000Z', ...estimateCost(input) },
      { status: 201 },
    );
  }),

  http.post('/api/contact', () =>
    HttpResponse.json<ContactResult>({ id: 'contact-1', createdAt: '2025-01-01T10:00:00.000Z' }, { status: 201 }),
  ),
];

/**
 * The admin portal's auth and dashboard endpoints. Signed out by default;
 * `server.use(...signedInAs(user))` starts a test with a live session.
 */
handlers.push(
  http.get('/api/auth/me', () => HttpResponse.json({ error: 'Please sign in to continue' }, { status: 401 })),
  http.post('/api/auth/login', async ({ request }) => {
    const input = await loginSchema.validate(await request.json());
    const user = staffUserFixtures.find((item) => item.email === input.email);
    if (!user || input.password !== FIXTURE_PASSWORD) {
      return HttpResponse.json({ error: 'Invalid email or password' }, { status: 401 });
    }
    return HttpResponse.json<SessionUser>({ user });
  }),
  http.post('/api/auth/logout', () => HttpResponse.json({ error: 'Please sign in to continue' }, { status: 401 })),
  http.get('/api/dashboard/comprehensive-stats', () => HttpResponse.json(dashboardStatsFixture)),
);

/** A live session for `user` until the app logs out, after which /api/auth/me answers 401 again. */
export function signedInAs(user: PublicUser = adminUserFixture) {
  let signedIn = true;
  return [
    http.get('/api/auth/me', () =>
      signedIn
        ? HttpResponse.json<SessionUser>({ user })
        : HttpResponse.json({ error: 'Please sign in to continue' }, { status: 401 }),
    ),
    http.post('/api/auth/logout', () => {
      signedIn = false;
      return HttpResponse.json({ ok: true });
    }),
  ];
}

// The Leads CRM endpoints, answering from the leads feature's fixtures.
import { leadHandlers } from '../features/leads/test-fixtures';
handlers.push(...leadHandlers());

// The Vendors endpoints, answering from the vendors feature's fixtures.
import { vendorHandlers } from '../features/vendors/test-fixtures';
handlers.push(...vendorHandlers());

// Project Management (projects and customers), first: the website's GET /api/projects/:id would otherwise answer /api/projects/manage.
import { projectManagementHandlers } from '../features/project-management/test-fixtures';
handlers.unshift(...projectManagementHandlers());

// Finance (transactions, figures, plans, ledgers, reports), answering from the finance feature's fixtures.
import { financeHandlers } from '../features/finance/test-fixtures';
handlers.push(...financeHandlers());

// Quotations (list, builder, revisions, send, approve, PDF), the rate library's lookups and the client's link, from the quotations feature's fixtures.
import { quotationHandlers } from '../features/quotations/test-fixtures';
handlers.push(...quotationHandlers());

// The rate library (the quotation builder's editor tab), answering from its feature's fixtures.
import { rateLibraryHandlers } from '../features/rate-library/test-fixtures';
handlers.push(...rateLibraryHandlers());

// Attendance (records, today's cards, check-in/out, the monthly report and its CSV), from the attendance feature's fixtures.
import { attendanceHandlers } from '../features/attendance/test-fixtures';
handlers.push(...attendanceHandlers());

// Employee Management (list, figures, directory, add/edit/delete, reveal), from the employees feature's fixtures.
import { employeeHandlers } from '../features/employees/test-fixtures';
handlers.push(...employeeHandlers());

// Employees' profile photos (signed form, upload, save, remove), from the employees feature's fixtures.
import { profilePhotoHandlers } from '../features/employees/profile-photo-test-fixtures';
handlers.push(...profilePhotoHandlers());

// System Settings (GET and PUT /api/settings), from the settings feature's fixtures.
import { settingsHandlers } from '../features/settings/test-fixtures';
handlers.push(...settingsHandlers());

// Blog Management (list, figures, a post, create/edit/delete) and the post page's view beacon, from the blog-admin feature's fixtures.
import { blogAdminHandlers } from '../features/blog-admin/test-fixtures';
handlers.push(...blogAdminHandlers());

// The header's bell and the Email tab's outbox (empty), from the notifications feature's fixtures.
import { notificationHandlers } from '../features/notifications/test-fixtures';
handlers.push(...notificationHandlers());
