import type { Page } from '@playwright/test';
import type { Customer } from '@app/shared-types/customers';
import type { Project } from '@app/shared-types/projects';
import { expect, test } from './fixtures';
import { signIn, unique } from './portal';

/** A JSON write from the signed-in page's session (the CSRF guard wants the site's own Origin). */
async function post<T>(page: Page, path: string, body: unknown): Promise<T> {
  const origin = new URL(page.url()).origin;
  const response = await page.request.post(path, { data: body, headers: { origin } });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as T;
}

test("a website project lives at /projects/<slug>: its old id address moves there, its head says so, and a taken address is refused under the field", async ({ page, consoleErrors }) => {
  await signIn(page);
  const { phone, tag } = unique('8', 'Slug');
  const customer = await post<Customer>(page, '/api/customers', { firstName: 'Slug', lastName: tag, phone });
  const project = await post<Project>(page, '/api/projects', {
    customerId: customer.id,
    name: `Kokapet Courtyard House ${tag}`,
    projectType: 'Villa',
    showOnWebsite: true,
    category: 'Villa',
    location: 'Kokapet, Hyderabad',
  });
  const slug = `kokapet-courtyard-house-${tag.toLowerCase()}`;
  expect(project.slug).toBe(slug);

  // Its page, as a crawler gets it (no JS): the slug address in the canonical, og:url and breadcrumbs.
  const html = await (await page.request.get(`/projects/${slug}`)).text();
  expect(html).toContain(`<title>Kokapet Courtyard House ${tag} | `);
  expect(html).toMatch(new RegExp(`<link rel="canonical" href="https?://[^"]+/projects/${slug}"`));
  expect(html).toMatch(new RegExp(`<meta property="og:url" content="https?://[^"]+/projects/${slug}"`));
  expect(html).toContain('"@type":"BreadcrumbList"');

  // The address from before slugs (its id) ends at the slug, in the browser's address bar.
  await page.goto(`/projects/${project.id}`);
  await expect(page).toHaveURL(new RegExp(`/projects/${slug}$`));
  await expect(page.getByRole('heading', { level: 1, name: `Kokapet Courtyard House ${tag}` })).toBeVisible();

  // Staff give it an address another project holds: said under 'Web Address', nothing saved.
  await page.goto(`/admin/projects?project=${project.id}`);
  const dialog = page.getByRole('dialog', { name: 'Edit Project' });
  const field = dialog.getByLabel('Web Address');
  await expect(field).toHaveValue(slug);
  await field.fill('jubilee-hills-villa');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(dialog.getByText('Another project already uses this web address')).toBeVisible();
  // The browser reports the 409 answer; that answer is the point here.
  const refused = () => consoleErrors.findIndex((error) => error.includes('status of 409') && error.includes(`/api/projects/${project.id}`));
  await expect.poll(refused).toBeGreaterThanOrEqual(0);
  consoleErrors.splice(refused(), 1);
  const saved = await (await page.request.get(`/api/projects/manage/${project.id}`)).json();
  expect((saved as Project).slug).toBe(slug);

  // The portal's list showed every project, among them the other worker's, whose photo may be deleted while it
  // loads (project-management.spec): that thumbnail's 404 is not this page's error.
  for (let i = consoleErrors.length - 1; i >= 0; i--) if (/status of 404 .*\/uploads\/projects\//.test(consoleErrors[i]!)) consoleErrors.splice(i, 1);

  // Gone again, so the website's project list is as the other specs expect it (projects.spec counts its cards).
  const removed = await page.request.delete(`/api/projects/${project.id}`, { headers: { origin: new URL(page.url()).origin, 'x-requested-with': 'fetch' } });
  expect(removed.status(), await removed.text()).toBe(200);
});
