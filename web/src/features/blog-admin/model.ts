import type { ChipProps } from '@mui/material/Chip';
import {
  BLOG_CATEGORIES,
  BLOG_CATEGORY_LABELS,
  BLOG_STATUSES,
  BLOG_STATUS_LABELS,
  blogPostCreateSchema,
  slugify,
  type BlogPost,
  type BlogPostInput,
  type BlogStatus,
} from '@app/shared-types/blog';
import { fieldMessages, formValuesOf, type FormValues } from '@app/shared-types/forms';
import { ValidationError } from 'yup';
import { pickOption, searchParam } from '../../lib/url-params';

/** Pure rules of Blog Management: filters in the URL, labels, and the editor's form values. */

export const BLOG_PAGE_SIZE = 20;

/** The list filters, as kept in the URL's search parameters. */
export interface BlogFilters {
  q: string;
  status: BlogStatus | '';
}
export type BlogFilterParam = keyof BlogFilters;

/** Reads the filters from the URL; unknown values are dropped, as if not set. */
export function parseBlogFilters(params: URLSearchParams): BlogFilters {
  return { q: searchParam(params), status: pickOption(BLOG_STATUSES, params.get('status')) };
}

export const STATUS_OPTIONS = BLOG_STATUSES.map((value) => ({ value, label: BLOG_STATUS_LABELS[value] }));
export const CATEGORY_OPTIONS = BLOG_CATEGORIES.map((value) => ({ value, label: BLOG_CATEGORY_LABELS[value] }));

/** Status chips: published green, draft amber, archived grey. */
export const STATUS_COLORS: Record<BlogStatus, ChipProps['color']> = { published: 'success', draft: 'warning', archived: 'default' };

/** The editor's values: every field as its input holds it; tags as comma-separated text. */
export type BlogFormValues = FormValues<BlogPostInput>;

export const NEW_BLOG_VALUES: BlogFormValues = { ...formValuesOf(blogPostCreateSchema), tags: '' };

export function toBlogFormValues(post: BlogPost): BlogFormValues {
  return { ...formValuesOf(blogPostCreateSchema, post), tags: post.tags.join(', ') };
}

/** The label of each field, for the stale-save comparison. */
export const BLOG_FIELD_LABELS: Record<keyof BlogFormValues, string> = {
  title: 'Title',
  slug: 'Slug',
  excerpt: 'Excerpt',
  content: 'Content',
  featuredImage: 'Featured Image',
  category: 'Category',
  tags: 'Tags',
  status: 'Status',
  seoTitle: 'SEO Title',
  seoDescription: 'SEO Description',
};

/**
 * SPEC.md 5, as the editor shows it while typing: the slug the post will get
 * (the typed one, else the title's) and the SEO title (the typed one, else the title).
 */
export function derivedFields(values: Pick<BlogFormValues, 'title' | 'slug' | 'seoTitle'>) {
  const title = values.title.trim();
  return { slug: values.slug.trim() || slugify(title), seoTitle: values.seoTitle.trim() || title };
}

/** The form's errors by the schema the server validates with ({} when valid). */
export function blogFormErrors(values: BlogFormValues): Record<string, string> {
  try {
    blogPostCreateSchema.validateSync(values, { abortEarly: false, stripUnknown: true });
    return {};
  } catch (error) {
    if (error instanceof ValidationError) {
      const errors: Record<string, string> = {};
      for (const [path, message] of Object.entries(fieldMessages(error))) errors[path.replace(/\[\d+\]$/, '')] ??= message;
      return errors;
    }
    throw error;
  }
}

/** The POST/PUT body, cleaned by the schema the server validates with (tags a list, slug and SEO title derived). */
export function toBlogInput(values: BlogFormValues): BlogPostInput {
  return blogPostCreateSchema.validateSync(values, { stripUnknown: true });
}

/** The date a post shows in the list: its publication, else when it was written. */
export function listDate(post: Pick<BlogPost, 'publishedAt' | 'createdAt'>): string {
  return post.publishedAt ?? post.createdAt;
}
