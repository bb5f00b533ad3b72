import type { Page } from '@playwright/test';
import { choose, expect, test } from './fixtures';
import { seeToast, signIn, unique } from './portal';

async function openBlogManagement(page: Page) {
  await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Blog' }).click();
  await expect(page).toHaveURL(/\/admin\/blog/);
  await expect(page.getByRole('heading', { level: 1, name: 'Blog Management' })).toBeVisible();
}

test.describe('blog', () => {
  test('writes a post with a heading and a link, publishes it, reads it on /blog and at its slug, then archives it off the site', async ({ page, consoleErrors }) => {
    // A post's whole life (about 30 steps, two toasts, five pages): twice the default budget for a busy machine.
    test.setTimeout(60_000);
    const { tag } = unique('5', 'E2EB');
    const title = `${tag} Monsoon Care for Teak`;
    const slug = `${tag.toLowerCase()}-monsoon-care-for-teak`;
    await signIn(page);
    await openBlogManagement(page);

    await page.getByRole('button', { name: 'Create Post' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Post' });
    await dialog.getByLabel('Title', { exact: false }).first().fill(title);
    // The slug and the SEO title follow the title while they are empty.
    await expect(dialog.getByText(`Empty: made from the title, /blog/${slug}`)).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Content' }).fill(
      '## Seal the end grain\n\nTeak drinks the monsoon through its ends. Before you start, try our [cost calculator](/calculator).',
    );
    // The preview is the page as visitors will see it.
    const preview = dialog.getByRole('region', { name: 'Preview' });
    await expect(preview.getByRole('heading', { name: 'Seal the end grain' })).toBeVisible();
    await dialog.getByLabel('Excerpt').fill('Three habits that keep teak furniture straight through the rains.');
    await dialog.getByLabel('Tags').fill('teak, monsoon');
    await choose(page, 'Category', 'Tips', dialog);
    await choose(page, 'Status', 'Published', dialog);
    await dialog.getByRole('button', { name: 'Create Post' }).click();
    await seeToast(page, 'Blog post created successfully!', title);
    await expect(page.getByRole('article', { name: title })).toContainText('Published');

    // On the blog list, and at its slug with the heading and a link that works.
    await page.goto('/blog');
    const card = page.getByRole('article').filter({ hasText: title });
    await expect(card).toBeVisible();
    await card.getByRole('link', { name: /Read more/ }).click();
    await expect(page).toHaveURL(new RegExp(`/blog/${slug}$`));
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Seal the end grain' })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(title));
    const link = page.getByRole('link', { name: 'cost calculator' });
    await expect(link).toHaveAttribute('rel', 'noopener');
    await link.click();
    await expect(page).toHaveURL(/\/calculator$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    // Archived: off the list, and its address is the site's not-found page.
    await page.goto(`/admin/blog?q=${tag}`);
    await page.getByRole('article', { name: title }).getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Post' });
    await expect(edit.getByRole('textbox', { name: 'Content' })).toHaveValue(/Seal the end grain/);
    await choose(page, 'Status', 'Archived', edit);
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await seeToast(page, 'Blog post updated successfully!', title);

    const archived = await page.goto(`/blog/${slug}`);
    // The page is rendered on the server with a real 404 status.
    expect(archived?.status()).toBe(404);
    await expect(page.getByText('Post not found.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to blog' })).toBeVisible();
    // The browser reports the page's 404 answer; that answer is the point here.
    const refused = consoleErrors.findIndex((error) => error.includes('status of 404') && error.endsWith(`/blog/${slug})`));
    expect(refused).toBeGreaterThanOrEqual(0);
    consoleErrors.splice(refused, 1);
    await page.goto('/blog');
    await expect(page.getByRole('article').first()).toBeVisible();
    await expect(page.getByRole('article').filter({ hasText: title })).toHaveCount(0);
  });
});
