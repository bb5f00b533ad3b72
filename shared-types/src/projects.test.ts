import { describe, expect, it } from 'vitest';
import { PROJECT_STATUSES, PUBLIC_PROJECT_STATUSES } from './constants';
import { PROJECT_PRIORITIES, PROJECT_TYPES, leadConversionSchema, projectCreateSchema, projectListQuerySchema, projectUpdateSchema } from './projects';
import { chars, fieldRules, rows, testRows, titled, validate, type Accepts, type Refuses } from './schema-test-kit';

const validProject = { customerId: 'customer-1', name: 'Verma villa', projectType: 'Villa' };

const BUDGET_TYPE = 'Budget must be an amount in rupees (up to two decimals)';
const PROGRESS = 'Progress must be a number from 0 to 100';
const END_BEFORE_START = 'The end date cannot be before the start date';

const TEXT_LIMITS: [field: string, max: number, message: string][] = [
  ['description', 5000, 'Description is too long (5000 characters at most)'],
  ['siteAddress', 500, 'Site address is too long (500 characters at most)'],
  ['requirements', 5000, 'Requirements are too long (5000 characters at most)'],
  ['notes', 5000, 'Notes are too long (5000 characters at most)'],
  ['title', 200, 'Title is too long (200 characters at most)'],
  ['category', 100, 'Category is too long (100 characters at most)'],
  ['area', 100, 'Area is too long (100 characters at most)'],
  ['location', 200, 'Location is too long (200 characters at most)'],
];

/** The rules of every project field, shared by create and update. */
function projectRows() {
  const name = rows.maxLength('name', 200, 'Project name is too long (200 characters at most)');
  const texts = TEXT_LIMITS.map(([field, max, message]) => rows.maxLength(field, max, message));
  const accepts: Accepts[] = [
    ['customerId', ' customer-2 ', 'customer-2'],
    ['customerId', chars(64), chars(64)],
    ...name.accepts,
    ...PROJECT_TYPES.map((type): Accepts => ['projectType', type, type]),
    ['projectType', 'villa', 'Villa'],
    ...texts.flatMap((limits) => limits.accepts),
    ...TEXT_LIMITS.map(([field]): Accepts => [field, undefined, '']),
    ['status', undefined, 'planning'],
    ...PROJECT_STATUSES.map((status): Accepts => ['status', status, status]),
    ['status', 'ON_HOLD', 'on_hold'],
    ['priority', undefined, 'medium'],
    ...PROJECT_PRIORITIES.map((priority): Accepts => ['priority', priority, priority]),
    ['estimatedBudget', undefined, null],
    ['estimatedBudget', '', null],
    ['estimatedBudget', '12,50,000', 1_250_000],
    ['estimatedBudget', '12,50,000.50', 1_250_000.5],
    ['estimatedBudget', '₹ 9,50,000.25', 950_000.25],
    ['estimatedBudget', 0, 0],
    ['actualCost', null, null],
    ['actualCost', '1,000.5', 1000.5],
    ...rows.date('startDate').accepts,
    ...rows.date('estimatedEndDate').accepts,
    ['progress', undefined, 0],
    ['progress', '', 0],
    ['progress', null, 0],
    ['progress', 0, 0],
    ['progress', 100, 100],
    ['progress', '45', 45],
    ['publicStatus', undefined, null],
    ['publicStatus', '', null],
    ['publicStatus', null, null],
    ...PUBLIC_PROJECT_STATUSES.map((status): Accepts => ['publicStatus', status, status]),
    ['publicStatus', 'Finished', 'finished'],
    ['showOnWebsite', undefined, false],
    ['showOnWebsite', true, true],
    ['showOnWebsite', 'false', false],
  ];
  const refuses: Refuses[] = [
    ...rows.required('customerId', 'Customer is required'),
    ['customerId', chars(65), 'customerId must be at most 64 characters'],
    ...rows.required('name', 'Project name is required'),
    ...name.refuses,
    ['projectType', undefined, 'Project type is required'],
    ['projectType', '', 'Project type is required'],
    // Renovation is a lead's project type, not a project's.
    ['projectType', 'Renovation', 'Project type is required'],
    ...texts.flatMap((limits) => limits.refuses),
    ['status', 'finished', 'Choose a status'],
    ['priority', 'critical', 'Choose a priority'],
    ['estimatedBudget', '12 lakh', BUDGET_TYPE],
    ['estimatedBudget', '1.234', BUDGET_TYPE],
    ['estimatedBudget', '-1', BUDGET_TYPE],
    ['estimatedBudget', -1, 'Budget cannot be negative'],
    ['estimatedBudget', 1_000_000_000_001, 'Budget is too large'],
    ['actualCost', 'abc', 'Actual cost must be an amount in rupees (up to two decimals)'],
    ['actualCost', -0.01, 'Actual cost cannot be negative'],
    ...rows.date('startDate').refuses,
    ...rows.date('estimatedEndDate').refuses,
    ['progress', -1, PROGRESS],
    ['progress', 101, PROGRESS],
    ['progress', 140, PROGRESS],
    ['progress', 'half', PROGRESS],
    ['publicStatus', 'done', 'Choose finished, ongoing or upcoming'],
    ['showOnWebsite', 'yes', 'showOnWebsite must be true or false'],
  ];
  return { accepts, refuses };
}

