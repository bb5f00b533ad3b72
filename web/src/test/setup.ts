import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { installFastJsdom } from './fast-jsdom';
import { server } from './server';
// The date picker the forms load on first use (form-fields.tsx), loaded once per worker up front: on a busy
// machine its first load took longer than a test waits for a field.
import '../components/date-field';
// Likewise the toast's view (lib/toast.tsx loads it on the first toast): under load its first load took
// more than findToast waits, and the first toast test of a worker failed (leads-page Add Lead, 2 runs of 2).
import '../lib/toast-view';

// Files run side by side on every core (vitest.config.ts), often beside the API tests'
// DynamoDB Local: a dialog's closing transition can take longer than waitFor's default 1 s.
configure({ asyncUtilTimeout: 5000 });

// jsdom answers faster (fast-jsdom.ts); NO_FAST_JSDOM=1 runs on jsdom's own, to compare.
if (!process.env.NO_FAST_JSDOM) installFastJsdom();

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  // jsdom does not scroll; the router and the calculator ask it to.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});

afterEach(() => {
  cleanup();
  server.resetHandlers();
});

afterAll(() => server.close());
