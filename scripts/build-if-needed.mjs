// Builds the web app and the local server when their output is missing or
// older than the sources they come from.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const root = new URL('..', import.meta.url).pathname;

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

function stale(output, sources) {
  const out = join(root, output);
  if (!existsSync(out)) return true;
  const built = statSync(out).mtimeMs;
  return sources.some((source) => newestMtime(join(root, source)) > built);
}

export function buildIfNeeded({ force = false } = {}) {
  const shared = ['shared-types/src', 'package-lock.json'];
  const webSources = ['web/src', 'web/public', 'web/index.html', 'web/site.html', 'web/vite.config.ts', 'web/build-renderer.ts', 'functions/src/site/renderer-bundle.ts', ...shared];
  // The portal, the website and the page renderer (web/dist/server), built together by `npm run build -w web`.
  if (force || ['web/dist/index.html', 'web/dist/site.html', 'web/dist/server/entry-server.js'].some((out) => stale(out, webSources))) {
    console.log('Building the web app...');
    execFileSync('npm', ['run', 'build', '-w', 'web', '--silent'], { cwd: root, stdio: 'inherit' });
  }
  if (force || stale('functions/dist/local-server.js', ['functions/src', 'functions/build.mjs', ...shared])) {
    console.log('Building the local server...');
    execFileSync('npm', ['run', 'build', '-w', 'functions', '--silent'], { cwd: root, stdio: 'inherit' });
  }
}
