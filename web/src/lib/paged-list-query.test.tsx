import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import { pagedListQueryOptions, usePagedList } from './paged-list-query';
import { createQueryClient } from './query-client';

interface Letters {
  items: string[];
  nextCursor?: string;
}

/** A list of three pages: the first (no cursor), then 'c2', then 'c3', the last. */
const PAGES: Record<string, Letters> = {
  first: { items: ['a', 'b'], nextCursor: 'c2' },
  c2: { items: ['c', 'd'], nextCursor: 'c3' },
  c3: { items: ['e'] },
};

/** The hook on a fresh cache with the app's defaults (query-client.ts). */
function setUp<TProps, TResult>(useList: (props: TProps) => TResult, initialProps: TProps) {
  const queryClient = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  return renderHook(useList, { wrapper, initialProps });
}

/** A page that arrives only when the test says so. */
function deferred() {
  let resolve: (page: Letters) => void = () => undefined;
  const promise = new Promise<Letters>((done) => (resolve = done));
  return { promise, resolve };
}

describe('pagedListQueryOptions', () => {
  it('asks for the first page with no cursor when its cursor came back from server-rendered JSON as null', async () => {
    const queryClient = createQueryClient();
    const fetchPage = vi.fn((cursor: string | undefined) => Promise.resolve(PAGES[cursor ?? 'first']!));
    const options = pagedListQueryOptions(['letters'], fetchPage);
    queryClient.setQueryData(options.queryKey, JSON.parse(JSON.stringify({ pages: [PAGES.first], pageParams: [undefined] })));
    await queryClient.fetchInfiniteQuery({ ...options, staleTime: 0 });
    expect(fetchPage.mock.calls).toEqual([[undefined]]);
  });
});

describe('usePagedList', () => {
  it('asks for each page with the cursor the one before ended with, and has no next page after the last', async () => {
    const fetchPage = vi.fn((cursor: string | undefined) => Promise.resolve(PAGES[cursor ?? 'first']!));
    const { result } = setUp(() => usePagedList(pagedListQueryOptions(['letters'], fetchPage)), {});
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expectTypeOf(result.current.data!.pages).toEqualTypeOf<Letters[]>();
    expect(result.current.hasNextPage).toBe(true);

    await act(() => result.current.fetchNextPage());
    await act(() => result.current.fetchNextPage());

    expect(fetchPage.mock.calls).toEqual([[undefined], ['c2'], ['c3']]);
    // The last page's render can come after act returns on a busy machine: wait for it.
    await waitFor(() => expect(result.current.data?.pages.flatMap((page) => page.items)).toEqual(['a', 'b', 'c', 'd', 'e']));
    expect(result.current.hasNextPage).toBe(false);
  });

  it("keeps the previous key's pages on screen while a new key's first page loads", async () => {
    const later = deferred();
    const fetchPage = (letter: string): Promise<Letters> => (letter === 'a' ? Promise.resolve({ items: ['a'] }) : later.promise);
    const { result, rerender } = setUp(({ letter }) => usePagedList(pagedListQueryOptions(['letters', letter], () => fetchPage(letter))), { letter: 'a' });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));

    rerender({ letter: 'b' });
    expect(result.current.isPlaceholderData).toBe(true);
    expect(result.current.data?.pages).toEqual([{ items: ['a'] }]);

    later.resolve({ items: ['b'] });
    await waitFor(() => expect(result.current.isPlaceholderData).toBe(false));
    expect(result.current.data?.pages).toEqual([{ items: ['b'] }]);
  });

  it('with keepPrevious false shows the new key loading, and passes `enabled` through', async () => {
    const later = deferred();
    const fetchPage = vi.fn((letter: string): Promise<Letters> => (letter === 'a' ? Promise.resolve({ items: ['a'] }) : later.promise));
    const { result, rerender } = setUp(
      ({ letter, enabled }) => usePagedList(pagedListQueryOptions(['letters', letter], () => fetchPage(letter)), { enabled, keepPrevious: false }),
      { letter: 'a', enabled: false },
    );
    expect(result.current.isPending).toBe(true);
    expect(fetchPage).not.toHaveBeenCalled();

    rerender({ letter: 'a', enabled: true });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    rerender({ letter: 'b', enabled: true });
    expect(result.current.isPending).toBe(true);
    expect(result.current.data).toBeUndefined();
    later.resolve({ items: ['b'] });
    await waitFor(() => expect(result.current.data?.pages).toEqual([{ items: ['b'] }]));
  });
});
