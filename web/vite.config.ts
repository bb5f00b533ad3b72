import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// `npm run dev` starts the API on API_PORT and Vite on PORT, proxying /api to it.
const apiPort = process.env.API_PORT ?? '3001';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react()],
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
    sourcemap: true,
    // The renderer needs no copy of public/ (the client build has it).
    copyPublicDir: !isSsrBuild,
    // The renderer ships in the public Lambda (1.5 MiB budget): minified, production React only.
    minify: isSsrBuild ? true : undefined,
    // index.html names only the entry script, no modulepreload of its ~35 chunks: on a phone those
    // took the bandwidth from the server-rendered page's LCP image (Lighthouse mobile LCP 2.9 s -> 1.4 s
    // on /). The entry's imports are fetched once it is parsed; lazy chunks still preload their imports.
    modulePreload: { resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? [] : deps) },
  },
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : undefined,
  // renderToString lives in React's 'legacy' server build; react-dom/server would add the streaming one too (about 100 KB).
  resolve: isSsrBuild
    ? { alias: { 'react-dom/server': fileURLToPath(new URL('../node_modules/react-dom/cjs/react-dom-server-legacy.node.production.js', import.meta.url)) } }
    : undefined,
  // `vite build --ssr` (npm run build -w web): the public pages' renderer, dist/server/entry-server.js,
  // with every dependency bundled in, so the API's hosts load one file beside the client build.
  ssr: { noExternal: true },
}));
