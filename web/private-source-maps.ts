/**
 * `npm run build -w web`'s source maps stay private: Vite writes them hidden
 * (no sourceMappingURL in the scripts), and this step moves them out of
 * web/dist/assets, which the local host serves and the deploy uploads to the
 * public bucket, into web/source-maps/ (kept for reading a production stack
 * trace, never served). The page renderer's map stays beside it in
 * web/dist/server, which is neither served nor uploaded.
 */
import { mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const assets = fileURLToPath(new URL('dist/assets/', import.meta.url));
const maps = fileURLToPath(new URL('source-maps/assets/', import.meta.url));

rmSync(maps, { recursive: true, force: true });
mkdirSync(maps, { recursive: true });
for (const name of readdirSync(assets)) if (name.endsWith('.map')) renameSync(`${assets}${name}`, `${maps}${name}`);
