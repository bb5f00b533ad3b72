import { screen, waitFor } from '@testing-library/react';
import { Link, useSearchParams } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../test/render';
import { SEARCH_DEBOUNCE_MS, SearchField } from './search-field';

function ListPage() {
  const [params, setParams] = useSearchParams();
  return (
    <>
      <SearchField label="Search" placeholder="Name" value={params.get('q') ?? ''} onSearch={(q) => setParams({ q })} />
      <Link to="/other">Other section</Link>
    </>
  );
}

/** A section whose code arrives later than the search's pause (a lazy chunk on a slow phone). */
const slowOther = {
  path: '/other',
  lazy: async () => {
    await new Promise((resolve) => setTimeout(resolve, SEARCH_DEBOUNCE_MS * 2));
    return { Component: () => <h1>Other</h1> };
  },
};

describe('SearchField', () => {
  it('searches once typing pauses', async () => {
    const { user, router } = renderRoute('/list', { routes: [{ path: '/list', Component: ListPage }] });
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'ravi');
    await waitFor(() => expect(router.state.location.search).toBe('?q=ravi'));
  });

  it('does not bring back someone who typed and then left for another page that is still loading', async () => {
    const { user, router } = renderRoute('/list', { routes: [{ path: '/list', Component: ListPage }, slowOther] });
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'ravi');
    await user.click(screen.getByRole('link', { name: 'Other section' }));
    expect(await screen.findByRole('heading', { name: 'Other' }, { timeout: SEARCH_DEBOUNCE_MS * 6 })).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, SEARCH_DEBOUNCE_MS));
    expect(router.state.location.pathname).toBe('/other');
  });
});
