import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { MIN_FILL_MS } from '@app/shared-types/forms';
import { createDb } from '../src/db/client';
import { findLeadIdByPhone, getLead } from '../src/leads/lead-repo';
import { startDynamoLocal } from '../src/local/dynamo-local';
import { launchLocalServer } from '../src/local/launch';
import { contentSecurityPolicy, SECURITY_HEADERS } from '../src/lib/security-headers';
import { validEstimate } from './helpers';

const root = fileURLToPath(new URL('../../', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'interiors-local-'));
// As an older version left it: readable by every account of the machine.
chmodSync(dataDir, 0o755);
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/**
 * A stand-in for the web build: the portal's document, the website's (the renderer's template), an asset,
 * and a server build (web/dist/server/entry-server.js) that marks the pages it renders.
 */
function fakeWebDist(): string {
  const webDist = mkdtempSync(join(tmpdir(), 'interiors-web-'));
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Portal</title>');
  writeFileSync(join(webDist, 'site.html'), '<!doctype html><title>Site</title>');
  writeFileSync(join(webDist, 'assets', 'app-1234.js'), 'console.log(1);');
  mkdirSync(join(webDist, 'server'));
  writeFileSync(
    join(webDist, 'server', 'entry-server.js'),
    "export async function renderPage({ template, url }) { return { status: 200, html: template.replace('<title>Site</title>', '<title>Rendered ' + new URL(url).pathname + '</title>') }; }",
  );
  return webDist;
}
const webDist = fakeWebDist();
afterAll(() => rmSync(webDist, { recursive: true, force: true }));

/** Starts the local host from source, as `npm start` would run it, on a free port, its data kept in `dataDir`. */
function startLocalHost() {
  return launchLocalServer({
    cwd: root,
    args: ['--import', 'tsx', 'functions/src/local/server.ts'],
    // Java at the normal CPU priority: niced, it is starved when the machine is busy with other tests, and the start
    // then depends on the machine's load (it took over 60 s with four test runs beside it).
    env: { PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, WEB_DIST: webDist, TABLE_NAME: 'interiors', DYNAMODB_YIELD_CPU: '0' },
  });
}

/** Java processes whose command line mentions the data folder (DynamoDB Local started for it). */
function javaProcessesFor(dir: string): string[] {
  const lines = execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' }).split('\n');
  return lines.filter((line) => line.includes('java') && line.includes(dir));
}

/** The security headers of every kind of answer: the CloudFront ones, without HSTS and upgrades over plain http. */
async function expectSecurityHeaders(url: string) {
  for (const [path, status] of [['/', 200], ['/assets/app-1234.js', 200], ['/admin', 200], ['/admin/leads', 200], ['/api/site', 200], ['/api/nothing-here', 404]] as const) {
    const response = await fetch(`${url}${path}`);
    expect(response.status, path).toBe(status);
    // Over plain http there is no https:// to upgrade to, and photos upload to the host itself.
    expect(response.headers.get('content-security-policy'), path).toBe(contentSecurityPolicy(undefined, { upgradeInsecureRequests: false }));
    expect(response.headers.get('x-content-type-options'), path).toBe(SECURITY_HEADERS.contentTypeOptions);
    expect(response.headers.get('x-frame-options'), path).toBe(SECURITY_HEADERS.frameOptions);
    expect(response.headers.get('referrer-policy'), path).toBe(SECURITY_HEADERS.referrerPolicy);
    expect(response.headers.get('permissions-policy'), path).toBe(SECURITY_HEADERS.permissionsPolicy);
    expect(response.headers.get('strict-transport-security'), path).toBeNull();
    const text = await response.text();
    // Website paths are rendered (site/pages-routes.ts); the portal gets the SPA's index.html.
    if (path === '/') expect(text).toContain('<title>Rendered /</title>');
    if (path.startsWith('/admin')) expect(text).toContain('<title>Portal</title>');
  }
  const csp = contentSecurityPolicy(undefined, { upgradeInsecureRequests: false });
  expect(csp).toContain("connect-src 'self' https://www.google.com;");
  expect(csp).toContain("frame-ancestors 'none'");
}

describe('the local host (npm start)', () => {
  // One start serves both checks: each start is a JVM and the server transpiled from source.
  it('sends the security headers, keeps a submitted lead across a restart and leaves no Java process behind', async () => {
    const phone = '9123456780';
    const first = await startLocalHost();
    // The form's token, signed with the key derived from .data's signing key; then a person's time.
    const { token: formToken } = (await (await fetch(`${first.url}/api/form-token`)).json()) as { token: string };
    await expectSecurityHeaders(first.url);
    // The pages' CloudFront Function runs here too (site/page-query.ts): a query other than the page's own is its 302, never rendered.
    const odd = await fetch(`${first.url}/projects?status=zz9&utm_source=x`, { redirect: 'manual' });
    expect(odd.status).toBe(302);
    // A campaign's tracking parameters stay for the page to read (issue 26's attribution); the odd filter goes.
    expect(odd.headers.get('location')).toBe('/projects?utm_source=x');
    expect(await odd.text()).not.toContain('Rendered');
    const known = await fetch(`${first.url}/projects?status=finished`, { redirect: 'manual' });
    expect(known.status).toBe(200);
    expect(await known.text()).toContain('<title>Rendered /projects</title>');
    await new Promise((resolve) => setTimeout(resolve, MIN_FILL_MS));
    const response = await fetch(`${first.url}/api/calculator`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...validEstimate, phone, formToken }),
    });
    expect(response.status).toBe(201);
    expect(javaProcessesFor(dataDir)).toHaveLength(1);
    await first.stop('SIGINT');
    expect(javaProcessesFor(dataDir)).toEqual([]);

    // A restart on the same data keeps the lead, and does not seed the samples again.
    const second = await startLocalHost();
    const projects = (await (await fetch(`${second.url}/api/projects?limit=50`)).json()) as { items: unknown[] };
    expect(projects.items).toHaveLength(8);
    await second.stop('SIGINT');
    expect(javaProcessesFor(dataDir)).toEqual([]);

    const dynamo = await startDynamoLocal({ dataDir: join(dataDir, 'dynamodb') });
    try {
      const db = createDb({ table: 'interiors', endpoint: dynamo.endpoint, region: 'local' });
      const leadId = await findLeadIdByPhone(db, phone);
      expect(leadId).toBeDefined();
      expect(await getLead(db, leadId!)).toMatchObject({ name: validEstimate.name, source: 'Website' });
    } finally {
      await dynamo.stop();
    }
  }, 120_000);

  // After the starts above: what they left in the data folder.
  it("keeps the data folder the owner's alone: the folder 0700, every file in it (the database's too) 0600", () => {
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    const open: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if ((statSync(path).mode & 0o077) !== 0) open.push(`${path.slice(dataDir.length)} ${(statSync(path).mode & 0o777).toString(8)}`);
        if (entry.isDirectory()) walk(path);
      }
    };
    walk(dataDir);
    expect(readdirSync(join(dataDir, 'dynamodb')).length).toBeGreaterThan(0);
    expect(open).toEqual([]);
  });
});
