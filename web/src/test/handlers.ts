import { http, HttpResponse } from 'msw';
import type { CalculatorResult, ContactResult, Page, PublicProject } from '@app/shared-types/api';
import { estimateCost } from '@app/shared-types/pricing';
import { calculatorSchema } from '@app/shared-types/forms';
import { blogPostFixtures, projectFixtures, siteFixture } from './fixtures';

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

  http.get('/api/projects/:id', ({ params }) => {
    const project = projectFixtures.find((item) => item.id === params.id);
    return project ? HttpResponse.json(project) : HttpResponse.json({ error: 'Project not found' }, { status: 404 });
  }),

  http.get('/api/blog-posts', () => HttpResponse.json({ items: blogPostFixtures })),

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

// The Leads CRM endpoints, answering from the leads feature's fixtures.
import { leadHandlers } from '../features/leads/test-fixtures';
handlers.push(...leadHandlers());
