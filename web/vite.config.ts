import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
// A relative path, not the package name: Vite bundles the config's own files, and would hand a package's .ts to Node.
import { isPortalPath } from '../shared-types/src/app-paths';

// `npm run dev` starts the API on API_PORT and Vite on PORT, proxying /api to it.
const apiPort = process.env.API_PORT ?? '3001';

/**
 * Two documents: site.html (the website, server-rendered by `npm start` and deployed; site-boot.ts)
 * and index.html (the portal and the quotation link; main.tsx). The dev server has no renderer, so it
 * gives a website page's path site.html, rendered in the browser, as the server gives the portal's
 * paths index.html.
 */
const twoDocuments: Plugin = {
  name: 'two-documents',
  configureServer(server) {
    server.middlewares.use((request, _response, next) => {
      const path = (request.url ?? '/').split('?')[0] ?? '/';
      const page = request.method === 'GET' && request.headers.accept?.includes('text/html') && !/\.[a-z0-9]+$/i.test(path);
      if (page && !isPortalPath(path)) request.url = '/site.html';
      next();
    });
  },
};

/**
 * `vite build` builds the portal (index.html), emptying dist; `vite build --mode site` then the website beside it, as its own
 * bundle: built together, the two would share one copy of react-router with the portal's data router in it (about 15 KiB gzip
 * more). The server's page renderer is bundled by esbuild (build-renderer.ts), as the public Lambda bundles it.
 */
export default defineConfig(({ mode }) => {
  const site = mode === 'site';
  return {
    plugins: [react(), twoDocuments],
    server: {
      port: Number(process.env.PORT ?? 3000),
      strictPort: true,
      proxy: {
        '/api': `http://127.0.0.1:${apiPort}`,
        '/sitemap.xml': `http://127.0.0.1:${apiPort}`,
        '/robots.txt': `http://127.0.0.1:${apiPort}`,
      },
    },
    build: {
      target: 'es2022',
      // Hidden: the scripts do not name their maps, which web/private-source-maps.ts moves out of dist.
      sourcemap: 'hidden',
      // The portal's build copies public/ and empties dist; the website's goes beside it.
      copyPublicDir: !site,
      emptyOutDir: !site,
      rolldownOptions: {
        // The website: its document, whose boot script loads each island's code when it is due (site-boot.ts), in
        // chunks the bundler splits by what the islands share.
        input: site ? fileURLToPath(new URL('site.html', import.meta.url)) : fileURLToPath(new URL('index.html', import.meta.url)),
        output: site
          ? {
              codeSplitting: {
                groups: [
                  // Vite's dynamic-import preloader goes first, in a chunk of its own: the boot script needs it without the rest.
                  { name: 'preload', test: /^\0vite\//, priority: 2 },
                  // The forms' schemas (yup, ~11 KiB gzip) only with the islands that have a form: left to itself, the
                  // bundler merges them into a chunk with the loading and error states every island shares.
                  { name: 'form-schemas', test: /shared-types\/src\/forms\.ts$/, priority: 1, includeDependenciesRecursively: false },
                ],
              },
            }
          : undefined,
      },
      // The documents name only their entry script, no modulepreload of its chunks: on a phone those
      // took the bandwidth from the server-rendered page's LCP image (Lighthouse mobile LCP 2.9 s -> 1.4 s
      // on /). Lazy chunks still preload their imports.
      modulePreload: { resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? [] : deps) },
    },
  };
});
