import { fileURLToPath } from 'node:url';

/**
 * How the web's page renderer (web/src/entry-server.tsx) is bundled: by
 * esbuild, the same way for both hosts. The local server loads
 * web/dist/server/entry-server.js (web/build-renderer.ts, run by
 * `npm run build -w web`); the public Lambda bundles the entry into its
 * handler (infra/src/constructs/api.ts, alias '@app/web-renderer').
 * Build-time only: no host imports this at run time.
 */
export const RENDERER_ENTRY = fileURLToPath(new URL('../../../web/src/entry-server.tsx', import.meta.url));

/** renderToString lives in React's 'legacy' server build; react-dom/server would add the streaming one too (about 100 KB). */
export const RENDERER_ALIASES: Readonly<Record<string, string>> = {
  'react-dom/server': fileURLToPath(new URL('../../../node_modules/react-dom/cjs/react-dom-server-legacy.node.production.js', import.meta.url)),
};

/**
 * React and the rest as in production. (The portal's date picker is a module the website never
 * references, web/src/components/form-date-field.tsx, so the bundle has no trick to leave it out.)
 */
export const RENDERER_DEFINE: Readonly<Record<string, string>> = { 'process.env.NODE_ENV': JSON.stringify('production') };

/** An ES module has no require() of its own; the CommonJS parts (React's server build) call it. */
export const ESM_REQUIRE_BANNER = "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);";
