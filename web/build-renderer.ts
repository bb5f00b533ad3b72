/**
 * `npm run build -w web`'s last step: the page renderer for the local server,
 * web/dist/server/entry-server.js, bundled by esbuild with the options the
 * public Lambda's bundle uses too (functions/src/site/renderer-bundle.ts).
 */
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';
import { ESM_REQUIRE_BANNER, RENDERER_ALIASES, RENDERER_DEFINE, RENDERER_ENTRY } from '@app/functions/site/renderer-bundle';

await build({
  entryPoints: [RENDERER_ENTRY],
  outfile: fileURLToPath(new URL('dist/server/entry-server.js', import.meta.url)),
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  minify: true,
  sourcemap: true,
  alias: { ...RENDERER_ALIASES },
  define: { ...RENDERER_DEFINE },
  banner: { js: ESM_REQUIRE_BANNER },
  logLevel: 'warning',
});
