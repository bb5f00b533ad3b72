import type { PublicProjectStatus } from './constants';
import type { ProjectPhoto } from './photos';
import type { Estimate } from './pricing';

/** The one error body every API error uses. `fields` maps a form field to its message. */
export interface ApiErrorBody {
  error: string;
  fields?: Record<string, string>;
}

/** A project as the public website sees it: no client, budget or cost. */
/** The website address of a public project: its slug (its id only while it has none). Here, beside the type, so the site's pages need no form code. */
export const publicProjectPath = (project: { id: string; slug?: string }) => `/projects/${encodeURIComponent(project.slug || project.id)}`;

export interface PublicProject {
  id: string;
  /** Its website address is /projects/<slug> (publicProjectPath). */
  slug: string;
  title: string;
  description: string;
  /** The cover photo's largest copy ('' when the project has no photo). */
  imageUrl: string;
  /** The first is the cover. */
  images: ProjectPhoto[];
  status: PublicProjectStatus;
  category: string;
  area: string;
  location: string;
}

/** GET /api/projects/:slugOrId: the project and up to 3 others to see next (its category first; each with its cover only). */
export interface PublicProjectDetail extends PublicProject {
  related: PublicProject[];
}

export interface Page<T> {
  items: T[];
  /** Opaque cursor of the next page; absent on the last page. */
  nextCursor?: string;
  /** How many items all pages hold, where a kept count knows it (absent otherwise). */
  total?: number;
}

export interface BlogPostSummary {
  id: string;
  slug: string;
  title: string;
  excerpt: string;
  featuredImage: string;
  publishedAt: string;
  tags: string[];
  author: string;
}

export interface BlogPostDetail extends BlogPostSummary {
  /** Markdown; the web sanitises the rendered HTML. */
  content: string;
  seoTitle: string;
  seoDescription: string;
  /** The last save: Article JSON-LD's dateModified (optional: answers cached before it had it). */
  updatedAt?: string;
}

export interface CalculatorResult extends Estimate {
  id: string;
  createdAt: string;
}

/** GET /api/form-token: what a public form sends back with its submission (forms.ts FORM_TOKEN_FIELD). */
export interface FormTokenResult {
  token: string;
}

export interface ContactResult {
  id: string;
  createdAt: string;
}
