import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { getConnInfo } from '@hono/node-server/conninfo';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { createApp } from '../app';
import { fileSigningKey } from '../auth';
import { createDb } from '../db/client';
import { isServiceUnavailable } from '../db/unavailable';
import { allowedOriginsFrom } from '../lib/origins';
import { errorBody } from '../lib/http';
import { securityHeaders } from '../lib/security-headers';
import { waitForCommits } from './commit-wait';
import { startDynamoLocal, type DynamoLocal } from './dynamo-local';
import { ensureTable } from './create-table';
import { ensureFirstAdmin, firstAdminMessage } from './first-admin';
import { fileBackupKey, localBackupStorage } from '../backup';
import { backupClasses } from '../kinds';
import { resumeRestore, runJob, runScheduledBackup } from '../jobs/backup';
import { runDailyJobs } from '../jobs/daily';
import { localJobRunner } from '../jobs/job-runner';
import { runOutboxSender } from '../jobs/outbox';
import { TASK_RUNNERS } from '../jobs/tasks';
import { runSlaChecks } from '../leads';
import { systemContext } from '../db/entity';
import { outboxLoop } from '../notify';
import { smtpMailers } from '../notify';
import { localPhotoStorage } from '../photos';
import { quotationPdfAttachments, renderQuotationPdf } from '../quotations';
import { fileFieldCrypto } from '../secrets/field-crypto';
import { formTokenKeysFromSigningKey } from '../leads';
import { loadPageRenderer } from '../site';
import { pageQueryRedirects } from '../site/routes';
import { seedFirstStart } from './seed';
import { upgradeLocalData } from './upgrade-data';
import { keepDataPrivate } from './data-dir';

/** The repository root: the nearest folder up from here whose package.json declares workspaces. */
function findRepoRoot(from: string): string {
  for (let dir = from; dir !== dirname(dir); dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && 'workspaces' in JSON.parse(readFileSync(manifest, 'utf8'))) return dir;
  }
  throw new Error(`No workspace root above ${from}`);
}

const env = process.env;
const root = findRepoRoot(dirname(fileURLToPath(import.meta.url)));
const port = Number(env.PORT ?? 3000);
const hostname = env.HOST ?? '127.0.0.1';
const dataDir = resolve(root, env.DATA_DIR ?? '.data');
const webDist = resolve(root, env.WEB_DIST ?? 'web/dist');
const serveWeb = env.SERVE_WEB !== '0';
const inMemory = env.DYNAMODB_IN_MEMORY === '1';
keepDataPrivate(dataDir);

let dynamo: DynamoLocal | undefined;
if (!env.DYNAMODB_ENDPOINT) {
  // Java at a lower CPU priority (dynamo-local.ts), unless DYNAMODB_YIELD_CPU=0: a test that starts this host on a
  // machine busy with other work (local-host.test.ts) would otherwise wait on a starved database, not on this code.
  dynamo = await startDynamoLocal({ yieldCpu: env.DYNAMODB_YIELD_CPU !== '0', ...(inMemory ? {} : { dataDir: join(dataDir, 'dynamodb') }) });
}
const endpoint = env.DYNAMODB_ENDPOINT || dynamo?.endpoint;
const db = createDb({ table: env.TABLE_NAME ?? 'interiors', endpoint, region: env.AWS_REGION ?? 'local' });
// The DynamoDB Local started here, on disk: a transaction's answer waits for its commit (commit-wait.ts).
if (dynamo && !inMemory) waitForCommits(db);

/**
 * A start step against a database that may answer slowly (a first start on a
 * busy laptop: the SDK's 3 s request timeout): each step is idempotent, so a
 * timeout or throttle is tried again with a growing pause instead of ending
 * the process. Anything else still stops the start with its error.
 */
async function startStep<T>(name: string, step: () => Promise<T>, attempts = 6): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await step();
    } catch (error) {
      if (!isServiceUnavailable(error) || attempt >= attempts) throw error;
      console.warn(`The database answered slowly during ${name}; trying again (${attempt}/${attempts - 1}).`);
      await new Promise((done) => setTimeout(done, 1000 * attempt));
    }
  }
}