describe('projectCreateSchema (POST /api/projects)', () => {
  testRows(projectCreateSchema, validProject, projectRows());

  it.each([
    ['2026-03-01', '2026-03-01', {}],
    ['2026-03-01', '2026-03-02', {}],
    ['2026-03-01', '2026-02-28', { estimatedEndDate: END_BEFORE_START }],
    ['2026-01-10', '2025-12-31', { estimatedEndDate: END_BEFORE_START }],
    [null, '2026-02-28', {}],
    ['2026-03-01', null, {}],
  ])('start %s and end %s: %j', async (startDate, estimatedEndDate, errors) => {
    expect((await validate(projectCreateSchema, { ...validProject, startDate, estimatedEndDate })).errors).toEqual(errors);
  });

  it('names what is missing or wrong in an empty dialog, and fills the SPEC.md defaults', async () => {
    expect((await validate(projectCreateSchema, { progress: '140', estimatedBudget: '12 lakh' })).errors).toEqual({
      customerId: 'Customer is required',
      name: 'Project name is required',
      projectType: 'Project type is required',
      progress: PROGRESS,
      estimatedBudget: BUDGET_TYPE,
    });
    expect((await validate(projectCreateSchema, { ...validProject, estimatedBudget: '12,50,000' })).value).toEqual({
      customerId: 'customer-1',
      name: 'Verma villa',
      projectType: 'Villa',
      description: '',
      status: 'planning',
      priority: 'medium',
      estimatedBudget: 1_250_000,
      actualCost: null,
      startDate: null,
      estimatedEndDate: null,
      progress: 0,
      siteAddress: '',
      requirements: '',
      notes: '',
      title: '',
      slug: '',
      category: '',
      area: '',
      location: '',
      publicStatus: null,
      showOnWebsite: false,
    });
  });
});

describe('projectUpdateSchema (PUT /api/projects/:id)', () => {
  testRows(projectUpdateSchema, { ...validProject, version: 3 }, rows.versioned(projectRows()));
});

describe('projectListQuerySchema (GET /api/projects/manage)', () => {
  const paging = rows.listQuery(24);
  testRows(projectListQuerySchema, {}, {
    accepts: [...PROJECT_STATUSES.map((status): Accepts => ['status', status, status]), ...paging.accepts],
    refuses: [['status', 'finished', 'Unknown status'], ['status', 'On_hold', 'Unknown status'], ...paging.refuses],
  });
});

describe('leadConversionSchema (POST /api/leads/:id/convert)', () => {
  const valid = { customer: { firstName: 'Ravi' }, version: 4 };
  const { accepts, refuses } = fieldRules(leadConversionSchema, valid);
  const withProject = fieldRules(leadConversionSchema, { ...valid, project: { name: 'Ravi home', projectType: '3BHK' } });

  it.each(
    titled<Accepts>([
      ...rows.maxLength('customer.firstName', 100, '').accepts,
      ['customer.lastName', undefined, ''],
      ...rows.maxLength('customer.lastName', 100, '').accepts,
      ['customer.email', '', ''],
      ...rows.email('customer.email').accepts,
      ...rows.maxLength('customer.address', 500, '').accepts,
      ...rows.maxLength('customer.city', 100, '').accepts,
      ['project', undefined, null],
      ['project', null, null],
      ['version', 1, 1],
    ]),
  )('accepts %s', (_title, field, input, cleaned) => accepts(field, input, cleaned));

  it.each(
    titled<Refuses>([
      ...rows.required('customer.firstName', 'First name is required'),
      ['customer.firstName', chars(101), 'First name is too long (100 characters at most)'],
      ['customer.lastName', chars(101), 'Last name is too long (100 characters at most)'],
      ...rows.email('customer.email').refuses,
      ['customer.address', chars(501), 'Address is too long (500 characters at most)'],
      ['customer.city', chars(101), 'City is too long (100 characters at most)'],
      ...rows.version(),
    ]),
  )('refuses %s', (_title, field, input, message, path) => refuses(field, input, message, path));

  it.each(
    titled<Accepts>([
      ...rows.maxLength('project.name', 200, '').accepts,
      ['project.projectType', 'office', 'Office'],
      ['project.estimatedBudget', undefined, null],
      ['project.estimatedBudget', '12,50,000.50', 1_250_000.5],
      ['project.siteAddress', undefined, ''],
      ...rows.maxLength('project.siteAddress', 500, '').accepts,
    ]),
  )('with a project, accepts %s', (_title, field, input, cleaned) => withProject.accepts(field, input, cleaned));

  it.each(
    titled<Refuses>([
      ...rows.required('project.name', 'Project name is required'),
      ['project.name', chars(201), 'Project name is too long (200 characters at most)'],
      ['project.projectType', undefined, 'Project type is required'],
      ['project.projectType', 'Renovation', 'Project type is required'],
      ['project.estimatedBudget', '1.234', BUDGET_TYPE],
      ['project.estimatedBudget', -1, 'Budget cannot be negative'],
      ['project.siteAddress', chars(501), 'Site address is too long (500 characters at most)'],
    ]),
  )('with a project, refuses %s', (_title, field, input, message, path) => withProject.refuses(field, input, message, path));

  it('takes only the customer fields the dialog asks for: the phone comes from the lead', async () => {
    expect((await validate(leadConversionSchema, { customer: { firstName: 'Ravi', phone: '9000000000' }, version: 1 })).value).toEqual({
      customer: { firstName: 'Ravi', lastName: '', email: '', address: '', city: '' },
      project: null,
      version: 1,
    });
  });
});
