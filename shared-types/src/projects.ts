import * as yup from 'yup';
import {
  PROJECT_STATUSES,
  PUBLIC_PROJECT_STATUSES,
  type ProjectStatus,
  type PublicProjectStatus,
} from './constants';
import { atMostMoney, expectedVersion, oneOfList, optionalDate, pageLimit, rupeesOrNull, storedFields, multilineText, text } from './forms';
import { projectPhotoSchema } from './photos';
import { BLOG_SLUG_PATTERN, slugify } from './blog';

/**
 * Project Management: the admin project form of SPEC.md 3 plus what the
 * public site shows. GET /api/projects stays the website's list (public
 * fields of projects shown on the website); staff list every project through
 * GET /api/projects/manage.
 */

/** SPEC.md 9: project types. */
export const PROJECT_TYPES = ['1BHK', '2BHK', '3BHK', '4BHK', 'Villa', 'Office', 'Commercial'] as const;
export type ProjectType = (typeof PROJECT_TYPES)[number];

/** SPEC.md 4: priority, medium by default. */
export const PROJECT_PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;
export type ProjectPriority = (typeof PROJECT_PRIORITIES)[number];

export const PROJECT_STATUS_LABELS: Record<ProjectStatus, string> = {
  planning: 'Planning',
  design: 'Design',
  approval: 'Approval',
  execution: 'Execution',
  completed: 'Completed',
  on_hold: 'On hold',
};

/**
 * The public status a project shows on the website when staff have not set
 * one: done work is finished, work on site is ongoing, the rest is upcoming.
 */
export function derivedPublicStatus(status: ProjectStatus): PublicProjectStatus {
  if (status === 'completed') return 'finished';
  if (status === 'execution' || status === 'on_hold') return 'ongoing';
  return 'upcoming';
}

/** The longest project slug; a derived one leaves room for a '-NN' suffix. */
export const PROJECT_SLUG_MAX = 120;
const DERIVED_SLUG_MAX = PROJECT_SLUG_MAX - 6;
/** The message of a slug another project holds (409, under the slug field). */
export const PROJECT_SLUG_TAKEN = 'Another project already uses this web address';

/**
 * The slug a project's website title (else its name) gives, e.g.
 * 'Jubilee Hills Villa' -> 'jubilee-hills-villa'; 'project' when the text has
 * no Latin letters or digits. `n` > 1 gives the n-th candidate ('...-2').
 */
export function projectSlug(titleOrName: string, n = 1): string {
  const base = slugify(titleOrName).slice(0, DERIVED_SLUG_MAX).replace(/-+$/, '') || 'project';
  return n > 1 ? `${base}-${n}` : base;
}

