import AddIcon from '@mui/icons-material/Add';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GridRowSelectionModel } from '@mui/x-data-grid';
import type { Lead } from '@app/shared-types/leads';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ErrorState } from '../../components/error-state';
import { useSession } from '../../features/auth/api/get-session';
import { serverMessage } from '../../lib/api-errors';
import { useLeads } from '../../features/leads/api/get-leads';
import { AddLeadDialog } from '../../features/leads/components/add-lead-dialog';
import { BulkActionBar } from '../../features/leads/components/bulk-action-bar';
import { BulkImportDialog } from '../../features/leads/components/bulk-import-dialog';
import { LeadDrawer } from '../../features/leads/components/lead-drawer';
import { LeadFilters } from '../../features/leads/components/lead-filters';
import { LeadStats } from '../../features/leads/components/lead-stats';
import { LeadTable } from '../../features/leads/components/lead-table';
import { useCursorPager } from '../../lib/cursor-pager';
import { usePortalHref } from './portal-base';
import { canDeleteLeads, DEFAULT_LEAD_PAGE_SIZE, parseLeadFilters, withFilter, type FilterParam } from '../../features/leads/model';

interface Selection {
  model: GridRowSelectionModel;
  /** The selected leads, kept across pages (the grid only knows the rows on screen). */
  leads: Map<string, Lead>;
}

const NO_SELECTION: Selection = { model: { type: 'include', ids: new Set() }, leads: new Map() };

/**
 * The Leads CRM section: figures, filters (kept in the URL), the paged table,
 * bulk actions, and the Add Lead, Bulk Import and lead detail panels.
 * ?new=1 opens Add Lead; ?lead=<id> opens that lead.
 */
export function LeadsPage() {
  const { data: session } = useSession();
  const portalHref = usePortalHref();
  // A converted lead links to its customer and project in Project Management.
  const conversionLinks = {
    customer: (id: string) => portalHref(`projects?tab=customers&customer=${encodeURIComponent(id)}`),
    project: (id: string) => portalHref(`projects?project=${encodeURIComponent(id)}`),
  };
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = useMemo(() => parseLeadFilters(searchParams), [searchParams]);

  const pager = useCursorPager(JSON.stringify(filters), DEFAULT_LEAD_PAGE_SIZE);

  const [selection, setSelection] = useState<Selection>(NO_SELECTION);
  const [importOpen, setImportOpen] = useState(false);

  const list = useLeads({ filters, limit: pager.model.pageSize, cursor: pager.cursor });
  const rows = useMemo(() => list.data?.items ?? [], [list.data]);
  const hasNextPage = Boolean(list.data?.nextCursor);

  const changeFilter = (name: FilterParam, value: string) =>
    setSearchParams((current) => withFilter(current, name, value), { replace: name === 'q' });

  const changeSelection = (model: GridRowSelectionModel) => {
    setSelection((current) => {
      const leads = new Map<string, Lead>();
      for (const id of model.ids) {
        const lead = rows.find((row) => row.id === id) ?? current.leads.get(String(id));
        if (lead) leads.set(lead.id, lead);
      }
      return { model, leads };
    });
  };

  const setParam = (name: 'lead' | 'new', value: string | null) =>
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      if (value === null) next.delete(name);
      else next.set(name, value);
      return next;
    });

  const openLeadId = searchParams.get('lead');
  const addOpen = searchParams.get('new') === '1';

  return (
    <Stack spacing={3}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <div>
          <Typography variant="h3" component="h1">
            Leads CRM
          </Typography>
          <Typography color="text.secondary">Every enquiry from the website, ads and calls, in one place.</Typography>
        </div>
        <Stack direction="row" spacing={1.5} sx={{ flexShrink: 0 }}>
          <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => setImportOpen(true)}>
            Bulk Import
          </Button>
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setParam('new', '1')}>
            Add Lead
          </Button>
        </Stack>
      </Stack>

      <LeadStats />

      <Card>
        <CardContent sx={{ p: { xs: 2, md: 2.5 }, '&:last-child': { pb: { xs: 2, md: 2.5 } } }}>
          <LeadFilters filters={filters} onChange={changeFilter} />
        </CardContent>
      </Card>

      <BulkActionBar selected={[...selection.leads.values()]} onDone={() => setSelection(NO_SELECTION)} />

      {list.isError ? (
        <ErrorState message={`Could not load leads. ${serverMessage(list.error)}`} onRetry={() => void list.refetch()} />
      ) : (
        <LeadTable
          rows={rows}
          loading={list.isFetching}
          hasNextPage={hasNextPage}
          rowCount={pager.rowCount(rows.length, hasNextPage)}
          paginationModel={pager.model}
          // The next page's cursor is the one the page on screen ended with.
          onPaginationModelChange={(model) => pager.change(model, list.isPlaceholderData ? undefined : list.data?.nextCursor)}
          selection={selection.model}
          onSelectionChange={changeSelection}
          onOpenLead={(id) => setParam('lead', id)}
        />
      )}

      <AddLeadDialog open={addOpen} onClose={() => setParam('new', null)} />
      <BulkImportDialog open={importOpen} onClose={() => setImportOpen(false)} />
      <LeadDrawer
        id={openLeadId}
        onClose={() => setParam('lead', null)}
        canDelete={canDeleteLeads(session?.user.role)}
        conversionLinks={conversionLinks}
      />
    </Stack>
  );
}
