import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    // MUI renders a lot of DOM and the form dialogs type field by field; with the API
    // and infra tests on the same 2 cores, a long dialog test can take 15 s.
    testTimeout: 30000,
    // One module graph per worker, not per file: React, MUI, the data grid and jsdom's
    // wrappers load (and warm up) once instead of 17 times. Every test renders its own
    // query cache and router (src/test/render.tsx) and MSW handlers reset after each
    // test, so files share no state. 53 s -> 19 s wall for this project on 2 cores.
    isolate: false,
  },
});
