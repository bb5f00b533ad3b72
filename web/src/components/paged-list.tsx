import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo, type ReactNode } from 'react';
import { serverMessage } from '../lib/api-errors';
import { ErrorState } from './error-state';
import { LoadingState } from './loading-state';

/** What PagedList needs of a react-query infinite list of `{ items, nextCursor? }` pages. */
export interface PagedQuery<T> {
  data: { pages: { items: T[] }[] } | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  isFetching: boolean;
  isFetchingNextPage: boolean;
  hasNextPage: boolean;
  refetch: () => unknown;
  fetchNextPage: () => unknown;
}

/** Every item of the pages loaded so far, in order. */
export function usePagedItems<T>(list: PagedQuery<T>): T[] {
  return useMemo(() => list.data?.pages.flatMap((page) => page.items) ?? [], [list.data]);
}

interface PagedListProps<T> {
  list: PagedQuery<T>;
  items: readonly T[];
  /** 'projects', 'vendors': used in 'Loading vendors...' and 'Could not load vendors.' */
  noun: string;
  emptyMessage: string;
  /** The items, as cards or rows. */
  children: ReactNode;
  /** The next page's button: 'Show older'. Default 'Load more'. */
  moreLabel?: string;
  /** The error's first sentence, before the server's message: 'Could not load the history.' Default `Could not load ${noun}.` */
  errorMessage?: string;
  /** For a list inside a card or dialog: the empty message as a line of text, not a card; a text button for the next page; no progress bar above. */
  compact?: boolean;
}

/**
 * A list paged from the server by cursor: a spinner while the first page
 * loads, the error with Retry, the empty state, the items, and 'Load more'.
 * A new search or a refetch keeps the items on screen under a progress bar
 * (none when `compact`).
 */
export function PagedList<T>({ list, items, noun, emptyMessage, children, moreLabel = 'Load more', errorMessage = `Could not load ${noun}.`, compact = false }: PagedListProps<T>) {
  let content;
  if (list.isPending) content = <LoadingState label={`Loading ${noun}...`} />;
  else if (list.isError && items.length === 0) {
    content = <ErrorState message={`${errorMessage} ${serverMessage(list.error)}`} onRetry={() => void list.refetch()} />;
  } else if (items.length === 0 && !list.hasNextPage) {
    content = compact ? (
      <Typography variant="body2" color="text.secondary">
        {emptyMessage}
      </Typography>
    ) : (
      <Card variant="outlined">
        <CardContent sx={{ py: 6, textAlign: 'center' }}>
          <Typography color="text.secondary">{emptyMessage}</Typography>
        </CardContent>
      </Card>
    );
  } else content = children;

  return (
    <>
      {!compact && (
        <Box sx={{ height: 4 }}>
          {list.isFetching && !list.isPending && !list.isFetchingNextPage && <LinearProgress aria-label={`Updating ${noun}`} />}
        </Box>
      )}
      {content}
      {list.hasNextPage && (
        <Stack spacing={1} sx={compact ? { alignItems: 'flex-start', mt: 1 } : { alignItems: 'center' }}>
          {items.length === 0 && <Typography color="text.secondary">No matches among the {noun} searched so far.</Typography>}
          <Button variant={compact ? 'text' : 'outlined'} onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
            {list.isFetchingNextPage ? 'Loading...' : moreLabel}
          </Button>
        </Stack>
      )}
    </>
  );
}

/** The card above a list that holds its search and filters. */
export function FilterCard({ children }: { children: ReactNode }) {
  return (
    <Card>
      <CardContent sx={{ p: { xs: 2, md: 2.5 }, '&:last-child': { pb: { xs: 2, md: 2.5 } } }}>{children}</CardContent>
    </Card>
  );
}

/** A resource screen's heading: title, one line on what it holds, and its main actions. */
export function ResourceHeader({ title, subtitle, actions }: { title: string; subtitle: string; actions: ReactNode }) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
      <div>
        <Typography variant="h3" component="h1">
          {title}
        </Typography>
        <Typography color="text.secondary">{subtitle}</Typography>
      </div>
      <Stack direction="row" spacing={1.5} sx={{ flexShrink: 0, alignSelf: { xs: 'flex-start', sm: 'auto' } }}>
        {actions}
      </Stack>
    </Stack>
  );
}

/**
 * The record a list's edit dialog opens (`id`, null for a new one) and the error it shows instead:
 * the list's own while it failed, `notFound` once loaded without it (deleted meanwhile, or an old link).
 */
export function listedRecord<T extends { id: string }>(list: PagedQuery<T>, items: readonly T[], id: string | null, notFound: string) {
  const record = items.find((item) => item.id === id);
  const error = list.isError ? list.error : !list.isPending && id !== null && !record ? new Error(notFound) : null;
  return { record, error };
}

/** A second list on a screen (a tab's section): its heading, one line on what it holds, its Add button, then the list. */
export function ListSection({ id, title, subtitle, addLabel, onAdd, children }: { id: string; title: string; subtitle: string; addLabel: string; onAdd: () => void; children: ReactNode }) {
  return (
    <Stack component="section" spacing={2} aria-labelledby={id}>
      <Stack direction="row" useFlexGap sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <div>
          <Typography id={id} variant="h6" component="h2">
            {title}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {subtitle}
          </Typography>
        </div>
        <Button variant="contained" startIcon={<AddIcon />} onClick={onAdd}>
          {addLabel}
        </Button>
      </Stack>
      {children}
    </Stack>
  );
}
