import { beforeAll, describe, expect, it } from 'vitest';
import { MAINTENANCE_RETRY_AFTER_SECONDS } from '@app/shared-types/settings';
import type { Db } from '../src/db/client';
import { systemContext } from '../src/db/entity';
import { createCustomer } from '../src/customers/customer-repo';
import { createProject } from '../src/projects/project-repo';
import { getSettings, saveSettings } from '../src/settings/settings-repo';
import { NOT_FOUND_CACHE_CONTROL, PAGE_CACHE_CONTROL } from '../src/site/pages-routes';
import { customerInput, projectInput, type TestApp } from './helpers';
import { createRenderingApp } from './rendering-app';

/**
 * HEAD of the website's rendered pages (a crawler's or a link checker's check): the
 * status and headers a GET of the same path gets, and no body (createRenderingApp,
 * as pages.test.ts).
 */

let app: TestApp;
let db: Db;

beforeAll(async () => {
  ({ app, db } = await createRenderingApp());
});

/** Headers that name the one request rather than the page. */
const PER_REQUEST = new Set(['x-request-id', 'date']);

function pageHeaders(response: Response): Record<string, string> {
  return Object.fromEntries([...response.headers].filter(([name]) => !PER_REQUEST.has(name)));
}

/** GET and HEAD of `path`: the GET's body read, the HEAD's body as sent. */
async function getAndHead(path: string) {
  const get = await app.request(`http://localhost${path}`);
  const getBody = await get.text();
  const head = await app.request(`http://localhost${path}`, { method: 'HEAD' });
  return { get, getBody, head, headBody: await head.text() };
}

describe('HEAD of a rendered page', () => {
  it.each([
    { path: '/', status: 200, cacheControl: PAGE_CACHE_CONTROL, content: 'Crafting Spaces That Inspire' },
    { path: '/projects', status: 200, cacheControl: PAGE_CACHE_CONTROL, content: 'Jubilee Hills Villa' },
    { path: '/no-such-page', status: 404, cacheControl: NOT_FOUND_CACHE_CONTROL, content: '<footer' },
  ])('$path: the status and headers of its GET ($status), and an empty body', async ({ path, status, cacheControl, content }) => {
    const { get, getBody, head, headBody } = await getAndHead(path);
    // The GET is the rendered page (so the HEAD is compared with a real one).
    expect(get.status).toBe(status);
    expect(get.headers.get('content-type')).toMatch(/^text\/html/);
    expect(get.headers.get('cache-control')).toBe(cacheControl);
    expect(getBody).toContain(content);

    expect(head.status).toBe(status);
    expect(pageHeaders(head)).toEqual(pageHeaders(get));
    expect(headBody).toBe('');
  });

  it("an old project address: the GET's 301 to its slug, with no body", async () => {
    const ctx = systemContext(new Date().toISOString(), 'pages-head-test');
    const customer = await createCustomer(db, { ...customerInput, phone: '+91 90000 44444' }, ctx);
    const created = await createProject(db, { ...projectInput(customer.id), name: 'Narsingi Terrace Flat', showOnWebsite: true }, ctx);
    if (!('project' in created)) throw new Error(`project not created: ${JSON.stringify(created)}`);
    const { get, head, headBody } = await getAndHead(`/projects/${created.project.id}?from=mail`);
    expect(get.status).toBe(301);
    expect(get.headers.get('location')).toBe('/projects/narsingi-terrace-flat?from=mail');
    expect(head.status).toBe(301);
    expect(pageHeaders(head)).toEqual(pageHeaders(get));
    expect(headBody).toBe('');
  });

  it('the maintenance notice: 503 with Retry-After, as its GET, and no body', async () => {
    const current = await getSettings(db);
    const { smtpPasswordSet: _set, ...email } = current.email;
    const saved = await saveSettings(db, undefined, { ...current, email, system: { ...current.system, maintenanceMode: true } }, systemContext(new Date().toISOString()));
    expect('saved' in saved).toBe(true);
    const { get, getBody, head, headBody } = await getAndHead('/projects');
    expect(get.status).toBe(503);
    expect(getBody).toContain('Our website is being updated.');
    expect(head.status).toBe(503);
    expect(head.headers.get('retry-after')).toBe(String(MAINTENANCE_RETRY_AFTER_SECONDS));
    expect(pageHeaders(head)).toEqual(pageHeaders(get));
    expect(headBody).toBe('');
  });
});
