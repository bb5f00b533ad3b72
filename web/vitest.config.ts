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
  },
});
