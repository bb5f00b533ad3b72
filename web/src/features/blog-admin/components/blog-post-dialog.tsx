import type { BlogPost } from '@app/shared-types/blog';
import { useFormikContext } from 'formik';
import { EntityForm, EntityFormDialog, FormSection } from '../../../components/entity-form-dialog';
import { FormField, serverErrorsStatus } from '../../../components/form-fields';
import { ApiError } from '../../../lib/api-client';
import { useCreateBlogPost } from '../api/create-blog-post';
import { useUpdateBlogPost } from '../api/update-blog-post';
import {
  BLOG_FIELD_LABELS,
  CATEGORY_OPTIONS,
  NEW_BLOG_VALUES,
  STATUS_OPTIONS,
  blogFormErrors,
  derivedFields,
  toBlogFormValues,
  toBlogInput,
  type BlogFormValues,
} from '../model';
import { FeaturedImageField } from './featured-image-field';
import { MarkdownEditor } from './markdown-editor';

const TITLE_ID = 'blog-post-dialog-title';

interface BlogPostDialogProps {
  open: boolean;
  /** The post to edit; null writes a new one. */
  postId: string | null;
  /** The post whole, as read for the editor (undefined while it loads). */
  post: BlogPost | undefined;
  error?: unknown;
  onClose: () => void;
}

/** The slug as SPEC.md 5 fills it in (shown under it while the title is typed), category and status. */
function SlugStatusFields() {
  const { values } = useFormikContext<BlogFormValues>();
  const derived = derivedFields(values);
  return (
    <>
      <FormField
        name="slug"
        label="Slug"
        placeholder={derived.slug || 'from the title'}
        autoComplete="off"
        helperText={values.slug.trim() ? `Address: /blog/${values.slug.trim()}` : `Empty: made from the title, /blog/${derived.slug || '…'}`}
        slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'none' } }}
      />
      <FormField name="category" label="Category" kind="select" options={CATEGORY_OPTIONS} size={{ xs: 6, sm: 3 }} />
      <FormField name="status" label="Status" kind="select" options={STATUS_OPTIONS} size={{ xs: 6, sm: 3 }} helperText={values.status === 'published' ? 'Goes live on save' : 'Not on the website'} />
    </>
  );
}

/** SEO title (copies the title while empty) and description. */
function SeoFields() {
  const { values } = useFormikContext<BlogFormValues>();
  const derived = derivedFields(values);
  return (
    <>
      <FormSection title="Search engines" />
      <FormField
        name="seoTitle"
        label="SEO Title"
        placeholder={derived.seoTitle}
        helperText={values.seoTitle.trim() ? undefined : `Empty: copies the title${derived.seoTitle ? `, "${derived.seoTitle}"` : ''}`}
      />
      <FormField name="seoDescription" label="SEO Description" helperText="About 150 characters shown under the title in search results" />
    </>
  );
}

/** Create Post / Edit Post (SPEC.md 5: title, slug and content required). */
export function BlogPostDialog({ open, postId, post, error, onClose }: BlogPostDialogProps) {
  const createPost = useCreateBlogPost();
  const updatePost = useUpdateBlogPost();
  return (
    <EntityFormDialog<BlogPost> open={open} onClose={onClose} titleId={TITLE_ID} maxWidth="md" id={postId} record={post} error={error} editTitle="Edit Post" noun="post">
      {(loaded, reload) => (
        <EntityForm<BlogFormValues, BlogPost>
          titleId={TITLE_ID}
          title={loaded ? 'Edit Post' : 'Create Post'}
          initialValues={loaded ? toBlogFormValues(loaded) : NEW_BLOG_VALUES}
          validate={blogFormErrors}
          validateOnChange={false}
          save={(values) => {
            const input = toBlogInput(values);
            return loaded ? updatePost.mutateAsync({ id: loaded.id, version: loaded.version, ...input }) : createPost.mutateAsync(input);
          }}
          savedToast={(saved) => ({ title: loaded ? 'Blog post updated successfully!' : 'Blog post created successfully!', description: saved.title })}
          errorTitle={loaded ? 'Error updating blog post' : 'Error creating blog post'}
          submitLabel={loaded ? 'Save Changes' : 'Create Post'}
          submittingLabel={loaded ? 'Saving...' : 'Creating...'}
          // A taken slug (409 with a field message) is said under the slug field.
          onFailed={(error, helpers) => {
            if (error instanceof ApiError && error.status === 409 && error.body?.fields) helpers.setStatus(serverErrorsStatus(error.body.fields));
          }}
          versioned={loaded ? { id: loaded.id, noun: 'post', labels: BLOG_FIELD_LABELS, toValues: toBlogFormValues, onReload: reload } : undefined}
          onClose={onClose}
        >
          <FormField name="title" label="Title" required autoFocus autoComplete="off" size={12} />
          <SlugStatusFields />
          <FormSection title="Post" />
          <FormField name="excerpt" label="Excerpt" kind="multiline" size={12} helperText="The summary on the blog list" />
          <MarkdownEditor name="content" label="Content" />
          <FeaturedImageField name="featuredImage" />
          <FormField name="tags" label="Tags" size={12} placeholder="kitchen, storage, 3BHK" helperText="Comma-separated" />
          <SeoFields />
        </EntityForm>
      )}
    </EntityFormDialog>
  );
}