if (await startStep('the table check', () => ensureTable(db))) console.log(`Created table '${db.table}'.`);
if (await startStep('the first-start content', () => seedFirstStart(db))) console.log('Seeded first-start content (settings, sample projects, blog posts).');
const upgraded = await startStep('the data upgrades', () => upgradeLocalData(db));
if (upgraded.leads > 0) console.log(`Indexed ${upgraded.leads} leads saved by an earlier version for the Leads CRM.`);
if (upgraded.projects > 0) console.log(`Gave ${upgraded.projects} sample projects their customers for Project Management.`);
const firstAdmin = await startStep('the first admin', () => ensureFirstAdmin(db, env));
if (firstAdmin) console.log(firstAdminMessage(firstAdmin));

// Behind a reverse proxy (or for load tests), TRUST_PROXY=1 takes the client
// address from X-Forwarded-For; otherwise the socket's address is the client.
const trustProxy = env.TRUST_PROXY === '1';
// Project photos are kept beside the data: .data/uploads/...
const photos = localPhotoStorage(dataDir);
// Uploads never added to a project stay in staging a day at most (S3 has a lifecycle rule for it).
const sweepStaging = () =>
  photos.sweepStaging().catch((error: unknown) => console.error('Could not sweep staged uploads:', error));
void sweepStaging();
setInterval(() => void sweepStaging(), 60 * 60 * 1000).unref();
// The scheduled jobs EventBridge runs daily when deployed (handlers/jobs.ts): at start and hourly here.
const runJobs = () =>
  runDailyJobs(db, Date.now())
    .then(({ created, expired }) => {
      if (created > 0) console.log(`Created ${created} recurring transactions for the new month.`);
      if (expired > 0) console.log(`Marked ${expired} quotations expired.`);
    })
    .catch((error: unknown) => console.error('Could not run the scheduled jobs:', error));
void runJobs();
setInterval(() => void runJobs(), 60 * 60 * 1000).unref();
// Backups go to .data/backups/ (the job's temporary files beside them, so a finished one is renamed in place);
// jobs (backups, restores, a new retention applied to stored submissions) run in this process.
// The backup schedule (EventBridge hourly when deployed): at start and hourly here.
// Backups are signed with .data/backup-key (made on first use, mode 0600): a file made elsewhere, or changed, is not restored.
// A restore runs in turns of this runner, each going on from the place the last one committed.
const backupFiles = localBackupStorage(join(dataDir, 'backups'));
const backupKey = fileBackupKey(join(dataDir, 'backup-key'));
const jobs = localJobRunner((request) => runJob({ db, storage: backupFiles.storage, key: backupKey, tmpDir: join(dataDir, 'backups', 'tmp'), runner: jobs }, request));
// A restore the last stop interrupted goes on from its last committed chunk.
void resumeRestore(db, jobs)
  .then((job) => {
    if (job) console.log(`Resuming the restore interrupted by the last stop (${job.id}).`);
  })
  .catch((error: unknown) => console.error('Could not resume the interrupted restore:', error));
const runBackupSchedule = () =>
  runScheduledBackup(db, jobs, Date.now())
    .then((job) => {
      if (job) console.log(`Started a scheduled backup (${job.id}).`);
    })
    .catch((error: unknown) => console.error('Could not run the backup schedule:', error));