const projectFields = {
  customerId: yup.string().typeError('Customer is required').trim().required('Customer is required').max(64),
  name: text().required('Project name is required').max(200, 'Project name is too long (200 characters at most)'),
  projectType: oneOfList(PROJECT_TYPES, 'Project type is required').required('Project type is required'),
  description: multilineText().max(5000, 'Description is too long (5000 characters at most)').default(''),
  status: oneOfList(PROJECT_STATUSES, 'Choose a status').default('planning'),
  priority: oneOfList(PROJECT_PRIORITIES, 'Choose a priority').default('medium'),
  estimatedBudget: rupeesOrNull('Budget').test(atMostMoney('Budget is too large')),
  actualCost: rupeesOrNull('Actual cost').test(atMostMoney('Actual cost is too large')),
  startDate: optionalDate(),
  estimatedEndDate: optionalDate().test(
    'after-start',
    'The end date cannot be before the start date',
    function endAfterStart(value) {
      const start = (this.parent as { startDate?: string | null }).startDate;
      return !value || !start || value >= start;
    },
  ),
  progress: yup
    .number()
    .transform((value: unknown, original: unknown) => (original === '' || original === null ? 0 : value))
    .typeError('Progress must be a number from 0 to 100')
    .min(0, 'Progress must be a number from 0 to 100')
    .max(100, 'Progress must be a number from 0 to 100')
    .default(0),
  siteAddress: multilineText().max(500, 'Site address is too long (500 characters at most)').default(''),
  requirements: multilineText().max(5000, 'Requirements are too long (5000 characters at most)').default(''),
  notes: multilineText().max(5000, 'Notes are too long (5000 characters at most)').default(''),
  // What the website shows when the project is on it.
  title: text().max(200, 'Title is too long (200 characters at most)').default(''),
  category: text().max(100, 'Category is too long (100 characters at most)').default(''),
  area: text().max(100, 'Area is too long (100 characters at most)').default(''),
  location: text().max(200, 'Location is too long (200 characters at most)').default(''),
  /** Null: derived from the status (derivedPublicStatus). */
  publicStatus: oneOfList<PublicProjectStatus>(PUBLIC_PROJECT_STATUSES, 'Choose finished, ongoing or upcoming')
    .nullable()
    .transform((value: unknown) => (value === '' ? null : value))
    .default(null),
  showOnWebsite: yup.boolean().typeError('showOnWebsite must be true or false').default(false),
  /** The website address (/projects/<slug>); blank: derived from the title or name (create) or kept (edit). */
  slug: text()
    .transform((value: unknown) => (typeof value === 'string' ? value.trim().toLowerCase() : value))
    .max(PROJECT_SLUG_MAX, `Web address is too long (${PROJECT_SLUG_MAX} characters at most)`)
    .matches(BLOG_SLUG_PATTERN, { message: 'Use lowercase letters, digits and single hyphens (e.g. jubilee-hills-villa)', excludeEmptyString: true })
    .default(''),
};

/** POST /api/projects (the create dialog). */
export const projectCreateSchema = yup.object(projectFields);
export type ProjectInput = yup.InferType<typeof projectCreateSchema>;

/** PUT /api/projects/:id: every field plus the version the editor saw (a stale one gets 409). */
export const projectUpdateSchema = yup.object({
  ...projectFields,
  version: expectedVersion(),
});
export type ProjectUpdateInput = yup.InferType<typeof projectUpdateSchema>;

/** GET /api/projects/manage: newest first; q matches name, title, customer, location. */
export const projectListQuerySchema = yup.object({
  status: yup.mixed<ProjectStatus>().oneOf([...PROJECT_STATUSES], 'Unknown status').optional(),
  q: text().max(100, 'Search is too long').optional(),
  limit: pageLimit(24),
  cursor: yup.string().max(2048).optional(),
});
export type ProjectListQuery = yup.InferType<typeof projectListQuerySchema>;

/** A project as stored and as staff see it. */
export const storedProjectSchema = yup.object({
  ...projectFields,
  /** The customer's name: kept as of the last save (for the search), answered as it is now. */
  customerName: yup.string().defined().default(''),
  /** The first photo is the cover. */
  images: yup.array(projectPhotoSchema).required().default([]),
  /** The lead this project came from, if any. */
  leadId: yup.string().nullable().default(null),
  ...storedFields,
});
export type Project = yup.InferType<typeof storedProjectSchema>;

/** POST /api/leads/:id/convert: a Won lead becomes a customer and, optionally, a project. */
export const leadConversionSchema = yup.object({
  customer: yup
    .object({
      firstName: text().required('First name is required').max(100, 'First name is too long (100 characters at most)'),
      lastName: text().max(100, 'Last name is too long (100 characters at most)').default(''),
      email: text().max(254, 'Email address is too long').email('Enter a valid email address').default(''),
      address: multilineText().max(500, 'Address is too long (500 characters at most)').default(''),
      city: text().max(100, 'City is too long (100 characters at most)').default(''),
    })
    .required(),
  project: yup
    .object({
      name: projectFields.name,
      projectType: projectFields.projectType,
      estimatedBudget: projectFields.estimatedBudget,
      siteAddress: projectFields.siteAddress,
    })
    .nullable()
    .default(null),
  /** The lead's version the user saw. */
  version: expectedVersion(),
});
export type LeadConversionInput = yup.InferType<typeof leadConversionSchema>;
