import { http, HttpResponse } from 'msw';
import type { Page } from '@app/shared-types/api';
import { customerCreateSchema, customerName, customerUpdateSchema, type Customer } from '@app/shared-types/customers';
import { projectCreateSchema, projectUpdateSchema, type Project } from '@app/shared-types/projects';

/** Projects, customers and MSW handlers for the Project Management tests (`server.use(...projectManagementHandlers())`). */

export function makeCustomer(overrides: Partial<Customer> & Pick<Customer, 'id' | 'firstName'>): Customer {
  return {
    lastName: '',
    phone: '9848033333',
    email: '',
    address: '',
    city: '',
    notes: '',
    projectCount: 0,
    leadId: null,
    createdAt: '2025-01-10T10:00:00.000Z',
    updatedAt: '2025-01-10T10:00:00.000Z',
    version: 1,
    ...overrides,
  };
}

/** A project as staff see it: the schema's defaults for every field the overrides leave out. */
export function makeProject(overrides: Partial<Project> & Pick<Project, 'id' | 'name'>): Project {
  return {
    ...projectCreateSchema.validateSync({ customerId: 'customer-1', name: overrides.name, projectType: '3BHK' }),
    customerName: 'Priya Nair',
    images: [],
    leadId: null,
    createdAt: '2025-01-10T10:00:00.000Z',
    updatedAt: '2025-01-10T10:00:00.000Z',
    version: 1,
    ...overrides,
  };
}

export const customerFixtures: Customer[] = [
  makeCustomer({
    id: 'customer-1',
    firstName: 'Priya',
    lastName: 'Nair',
    phone: '+91 98480 33333',
    email: 'priya@example.com',
    city: 'Hyderabad',
    projectCount: 2,
    leadId: 'lead-1',
    version: 2,
  }),
  makeCustomer({ id: 'customer-2', firstName: 'Rahul', lastName: 'Verma', phone: '9000011111', city: 'Secunderabad', projectCount: 1 }),
  makeCustomer({ id: 'customer-3', firstName: 'Sana', lastName: 'Khan', phone: '9000022222' }),
];

export const projectFixtures: Project[] = [
  makeProject({
    id: 'project-1',
    name: 'Nair residence',
    projectType: '3BHK',
    status: 'execution',
    priority: 'high',
    estimatedBudget: 1250000,
    actualCost: 480000,
    startDate: '2025-01-06',
    estimatedEndDate: '2025-04-30',
    progress: 40,
    siteAddress: 'Flat 402, Gachibowli',
    showOnWebsite: true,
    title: 'Gachibowli 3BHK',
    category: 'Residential',
    area: '1,650 sq ft',
    location: 'Gachibowli, Hyderabad',
    images: [
      {
        id: '0f6b7a4e-1c2d-4e5f-8a9b-0c1d2e3f4a5b',
        url: '/uploads/projects/project-1/cover-1600.jpg',
        copies: [
          { url: '/uploads/projects/project-1/cover-480.jpg', width: 480 },
          { url: '/uploads/projects/project-1/cover-1600.jpg', width: 1600 },
        ],
        aspectRatio: 1.5,
      },
    ],
    version: 3,
  }),
  makeProject({
    id: 'project-2',
    name: 'Verma office',
    customerId: 'customer-2',
    customerName: 'Rahul Verma',
    projectType: 'Office',
    status: 'design',
    priority: 'urgent',
    progress: 15,
  }),
  makeProject({ id: 'project-3', name: 'Nair kitchen', projectType: '2BHK', status: 'completed', priority: 'low', progress: 100 }),
];

function matches(text: string, q: string) {
  return text.toLowerCase().includes(q.toLowerCase());
}

/** The project and customer endpoints answering from the fixtures: searched and filtered like the server, one page. */
export function projectManagementHandlers() {
  return [
    http.get('/api/projects/manage', ({ request }) => {
      const params = new URL(request.url).searchParams;
      const q = params.get('q') ?? '';
      const items = projectFixtures.filter(
        (project) =>
          (!params.get('status') || project.status === params.get('status')) &&
          (!q || matches(`${project.name} ${project.customerName} ${project.location}`, q)),
      );
      return HttpResponse.json<Page<Project>>({ items });
    }),
    http.get('/api/projects/manage/:id', ({ params }) => {
      const project = projectFixtures.find((item) => item.id === params.id);
      return project ? HttpResponse.json(project) : HttpResponse.json({ error: 'Project not found' }, { status: 404 });
    }),
    http.post('/api/projects', async ({ request }) => {
      const input = await projectCreateSchema.validate(await request.json(), { stripUnknown: true });
      const customer = customerFixtures.find((item) => item.id === input.customerId);
      return HttpResponse.json<Project>(
        makeProject({ ...input, id: 'project-new', customerName: customer ? customerName(customer) : '' }),
        { status: 201 },
      );
    }),
    http.put('/api/projects/:id', async ({ params, request }) => {
      const { version, ...input } = await projectUpdateSchema.validate(await request.json(), { stripUnknown: true });
      const before = projectFixtures.find((item) => item.id === params.id);
      return HttpResponse.json<Project>(makeProject({ ...before, ...input, id: String(params.id), version: version + 1 }));
    }),
    http.delete('/api/projects/:id', ({ params }) => HttpResponse.json({ id: String(params.id) })),

    http.get('/api/customers', ({ request }) => {
      const q = new URL(request.url).searchParams.get('q') ?? '';
      const items = customerFixtures.filter((customer) => !q || matches(`${customerName(customer)} ${customer.phone} ${customer.email}`, q));
      return HttpResponse.json<Page<Customer>>({ items });
    }),
    http.get('/api/customers/:id', ({ params }) => {
      const customer = customerFixtures.find((item) => item.id === params.id);
      return customer ? HttpResponse.json(customer) : HttpResponse.json({ error: 'Customer not found' }, { status: 404 });
    }),
    http.post('/api/customers', async ({ request }) => {
      const input = await customerCreateSchema.validate(await request.json(), { stripUnknown: true });
      return HttpResponse.json<Customer>(makeCustomer({ ...input, id: 'customer-new' }), { status: 201 });
    }),
    http.put('/api/customers/:id', async ({ params, request }) => {
      const { version, ...input } = await customerUpdateSchema.validate(await request.json(), { stripUnknown: true });
      const before = customerFixtures.find((item) => item.id === params.id);
      return HttpResponse.json<Customer>(makeCustomer({ ...before, ...input, id: String(params.id), version: version + 1 }));
    }),
    http.delete('/api/customers/:id', ({ params }) => HttpResponse.json({ id: String(params.id) })),
  ];
}
