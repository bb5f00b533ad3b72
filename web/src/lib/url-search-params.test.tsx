import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useUrlSearchParams, withParam } from './url-params';

/** The hook on a memory router, with the URL's search as it is after each change. */
function setUp() {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <RouterProvider router={createMemoryRouter([{ path: '/', element: children }], { initialEntries: ['/'] })} />
  );
  return renderHook(() => ({ params: useUrlSearchParams(), search: useLocation().search }), { wrapper }).result;
}

describe('useUrlSearchParams', () => {
  it("a setter kept from an earlier render (a debounced search) changes its parameter and keeps one set since (an open dialog's)", () => {
    const result = setUp();
    const [, setEarly] = result.current.params;
    act(() => result.current.params[1]((current) => withParam(current, 'transaction', 'tx-1')));
    expect(result.current.search).toBe('?transaction=tx-1');
    act(() => setEarly((current) => withParam(current, 'q', 'tempo'), { replace: true }));
    expect(new URLSearchParams(result.current.search).get('transaction')).toBe('tx-1');
    expect(new URLSearchParams(result.current.search).get('q')).toBe('tempo');
  });

  it('two changes in one event both stay', () => {
    const result = setUp();
    act(() => {
      const [, set] = result.current.params;
      set((current) => withParam(current, 'q', 'kavya'));
      set((current) => withParam(current, 'status', 'Won'));
    });
    expect(result.current.search).toBe('?q=kavya&status=Won');
  });
});