void runBackupSchedule();
setInterval(() => void runBackupSchedule(), 60 * 60 * 1000).unref();
// Employees' Aadhaar, PAN and bank account (and the SMTP password) are sealed with this data key (mode 0600); losing it loses them.
const fieldCrypto = fileFieldCrypto(join(dataDir, 'pii-data-key'));
// The notification outbox's sender (jobs/outbox.ts; EventBridge every minute when deployed): every 10 s here, and soon after a write.
const mailer = smtpMailers(db, fieldCrypto);
// Here the sender can render PDFs: 'Send to client' emails carry the quote's.
const attachments = quotationPdfAttachments(db, renderQuotationPdf, photos.storage);
// Speed-to-lead (issue 26): the first-response SLA check runs on the sender's tick (idempotent), before it sends what it rings.
const slaThenSend = async () => {
  await runSlaChecks(db, Date.now(), systemContext(new Date().toISOString(), 'sla-check')).catch((error: unknown) => console.error('Could not run the first-response SLA check:', error));
  return runOutboxSender(db, Date.now(), { mailer, tasks: TASK_RUNNERS, fieldCrypto, siteUrl: env.SITE_URL ?? `http://localhost:${port}`, attachments });
};
// OUTBOX_INTERVAL_MS and OUTBOX_KICK_DELAY_MS change its cadence (the webhooks bench holds it for its load, as the
// deployed sender, another function on a schedule, never shares the webhook's CPU).
const outbox = outboxLoop(slaThenSend, {
  intervalMs: Number(env.OUTBOX_INTERVAL_MS) || 10_000,
  kickDelayMs: Number(env.OUTBOX_KICK_DELAY_MS) || 250,
  onError: (error) => console.error('Could not run the notification sender:', error),
});
// The website's pages are rendered by the web's server build (web/dist/server) in this process: site/pages-routes.ts.
if (serveWeb && !existsSync(join(webDist, 'index.html'))) {
  throw new Error(`No built web app in ${webDist}: run 'npm run build' (npm start does it for you).`);
}
const renderPage = serveWeb ? await loadPageRenderer(webDist) : undefined;
// Created on the first start, kept beside the data (mode 0600); never in the repository.
const signingKey = fileSigningKey(join(dataDir, 'jwt-signing-key.json'));
const api = createApp({
  db,
  renderPage,
  siteUrl: env.SITE_URL || undefined,
  clientIp: (c) => {
    const forwarded = trustProxy ? c.req.header('x-forwarded-for')?.split(',')[0]?.trim() : undefined;
    return forwarded || (getConnInfo(c).remote.address ?? 'unknown');
  },
  signingKey,
  // No origin secret here: the public forms' tokens use a key derived from the signing key (leads/form-token.ts).
  formTokenKeys: formTokenKeysFromSigningKey(signingKey),
  fieldCrypto,
  mailer,
  outboxChanged: () => outbox.kick(),
  allowedOrigins: allowedOriginsFrom(env.ALLOWED_ORIGINS),
  photos: photos.storage,
  renderQuotationPdf,
  backups: { storage: backupFiles.storage, key: backupKey, runner: jobs, classes: backupClasses },
  jobs,
});

// The same security headers CloudFront adds (lib/security-headers.ts), on every answer:
// pages, assets, photos and the API. Photos upload to this host's own /uploads, so the
// CSP names no other origin; served over plain http, it sends no HSTS and no upgrade.
const headers = Object.entries(securityHeaders({ https: false }));
const host = new Hono();
host.use(async (c, next) => {
  await next();
  for (const [name, value] of headers) c.res.headers.set(name, value);
});
host.use(compress());
// A write may have recorded a notification event in the outbox: send it soon.
host.use('/api/*', async (c, next) => {
  await next();
  if (c.req.method !== 'GET' && c.res.status < 400) outbox.kick();
});
// What CloudFront's viewer-request function does to a page's query before its cache (site/page-query.ts, the same code).
if (renderPage) host.use('*', pageQueryRedirects());
host.route('/', api);
host.route('/', photos.routes);
host.route('/', backupFiles.routes);
if (serveWeb) {
  const indexHtml = readFileSync(join(webDist, 'index.html'), 'utf8');
  host.use(
    '/assets/*',
    serveStatic({
      root: webDist,
      onFound: (_path, c) => {
        c.header('Cache-Control', 'public, max-age=31536000, immutable');
      },
    }),
  );
  // The page renderer's build (web/dist/server) runs in this process; it is not a file to hand out.
  host.all('/server/*', (c) => c.json(errorBody('Not found'), 404));
  host.use('*', serveStatic({ root: webDist }));
  // The website's paths were rendered above (site/pages-routes.ts); what is left is the portal
  // (/admin...) and a client's quotation link (/q/...), client-side routes of the SPA. /api paths stay JSON 404s.
  host.get('*', (c) => {
    // A missing API path, build asset or photo is a 404, never the SPA's HTML.
    if (['/api/', '/assets/', '/uploads/', '/backup-files/'].some((prefix) => c.req.path.startsWith(prefix))) return c.json(errorBody('Not found'), 404);
    c.header('Cache-Control', 'no-cache');
    return c.html(indexHtml);
  });
}
host.notFound((c) => c.json(errorBody('Not found'), 404));

const server = serve({ fetch: host.fetch, port, hostname }, (info) => {
  const shown = hostname === '127.0.0.1' || hostname === '0.0.0.0' ? 'localhost' : hostname;
  console.log(`Listening on http://${hostname}:${info.port}`);
  console.log(`Open http://${shown}:${info.port} (data in ${inMemory ? 'memory' : dataDir}; Ctrl-C stops)`);
});

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: stopping...`);
  outbox.stop();
  server.close();
  await dynamo?.stop();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
// If the parent goes away (a test runner, a closed terminal), do not leave Java behind.
process.on('disconnect', () => void shutdown('disconnect'));
