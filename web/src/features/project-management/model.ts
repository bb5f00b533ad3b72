import type { ChipProps } from '@mui/material/Chip';
import {
  PROJECT_STATUSES,
  PUBLIC_PROJECT_STATUSES,
  PUBLIC_PROJECT_STATUS_LABELS,
  type ProjectStatus,
  type PublicProjectStatus,
} from '@app/shared-types/constants';
import {
  PROJECT_PRIORITIES,
  PROJECT_STATUS_LABELS,
  PROJECT_TYPES,
  derivedPublicStatus,
  projectCreateSchema,
  projectUpdateSchema,
  type Project,
  type ProjectInput,
  type ProjectPriority,
  type ProjectUpdateInput,
} from '@app/shared-types/projects';
import { formValuesOf, type FormValues } from '@app/shared-types/forms';

import { pickOption, searchParam } from '../../lib/url-params';

/** Pure rules of the Project Management screen: tabs and filters in the URL, labels, form values. */

export const PROJECT_PAGE_SIZE = 24;

export const MANAGEMENT_TABS = ['projects', 'customers'] as const;
export type ManagementTab = (typeof MANAGEMENT_TABS)[number];

/** The tab in the URL (?tab=customers); anything else is the projects tab. */
export function parseTab(params: URLSearchParams): ManagementTab {
  return params.get('tab') === 'customers' ? 'customers' : 'projects';
}

/**
 * The URL of another tab. Each tab has its own search (`q`) and dialogs, so
 * nothing of the tab being left is carried over.
 */
export function withTab(tab: ManagementTab): URLSearchParams {
  return new URLSearchParams(tab === 'projects' ? {} : { tab });
}

/** The project list filters, as kept in the URL's search parameters. */
export interface ProjectFilters {
  q: string;
  status: ProjectStatus | '';
}

export type ProjectFilterParam = keyof ProjectFilters;

/** Reads the project filters from the URL; unknown values are dropped, as if not set. */
export function parseProjectFilters(params: URLSearchParams): ProjectFilters {
  return { q: searchParam(params), status: pickOption(PROJECT_STATUSES, params.get('status')) };
}

export const PRIORITY_LABELS: Record<ProjectPriority, string> = {
  low: 'Low',
  medium: 'Medium',
  high: 'High',
  urgent: 'Urgent',
};

export const STATUS_OPTIONS = PROJECT_STATUSES.map((value) => ({ value, label: PROJECT_STATUS_LABELS[value] }));
export const PRIORITY_OPTIONS = PROJECT_PRIORITIES.map((value) => ({ value, label: PRIORITY_LABELS[value] }));
export const PROJECT_TYPE_OPTIONS = PROJECT_TYPES.map((value) => ({ value, label: value }));
/** '' is sent as null: the website shows the status derived from the project's own. */
export const PUBLIC_STATUS_OPTIONS = [
  { value: '', label: 'Automatic (from status)' },
  ...PUBLIC_PROJECT_STATUSES.map((value) => ({ value, label: PUBLIC_PROJECT_STATUS_LABELS[value] })),
];

/**
 * Status chips: early stages grey, blue and terracotta, work on site amber
 * (the website's 'ongoing'), done green, on hold red: it needs someone's attention.
 */
export const STATUS_COLORS: Record<ProjectStatus, ChipProps['color']> = {
  planning: 'default',
  design: 'info',
  approval: 'secondary',
  execution: 'warning',
  completed: 'success',
  on_hold: 'error',
};

/** Priority chips: the more urgent, the warmer. */
export const PRIORITY_COLORS: Record<ProjectPriority, ChipProps['color']> = {
  low: 'default',
  medium: 'info',
  high: 'warning',
  urgent: 'error',
};

/** A progress figure fit for a 0-100 bar (a whole number). */
export function clampProgress(value: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.round(Math.min(100, Math.max(0, value)));
}

/** What the website shows a project as: the status staff set, else the one derived from the project's status. */
export function shownPublicStatus(project: Pick<Project, 'publicStatus' | 'status'>): PublicProjectStatus {
  return project.publicStatus ?? derivedPublicStatus(project.status);
}


/** The project form: every value as the inputs hold it (amounts and progress as typed, dates as YYYY-MM-DD or ''). */
export type ProjectFormValues = FormValues<ProjectInput> & {
  /** How the chosen customer is named in the picker (not sent). */
  customerLabel: string;
  /** The version the form was loaded from (null for a new project): a stale one gets 409. */
  version: number | null;
};

const rupees = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 });

/** An amount as the form shows it: Indian digit grouping, no symbol ('12,50,000'), which the schema reads back. */
export function amountText(value: number | null): string {
  return value === null ? '' : rupees.format(value);
}

export const NEW_PROJECT_VALUES: ProjectFormValues = { ...formValuesOf(projectCreateSchema), customerLabel: '', version: null };

export function toProjectFormValues(project: Project): ProjectFormValues {
  return { ...formValuesOf(projectCreateSchema, project, amountText), customerLabel: project.customerName, version: project.version };
}

/** The POST /api/projects body, cleaned by the schema the server validates with ('12,50,000' is 1250000, '' dates null). */
export function toProjectInput(values: ProjectFormValues): ProjectInput {
  return projectCreateSchema.validateSync(values, { stripUnknown: true });
}

/** The PUT /api/projects/:id body: every field plus the version the form was loaded from. */
export function toProjectUpdateInput(values: ProjectFormValues): ProjectUpdateInput {
  return projectUpdateSchema.validateSync(values, { stripUnknown: true });
}


/** The project form's fields, as labelled, for the changes a stale save shows. */
export const PROJECT_FIELD_LABELS: Record<string, string> = {
  customerLabel: 'Customer',
  name: 'Project Name',
  projectType: 'Project Type',
  status: 'Status',
  priority: 'Priority',
  progress: 'Progress',
  description: 'Description',
  estimatedBudget: 'Estimated Budget (₹)',
  actualCost: 'Actual Cost (₹)',
  startDate: 'Start Date',
  estimatedEndDate: 'Estimated End Date',
  siteAddress: 'Site Address',
  requirements: 'Requirements',
  notes: 'Notes',
  showOnWebsite: 'Show on website',
  title: 'Public Title',
  category: 'Category',
  area: 'Area',
  location: 'Location',
  publicStatus: 'Public Status',
  slug: 'Web Address',
};
