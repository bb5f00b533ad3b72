import { useState } from 'react';

interface PageModel {
  page: number;
  pageSize: number;
}

/**
 * Page-by-page browsing of a list the server pages by cursor (`{ items,
 * nextCursor? }`): the cursor of each page index, reset when the filters
 * change, and the row count a pager shows: unknown (-1) while there is a
 * next page, exact once the last page is on screen.
 */
export function useCursorPager(filtersKey: string, defaultPageSize: number) {
  const [model, setModel] = useState<PageModel>({ page: 0, pageSize: defaultPageSize });
  /** Cursor of each page index; page 0 has none. Cursors only hold for the filters they were made with. */
  const [cursors, setCursors] = useState<Record<number, string>>({});
  const [cursorsFor, setCursorsFor] = useState(filtersKey);
  if (cursorsFor !== filtersKey) {
    setCursorsFor(filtersKey);
    setCursors({});
    setModel((current) => ({ ...current, page: 0 }));
  }

  return {
    model,
    cursor: cursors[model.page],
    /**
     * Moves to `next`; `nextCursor` is the one the page on screen ended with
     * (undefined while it loads or on the last page: a move forward waits).
     */
    change(next: PageModel, nextCursor: string | undefined) {
      if (next.pageSize !== model.pageSize) {
        setCursors({});
        setModel({ page: 0, pageSize: next.pageSize });
        return;
      }
      if (next.page > model.page) {
        if (!nextCursor) return;
        setCursors((current) => ({ ...current, [next.page]: nextCursor }));
      }
      setModel(next);
    },
    rowCount(rowsOnPage: number, hasNextPage: boolean) {
      return hasNextPage ? -1 : model.page * model.pageSize + rowsOnPage;
    },
  };
}
