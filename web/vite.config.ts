import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// `npm run dev` starts the API on API_PORT and Vite on PORT, proxying /api to it.
const apiPort = process.env.API_PORT ?? '3001';

export default defineConfig({
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
  },
});
