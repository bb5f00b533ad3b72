import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ListSection, PagedList, listedRecord, type PagedQuery } from './paged-list';

interface Vendor {
  id: string;
  name: string;
}

const VENDORS: Vendor[] = [
  { id: 'v1', name: 'Sharma Timber' },
  { id: 'v2', name: 'Rao Glass' },
];

/** A list in the state a test gives: loaded with `pages` (none while pending), idle, no next page. */
function listOf(pages: Vendor[][] | undefined, state: Partial<PagedQuery<Vendor>> = {}): PagedQuery<Vendor> {
  return {
    data: pages && { pages: pages.map((items) => ({ items })) },
    isPending: pages === undefined,
    isError: false,
    error: null,
    isFetching: false,
    isFetchingNextPage: false,
    hasNextPage: false,
    refetch: vi.fn(),
    fetchNextPage: vi.fn(),
    ...state,
  };
}

/** PagedList over `list` with the vendors it holds as a list named 'Vendors'. */
function renderList(list: PagedQuery<Vendor>, options: { moreLabel?: string; errorMessage?: string; compact?: boolean } = {}) {
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const user = userEvent.setup({ delay: null });
  const { unmount } = render(
    <PagedList list={list} items={items} noun="vendors" emptyMessage="No vendors yet." {...options}>
      <ul aria-label="Vendors">
        {items.map((vendor) => (
          <li key={vendor.id}>{vendor.name}</li>
        ))}
      </ul>
    </PagedList>,
  );
  return { user, unmount };
}

describe('PagedList', () => {
  it("by default says 'Loading vendors...' while the first page comes", () => {
    renderList(listOf(undefined));
    expect(screen.getByRole('status').textContent).toBe('Loading vendors...');
  });

  it("by default says 'Could not load vendors.' with the server's message and Try again", async () => {
    const failed = listOf(undefined, { isPending: false, isError: true, error: new Error('Server down') });
    const { user } = renderList(failed);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Could not load vendors. Server down');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(failed.refetch).toHaveBeenCalledOnce();
  });

  it("errorMessage replaces the error's first sentence; the server's message and Try again stay", async () => {
    const failed = listOf(undefined, { isPending: false, isError: true, error: new Error('Server down') });
    const { user } = renderList(failed, { errorMessage: 'Could not load the history.' });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Could not load the history. Server down');
    expect(alert.textContent).not.toContain('Could not load vendors');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(failed.refetch).toHaveBeenCalledOnce();
  });

  it('keeps the items loaded on screen when a later page fails, with the button to try it again', () => {
    renderList(listOf([VENDORS], { isError: true, error: new Error('Server down'), hasNextPage: true }));
    expect(within(screen.getByRole('list', { name: 'Vendors' })).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('button', { name: 'Load more' })).toBeTruthy();
  });

  it("asks for the next page with 'Load more' by default", async () => {
    const list = listOf([VENDORS], { hasNextPage: true });
    const { user } = renderList(list);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(list.fetchNextPage).toHaveBeenCalledOnce();
  });

  it("moreLabel names that button ('Show older') instead", async () => {
    const list = listOf([VENDORS], { hasNextPage: true });
    const { user } = renderList(list, { moreLabel: 'Show older' });
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Show older' }));
    expect(list.fetchNextPage).toHaveBeenCalledOnce();
  });

  it("reads 'Loading...', disabled, while the next page comes, whatever moreLabel says", () => {
    renderList(listOf([VENDORS], { hasNextPage: true, isFetching: true, isFetchingNextPage: true }), { moreLabel: 'Show older' });
    expect((screen.getByRole('button', { name: 'Loading...' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Show older' })).toBeNull();
  });

  it('shows the empty message in a card, and a progress bar above the items while they are read again', () => {
    const empty = renderList(listOf([[]]));
    expect(screen.getByText('No vendors yet.').closest('.MuiCard-root')).not.toBeNull();
    empty.unmount();

    renderList(listOf([VENDORS], { isFetching: true }));
    expect(screen.getByRole('progressbar', { name: 'Updating vendors' })).toBeTruthy();
  });

  it('compact: the empty message as a line of text (no card), no progress bar while read again, and a text button for the next page', async () => {
    const empty = renderList(listOf([[]]), { compact: true });
    expect(screen.getByText('No vendors yet.').closest('.MuiCard-root')).toBeNull();
    empty.unmount();

    const list = listOf([VENDORS], { isFetching: true, hasNextPage: true });
    const { user } = renderList(list, { compact: true, moreLabel: 'Show older' });
    expect(screen.queryByRole('progressbar')).toBeNull();
    const older = screen.getByRole('button', { name: 'Show older' });
    expect(older.classList).toContain('MuiButton-text');
    await user.click(older);
    expect(list.fetchNextPage).toHaveBeenCalledOnce();
  });

  it('compact: the same loading and error states, with Try again', () => {
    const loading = renderList(listOf(undefined), { compact: true });
    expect(screen.getByRole('status').textContent).toBe('Loading vendors...');
    loading.unmount();

    renderList(listOf(undefined, { isPending: false, isError: true, error: new Error('Server down') }), { compact: true, errorMessage: 'Could not load the backups.' });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Could not load the backups. Server down');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe('ListSection', () => {
  it('is a region named by its heading, with the line on what it holds, its Add button and the list', async () => {
    const onAdd = vi.fn();
    const user = userEvent.setup({ delay: null });
    render(
      <ListSection id="job-roles-heading" title="Job Roles" subtitle="What people do in each department." addLabel="Add Job Role" onAdd={onAdd}>
        <ul aria-label="Job roles">
          <li>Carpenter</li>
        </ul>
      </ListSection>,
    );
    const section = screen.getByRole('region', { name: 'Job Roles' });
    expect(within(section).getByRole('heading', { level: 2, name: 'Job Roles' })).toBeTruthy();
    expect(within(section).getByText('What people do in each department.')).toBeTruthy();
    expect(within(within(section).getByRole('list', { name: 'Job roles' })).getByText('Carpenter')).toBeTruthy();
    await user.click(within(section).getByRole('button', { name: 'Add Job Role' }));
    expect(onAdd).toHaveBeenCalledOnce();
  });
});

describe('listedRecord', () => {
  const NOT_FOUND = 'This vendor no longer exists.';

  it('finds the record with the id among the items loaded, with no error', () => {
    expect(listedRecord(listOf([VENDORS]), VENDORS, 'v2', NOT_FOUND)).toEqual({ record: VENDORS[1], error: null });
  });

  it('has no record and no error for a new one (id null)', () => {
    expect(listedRecord(listOf([VENDORS]), VENDORS, null, NOT_FOUND)).toEqual({ record: undefined, error: null });
  });

  it('waits while the list loads: no record, no error yet', () => {
    expect(listedRecord(listOf(undefined), [], 'v2', NOT_FOUND)).toEqual({ record: undefined, error: null });
  });

  it('says notFound once loaded without the id (deleted meanwhile, or an old link)', () => {
    const { record, error } = listedRecord(listOf([VENDORS]), VENDORS, 'gone', NOT_FOUND);
    expect(record).toBeUndefined();
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe(NOT_FOUND);
  });

  it("gives the list's own error while the list failed", () => {
    const failure = new Error('Server down');
    expect(listedRecord(listOf(undefined, { isPending: false, isError: true, error: failure }), [], 'v2', NOT_FOUND).error).toBe(failure);
    // Even with the record loaded before a later page failed.
    expect(listedRecord(listOf([VENDORS], { isError: true, error: failure }), VENDORS, 'v1', NOT_FOUND)).toEqual({ record: VENDORS[0], error: failure });
  });
});
