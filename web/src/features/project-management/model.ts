import type { ChipProps } from '@mui/material/Chip';
import {
  PROJECT_STATUSES,
  PUBLIC_PROJECT_STATUSES,
  PUBLIC_PROJECT_STATUS_LABELS,
  type ProjectStatus,
  type PublicProjectStatus,
} from '@app/shared-types/constants';
import { customerCreateSchema, customerName, customerUpdateSchema, type Customer, type CustomerInput, type CustomerUpdateInput } from '@app/shared-types/customers';
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
  type ProjectType,
  type ProjectUpdateInput,
} from '@app/shared-types/projects';

/** Pure rules of the Project Management screen: tabs and filters in the URL, labels, form values. */

export const PROJECT_PAGE_SIZE = 24;
export const CUSTOMER_PAGE_SIZE = 24;
/** Customers offered at once by the project form's customer search. */
export const CUSTOMER_SEARCH_LIMIT = 10;

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

export interface CustomerFilters {
  q: string;
}

function pick<T extends string>(list: readonly T[], value: string | null): T | '' {
  return list.find((item) => item === value) ?? '';
}

/** Reads the project filters from the URL; unknown values are dropped, as if not set. */
export function parseProjectFilters(params: URLSearchParams): ProjectFilters {
  return { q: (params.get('q') ?? '').slice(0, 100), status: pick(PROJECT_STATUSES, params.get('status')) };
}

export function parseCustomerFilters(params: URLSearchParams): CustomerFilters {
  return { q: (params.get('q') ?? '').slice(0, 100) };
}

/** The URL parameters with one parameter set, or removed when empty or null. */
export function withParam(params: URLSearchParams, name: string, value: string | null): URLSearchParams {
  const next = new URLSearchParams(params);
  if (value === null || value === '') next.delete(name);
  else next.set(name, value);
  return next;
}

/** The GET /api/projects/manage query of the filters: only what is set. */
export function projectListQueryOf(filters: ProjectFilters, limit: number, cursor: string | undefined) {
  const query: Record<string, string> = { limit: String(limit) };
  const q = filters.q.trim();
  if (q) query.q = q;
  if (filters.status) query.status = filters.status;
  if (cursor) query.cursor = cursor;
  return query;
}

/** The GET /api/customers query: only what is set. */
export function customerListQueryOf(filters: CustomerFilters, limit: number, cursor: string | undefined) {
  const query: Record<string, string> = { limit: String(limit) };
  const q = filters.q.trim();
  if (q) query.q = q;
  if (cursor) query.cursor = cursor;
  return query;
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

/** Roles that may delete projects and customers (the server refuses employees with 403). */
export function canDeleteRecords(role: string | undefined): boolean {
  return role !== undefined && role !== 'employee';
}

/** A tel: link for a phone number as typed. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/** '1 project', '3 projects'. */
export function projectCountLabel(count: number): string {
  return `${count} ${count === 1 ? 'project' : 'projects'}`;
}

/** How the customer picker names a customer: 'First Last · phone'. */
export function customerOptionLabel(customer: Pick<Customer, 'firstName' | 'lastName' | 'phone'>): string {
  const name = customerName(customer);
  return customer.phone ? `${name} · ${customer.phone}` : name;
}

/** A name typed into the customer search, split into the new customer's first and last name. */
export function splitName(typed: string): { firstName: string; lastName: string } {
  const words = typed.trim().split(/\s+/).filter(Boolean);
  return { firstName: words[0] ?? '', lastName: words.slice(1).join(' ') };
}

/** The project form: every value as the inputs hold it (amounts and progress as typed, dates as YYYY-MM-DD or ''). */
export interface ProjectFormValues {
  customerId: string;
  /** How the chosen customer is named in the picker (not sent). */
  customerLabel: string;
  name: string;
  projectType: ProjectType | '';
  description: string;
  status: ProjectStatus;
  priority: ProjectPriority;
  estimatedBudget: string;
  actualCost: string;
  startDate: string;
  estimatedEndDate: string;
  progress: string;
  siteAddress: string;
  requirements: string;
  notes: string;
  showOnWebsite: boolean;
  title: string;
  category: string;
  area: string;
  location: string;
  publicStatus: PublicProjectStatus | '';
  /** The version the form was loaded from (null for a new project): a stale one gets 409. */
  version: number | null;
}

export const NEW_PROJECT_VALUES: ProjectFormValues = {
  customerId: '',
  customerLabel: '',
  name: '',
  projectType: '',
  description: '',
  status: 'planning',
  priority: 'medium',
  estimatedBudget: '',
  actualCost: '',
  startDate: '',
  estimatedEndDate: '',
  progress: '0',
  siteAddress: '',
  requirements: '',
  notes: '',
  showOnWebsite: false,
  title: '',
  category: '',
  area: '',
  location: '',
  publicStatus: '',
  version: null,
};

const rupees = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 });

/** An amount as the form shows it: Indian digit grouping, no symbol ('12,50,000'), which the schema reads back. */
export function amountText(value: number | null): string {
  return value === null ? '' : rupees.format(value);
}

export function toProjectFormValues(project: Project): ProjectFormValues {
  return {
    customerId: project.customerId,
    customerLabel: project.customerName,
    name: project.name,
    projectType: project.projectType,
    description: project.description,
    status: project.status,
    priority: project.priority,
    estimatedBudget: amountText(project.estimatedBudget),
    actualCost: amountText(project.actualCost),
    startDate: project.startDate ?? '',
    estimatedEndDate: project.estimatedEndDate ?? '',
    progress: String(project.progress),
    siteAddress: project.siteAddress,
    requirements: project.requirements,
    notes: project.notes,
    showOnWebsite: project.showOnWebsite,
    title: project.title,
    category: project.category,
    area: project.area,
    location: project.location,
    publicStatus: project.publicStatus ?? '',
    version: project.version,
  };
}

/** The POST /api/projects body, cleaned by the schema the server validates with ('12,50,000' is 1250000, '' dates null). */
export function toProjectInput(values: ProjectFormValues): ProjectInput {
  return projectCreateSchema.validateSync(values, { stripUnknown: true });
}

/** The PUT /api/projects/:id body: every field plus the version the form was loaded from. */
export function toProjectUpdateInput(values: ProjectFormValues): ProjectUpdateInput {
  return projectUpdateSchema.validateSync(values, { stripUnknown: true });
}

/** The customer form: every value as the inputs hold it. */
export interface CustomerFormValues {
  firstName: string;
  lastName: string;
  phone: string;
  email: string;
  address: string;
  city: string;
  notes: string;
  /** The version the form was loaded from (null for a new customer). */
  version: number | null;
}

export const NEW_CUSTOMER_VALUES: CustomerFormValues = {
  firstName: '',
  lastName: '',
  phone: '',
  email: '',
  address: '',
  city: '',
  notes: '',
  version: null,
};

export function toCustomerFormValues(customer: Customer): CustomerFormValues {
  return {
    firstName: customer.firstName,
    lastName: customer.lastName,
    phone: customer.phone,
    email: customer.email,
    address: customer.address,
    city: customer.city,
    notes: customer.notes,
    version: customer.version,
  };
}

export function toCustomerInput(values: CustomerFormValues): CustomerInput {
  return customerCreateSchema.validateSync(values, { stripUnknown: true });
}

export function toCustomerUpdateInput(values: CustomerFormValues): CustomerUpdateInput {
  return customerUpdateSchema.validateSync(values, { stripUnknown: true });
}
