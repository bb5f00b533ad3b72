import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GridPaginationModel } from '@mui/x-data-grid';

interface ListPagerProps {
  page: number;
  pageSize: number;
  rowsOnPage: number;
  /** The total, or -1 while unknown. */
  rowCount: number;
  hasNextPage: boolean;
  onChange: (model: GridPaginationModel) => void;
}

/** The phone list's pager: '26–50 of 70' (or 'of more than 50' while the total is unknown), Previous and Next. */
export function ListPager({ page, pageSize, rowsOnPage, rowCount, hasNextPage, onChange }: ListPagerProps) {
  const from = rowsOnPage === 0 ? 0 : page * pageSize + 1;
  const to = page * pageSize + rowsOnPage;
  const of = rowCount >= 0 ? `${rowCount}` : `more than ${to}`;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
      <Typography variant="body2" color="text.secondary" aria-live="polite">
        {from}–{to} of {of}
      </Typography>
      <Stack direction="row" spacing={1}>
        <Button size="small" disabled={page === 0} onClick={() => onChange({ page: page - 1, pageSize })}>
          Previous
        </Button>
        <Button size="small" disabled={!hasNextPage} onClick={() => onChange({ page: page + 1, pageSize })}>
          Next
        </Button>
      </Stack>
    </Stack>
  );
}
