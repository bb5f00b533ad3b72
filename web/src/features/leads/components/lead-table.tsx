import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import {
  DataGrid,
  GridOverlay,
  useGridApiRef,
  type GridColDef,
  type GridPaginationModel,
  type GridRowSelectionModel,
} from '@mui/x-data-grid';
import { formatDate } from '@app/shared-types/format';
import { formatPhone } from '@app/shared-types/phone';
import type { Lead } from '@app/shared-types/leads';
import { useEffect, useMemo } from 'react';
import { LEAD_PAGE_SIZES, formatBudget, formatOptionalDate } from '../model';
import { LeadStatusChip } from './lead-status-chip';

/** SPEC.md 2: the table's loading and empty texts. */
export const LOADING_LEADS_TEXT = 'Loading leads...';
export const NO_LEADS_TEXT = 'No leads found';

function LoadingOverlay() {
  return (
    <GridOverlay sx={{ bgcolor: 'rgba(255, 255, 255, 0.7)' }}>
      <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
        <CircularProgress size={22} aria-hidden />
        <Typography color="text.secondary">{LOADING_LEADS_TEXT}</Typography>
      </Box>
    </GridOverlay>
  );
}

function NoRowsOverlay() {
  return (
    <GridOverlay>
      <Typography color="text.secondary">{NO_LEADS_TEXT}</Typography>
    </GridOverlay>
  );
}

/** The columns as wide as their content (CONTENT_WIDTH): a name or an email on one line, whole. */
const CONTENT_WIDTH = ['name', 'email'];

// Sized for a 1366 px laptop beside the navigation (about 1,030 px for the grid): long headers wrap
// onto two lines, dates are short. Name and email take their content's width (issue 25: never cut
// with '...', never broken onto two lines), at least what is left of the grid; a page of long ones
// makes the table scroll sideways inside its box, never the page.
const baseColumns: GridColDef<Lead>[] = [
  { field: 'name', headerName: 'Name', minWidth: 96, flex: 1.1 },
  { field: 'phone', headerName: 'Phone', width: 140, valueFormatter: (value: string) => formatPhone(value) },
  { field: 'email', headerName: 'Email', minWidth: 80, flex: 1.3 },
  { field: 'source', headerName: 'Source', width: 92 },
  { field: 'projectType', headerName: 'Project Type', width: 84 },
  {
    field: 'budget',
    headerName: 'Budget',
    type: 'number',
    width: 104,
    // Unknown (0) is a dash, not ₹0.
    valueFormatter: (value: number) => formatBudget(value),
  },
  {
    field: 'status',
    headerName: 'Status',
    width: 96,
    renderCell: ({ row }) => <LeadStatusChip status={row.status} />,
  },
  // The id is what is stored; the name kept beside it is what is shown.
  { field: 'assignedTo', headerName: 'Assigned To', width: 84, valueGetter: (_value: string, row: Lead) => row.assignedToName },
  {
    field: 'nextFollowUp',
    headerName: 'Next Follow-up',
    width: 100,
    valueFormatter: (value: string | null) => formatOptionalDate(value, 'short'),
  },
  {
    field: 'createdAt',
    headerName: 'Created',
    width: 100,
    valueFormatter: (value: string) => formatDate(value, 'short'),
  },
];

/** Order and filters come from the server, so the grid neither sorts nor filters. */
const columns = baseColumns.map((column): GridColDef<Lead> => ({ ...column, sortable: false, filterable: false }));

/** Speed-to-lead (issue 26): a lead past its first-response time with no response yet says so under its status. */
export function OverdueHint() {
  return <Chip size="small" color="error" variant="outlined" label="overdue" />;
}

/** The columns with the status cell marking the overdue leads. */
function columnsMarking(overdueIds: ReadonlySet<string>): GridColDef<Lead>[] {
  if (overdueIds.size === 0) return columns;
  return columns.map((column) =>
    column.field === 'status'
      ? {
          ...column,
          renderCell: ({ row }) => (
            <Stack spacing={0.5} sx={{ py: 0.5, alignItems: 'flex-start' }}>
              <LeadStatusChip status={row.status} />
              {overdueIds.has(row.id) && <OverdueHint />}
            </Stack>
          ),
        }
      : column,
  );
}

interface LeadTableProps {
  rows: Lead[];
  loading: boolean;
  hasNextPage: boolean;
  /** The total, or -1 while there is a next page and no total, else the rows up to and including this page. */
  rowCount: number;
  paginationModel: GridPaginationModel;
  onPaginationModelChange: (model: GridPaginationModel) => void;
  selection: GridRowSelectionModel;
  onSelectionChange: (model: GridRowSelectionModel) => void;
  onOpenLead: (id: string) => void;
  /** The leads past their first-response time (marked 'overdue'). */
  overdueIds?: ReadonlySet<string>;
}

const NONE: ReadonlySet<string> = new Set();

/**
 * The leads list on a laptop (a phone gets LeadCards): pages come from the
 * server by cursor; the total is the server's kept count where it has one,
 * else the grid shows 'more than' until the last page, then the count.
 */
export function LeadTable({
  rows,
  loading,
  hasNextPage,
  rowCount,
  paginationModel,
  onPaginationModelChange,
  selection,
  onSelectionChange,
  onOpenLead,
  overdueIds = NONE,
}: LeadTableProps) {
  const shownColumns = useMemo(() => columnsMarking(overdueIds), [overdueIds]);
  const paginationMeta = useMemo(() => ({ hasNextPage }), [hasNextPage]);
  const apiRef = useGridApiRef();
  // Each page shown: name and email measured on it, the grid's spare width shared between them.
  useEffect(() => {
    if (loading) return;
    const frame = requestAnimationFrame(() => {
      void apiRef.current?.autosizeColumns({ columns: CONTENT_WIDTH, includeHeaders: true, includeOutliers: true, expand: true });
    });
    return () => cancelAnimationFrame(frame);
  }, [apiRef, rows, loading]);
  return (
    <DataGrid
      apiRef={apiRef}
      label="Leads"
      rows={rows}
      columns={shownColumns}
      getRowHeight={() => 'auto'}
      loading={loading}
      autoHeight
      checkboxSelection
      disableRowSelectionOnClick
      disableRowSelectionExcludeModel
      keepNonExistentRowsSelected
      disableColumnFilter
      disableColumnSorting
      disableColumnMenu
      rowSelectionModel={selection}
      onRowSelectionModelChange={onSelectionChange}
      onRowClick={({ id }) => onOpenLead(String(id))}
      paginationMode="server"
      rowCount={rowCount}
      paginationMeta={paginationMeta}
      paginationModel={paginationModel}
      onPaginationModelChange={onPaginationModelChange}
      pageSizeOptions={[...LEAD_PAGE_SIZES]}
      slots={{ loadingOverlay: LoadingOverlay, noRowsOverlay: NoRowsOverlay }}
      sx={{
        bgcolor: 'background.paper',
        // 13 px text lets phones, amounts and dates show whole in their columns on a laptop.
        fontSize: '0.8125rem',
        '& .MuiDataGrid-row': { cursor: 'pointer' },
        '--DataGrid-overlayHeight': '240px',
        '& .MuiDataGrid-cell, & .MuiDataGrid-columnHeader': { px: 1 },
        '& .MuiDataGrid-cell': { minHeight: 52, display: 'flex', alignItems: 'center' },
        '& .MuiDataGrid-columnHeaderTitle': { whiteSpace: 'normal', lineHeight: 1.25 },
      }}
    />
  );
}
