import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { BlogPost } from '@app/shared-types/blog';
import { describe, expect, it } from 'vitest';
import { blogPostAdminFixtures, makeBlogPost } from '../../features/blog-admin/test-fixtures';
import { findToast } from '../../test/render';
import { choose, enter, renderPortalPage } from '../../test/portal';
import { server } from '../../test/server';
import { BlogPage } from './blog-page';

const renderBlog = (url = '/admin/blog', role = 'admin') => renderPortalPage(url, { path: '/admin/blog', Component: BlogPage, section: 'blog', role });

const findCard = (name: string) => screen.findByRole('article', { name });

/** The editor has a markdown preview; jsdom renders it slowly beside other test files. */
const FORM_TEST_TIMEOUT = 30_000;

describe('Blog Management: list', () => {
  it('shows the four figures and a card per post with its status, views and address', async () => {
    renderBlog();

    expect(await screen.findByRole('heading', { level: 1, name: 'Blog Management' })).toBeTruthy();
    const figures = within(screen.getByRole('region', { name: 'Blog figures' }));
    for (const [label, value] of [
      ['Total Posts', '2'],
      ['Published', '1'],
      ['Drafts', '1'],
      ['Total Views', '42'],
    ] as const) {
      const card = figures.getByRole('heading', { name: label }).parentElement!;
      await waitFor(() => expect(within(card).getByText(value)).toBeTruthy());
    }
    const published = within(await findCard('A Modern 3BHK Makeover'));
    expect(published.getByText('Published', { selector: '.MuiChip-label' })).toBeTruthy();
    expect(published.getByText('42 views')).toBeTruthy();
    expect(published.getByRole('link', { name: '/blog/modern-3bhk-makeover' }).getAttribute('href')).toBe('/blog/modern-3bhk-makeover');
    const draft = within(await findCard('Kitchen Lighting Draft'));
    expect(draft.getByText('Draft')).toBeTruthy();
    // A draft is not on the website: its address is not a link.
    expect(draft.queryByRole('link')).toBeNull();
  });

  it('sends the search and the status to the server and keeps them in the URL', async () => {
    const queries: URLSearchParams[] = [];
    server.use(
      http.get('/api/blog-posts/manage', ({ request }) => {
        queries.push(new URL(request.url).searchParams);
        return HttpResponse.json({ items: [] });
      }),
    );
    const { user, router } = renderBlog('/admin/blog?status=draft');

    expect(await screen.findByText('No blog posts found matching your criteria')).toBeTruthy();
    expect(queries[0]?.get('status')).toBe('draft');
    await enter(user, screen.getByRole('searchbox', { name: 'Search posts' }), 'kitchen');
    await waitFor(() => expect(queries.at(-1)?.get('q')).toBe('kitchen'));
    expect(queries.at(-1)?.get('status')).toBe('draft');
    expect(router.state.location.search).toContain('q=kitchen');
  });

  it('lets an employee read the list but not write: no Create, Edit or Delete', async () => {
    renderBlog('/admin/blog', 'employee');

    const card = within(await findCard('A Modern 3BHK Makeover'));
    expect(card.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(card.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Create Post' })).toBeNull();
  });
});

describe('Blog Management: the editor', { timeout: FORM_TEST_TIMEOUT }, () => {
  it("derives the slug and SEO title while typing, previews the markdown, and shows 'Blog post created successfully!'", async () => {
    let body: Record<string, unknown> | undefined;
    server.use(
      http.post('/api/blog-posts', async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json<BlogPost>(makeBlogPost({ id: 'post-new', title: 'Monsoon Care for Wood' }), { status: 201 });
      }),
    );
    const { user } = renderBlog();

    await user.click(await screen.findByRole('button', { name: 'Create Post' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Create Post' }));
    await enter(user, dialog.getByLabelText(/^Title/), 'Monsoon Care for Wood!');
    expect(dialog.getByText('Empty: made from the title, /blog/monsoon-care-for-wood')).toBeTruthy();
    expect(dialog.getByText('Empty: copies the title, "Monsoon Care for Wood!"')).toBeTruthy();
    await enter(user, dialog.getByLabelText(/^Content/), '## Seal the edges\n\n<script>alert(1)</script> See the [calculator](/calculator).');
    // jsdom is a narrow screen: Write and Preview are tabs there, side by side on a wide one.
    await user.click(dialog.getByRole('tab', { name: 'Preview' }));
    const preview = within(dialog.getByRole('region', { name: 'Preview' }));
    await waitFor(() => expect(preview.getByRole('heading', { name: 'Seal the edges' })).toBeTruthy());
    expect(preview.getByRole('link', { name: 'calculator' }).getAttribute('rel')).toBe('noopener');
    // Raw HTML is text, never markup.
    expect(preview.getByText(/<script>alert\(1\)<\/script>/)).toBeTruthy();
    expect(document.querySelector('.markdown-content script')).toBeNull();
    await user.click(dialog.getByRole('tab', { name: 'Write' }));
    expect(dialog.getByLabelText<HTMLTextAreaElement>(/^Content/).value).toContain('## Seal the edges');
    await enter(user, dialog.getByLabelText('Tags'), 'wood, monsoon , wood');
    await choose(user, dialog, 'Category', 'Tips');
    await choose(user, dialog, 'Status', 'Published');
    await user.click(dialog.getByRole('button', { name: 'Create Post' }));

    const toast = await findToast('status', 'Blog post created successfully!');
    expect(within(toast).getByText('Monsoon Care for Wood')).toBeTruthy();
    expect(body).toMatchObject({
      title: 'Monsoon Care for Wood!',
      slug: 'monsoon-care-for-wood',
      seoTitle: 'Monsoon Care for Wood!',
      tags: ['wood', 'monsoon'],
      category: 'tips',
      status: 'published',
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create Post' })).toBeNull());
  });

  it('says what is missing before sending anything', async () => {
    let sent = false;
    server.use(
      http.post('/api/blog-posts', () => {
        sent = true;
        return HttpResponse.json({}, { status: 500 });
      }),
    );
    const { user } = renderBlog();

    await user.click(await screen.findByRole('button', { name: 'Create Post' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Create Post' }));
    await user.click(dialog.getByRole('button', { name: 'Create Post' }));

    expect(await dialog.findByText('Title is required')).toBeTruthy();
    expect(dialog.getByText('Content is required')).toBeTruthy();
    expect(sent).toBe(false);
  });

  it("shows a taken slug (409) under the slug field and 'Error creating blog post'", async () => {
    server.use(
      http.post('/api/blog-posts', () =>
        HttpResponse.json({ error: 'Another post already uses this slug', fields: { slug: 'Another post already uses this slug' } }, { status: 409 }),
      ),
    );
    const { user } = renderBlog();

    await user.click(await screen.findByRole('button', { name: 'Create Post' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Create Post' }));
    await enter(user, dialog.getByLabelText(/^Title/), 'A Modern 3BHK Makeover');
    await enter(user, dialog.getByLabelText(/^Content/), 'Again');
    await user.click(dialog.getByRole('button', { name: 'Create Post' }));

    await findToast('alert', 'Error creating blog post');
    expect(await dialog.findByText('Another post already uses this slug')).toBeTruthy();
  });

  it("loads the post whole, saves it with its version and shows 'Blog post updated successfully!'", async () => {
    let body: Record<string, unknown> | undefined;
    server.use(
      http.put('/api/blog-posts/:id', async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json<BlogPost>({ ...blogPostAdminFixtures[0]!, status: 'archived', publishedAt: null, version: 3 });
      }),
    );
    const { user } = renderBlog();

    await user.click(within(await findCard('A Modern 3BHK Makeover')).getByRole('button', { name: 'Edit' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Post' }));
    await waitFor(() => expect(dialog.getByLabelText<HTMLTextAreaElement>(/^Content/).value).toContain('## Start with storage'));
    expect(dialog.getByLabelText<HTMLInputElement>('Tags').value).toBe('3BHK, storage');
    await choose(user, dialog, 'Status', 'Archived');
    await user.click(dialog.getByRole('button', { name: 'Save Changes' }));

    await findToast('status', 'Blog post updated successfully!');
    expect(body).toMatchObject({ version: 2, status: 'archived', slug: 'modern-3bhk-makeover', tags: ['3BHK', 'storage'] });
  });

  it('explains a stale save (409) with what changed', async () => {
    const current = { ...blogPostAdminFixtures[0]!, title: 'Renamed by someone else', version: 3 };
    server.use(
      http.put('/api/blog-posts/:id', () =>
        HttpResponse.json({ error: 'Someone else changed this post. Reload it to see their changes.', current }, { status: 409 }),
      ),
    );
    const { user } = renderBlog();

    await user.click(within(await findCard('A Modern 3BHK Makeover')).getByRole('button', { name: 'Edit' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Post' }));
    await waitFor(() => expect(dialog.getByLabelText<HTMLInputElement>(/^Title/).value).toBe('A Modern 3BHK Makeover'));
    await user.click(dialog.getByRole('button', { name: 'Save Changes' }));

    expect(await dialog.findByText(/Someone else changed this post\. Reload it to see their changes\./)).toBeTruthy();
    await findToast('alert', 'Error updating blog post');
    const changes = within(dialog.getByRole('table', { name: 'What changed' }));
    expect(changes.getByRole('row', { name: 'Title Renamed by someone else A Modern 3BHK Makeover' })).toBeTruthy();
  });
});

describe('Blog Management: delete', () => {
  it("asks for confirmation, deletes, and shows 'Blog post deleted successfully!'", async () => {
    let deleted = '';
    server.use(
      http.delete('/api/blog-posts/:id', ({ params }) => {
        deleted = String(params.id);
        return HttpResponse.json({ id: deleted });
      }),
    );
    const { user } = renderBlog('/admin/blog', 'manager');

    await user.click(within(await findCard('Kitchen Lighting Draft')).getByRole('button', { name: 'Delete' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Delete this blog post?' }));
    await user.click(confirm.getByRole('button', { name: 'Delete' }));

    await findToast('status', 'Blog post deleted successfully!');
    expect(deleted).toBe('post-2');
  });

  it("shows 'Error deleting blog post' with the server's message", async () => {
    server.use(http.delete('/api/blog-posts/:id', () => HttpResponse.json({ error: 'Post not found' }, { status: 404 })));
    const { user } = renderBlog('/admin/blog', 'manager');

    await user.click(within(await findCard('Kitchen Lighting Draft')).getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete this blog post?' })).getByRole('button', { name: 'Delete' }));

    const toast = await findToast('alert', 'Error deleting blog post');
    expect(within(toast).getByText('Post not found')).toBeTruthy();
  });
});
