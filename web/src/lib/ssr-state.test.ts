import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { hydrateState, serializeState, SSR_STATE_ID } from './ssr-state';

/** Puts `json` where a server-rendered page has it. */
function pageWith(json: string) {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = SSR_STATE_ID;
  script.textContent = json;
  document.body.append(script);
}

afterEach(() => document.getElementById(SSR_STATE_ID)?.remove());

describe('the state a server-rendered page hands the browser', () => {
  it('is JSON no string in the data can break out of its <script> element', async () => {
    const server = new QueryClient();
    await server.prefetchQuery({ queryKey: ['post'], queryFn: () => ({ title: '</script><script>alert(1)</script><!--' }) });
    const json = serializeState(server);
    expect(json).not.toContain('<');
    pageWith(json);
    const browser = new QueryClient();
    expect(hydrateState(browser, document)).toBe(true);
    expect(browser.getQueryData(['post'])).toEqual({ title: '</script><script>alert(1)</script><!--' });
  });

  it("keeps a 404 as an ApiError the page can tell from other failures, and does not retry it on mount; other failures stay out", async () => {
    const server = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await server.prefetchQuery({ queryKey: ['project', 'gone'], queryFn: () => Promise.reject(new ApiError(404, '404: {"error":"Project not found."}', { error: 'Project not found.' })) });
    await server.prefetchQuery({ queryKey: ['project', 'broken'], queryFn: () => Promise.reject(new Error('socket hang up')) });
    pageWith(serializeState(server));
    const browser = new QueryClient();
    hydrateState(browser, document);
    const error = browser.getQueryState(['project', 'gone'])?.error;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, message: '404: {"error":"Project not found."}', body: { error: 'Project not found.' } });
    expect(browser.getQueryDefaults(['project', 'gone']).retryOnMount).toBe(false);
    expect(browser.getQueryState(['project', 'broken'])).toBeUndefined();
  });

  it('is absent from a page the server did not render', () => {
    expect(hydrateState(new QueryClient(), document)).toBe(false);
  });
});
