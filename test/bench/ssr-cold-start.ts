/**
 * One cold start of the page renderer, as a fresh public function has it: a new
 * Node process loads the app and the web's renderer (web/dist/server), renders
 * GET / once (site info read from DynamoDB, the page rendered) and prints the
 * milliseconds since the process started, then how long that first request took.
 * Bundled by ssr-bench.ts first (esbuild, as the Lambda is), so no TypeScript is
 * compiled while it is timed. Env: TABLE_NAME, DYNAMODB_ENDPOINT, WEB_DIST.
 */
import { createApp } from '@app/functions/app';
import { createDb } from '@app/functions/db/client';
import { loadPageRenderer } from '@app/functions/site/page-renderer';

const requestStart = { at: 0 };
const renderPage = await loadPageRenderer(process.env.WEB_DIST!);
const db = createDb({ table: process.env.TABLE_NAME!, endpoint: process.env.DYNAMODB_ENDPOINT, region: 'local' });
const app = createApp({ db, clientIp: () => '198.18.0.1', renderPage });
requestStart.at = performance.now();
const response = await app.request('http://localhost/');
const html = await response.text();
const total = performance.now();
if (response.status !== 200 || !html.includes('<h1')) throw new Error(`GET / answered ${response.status}`);
console.log(JSON.stringify({ coldStartMs: total, firstRequestMs: total - requestStart.at, bytes: html.length }));
