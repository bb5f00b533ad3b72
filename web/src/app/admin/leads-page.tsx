import AddIcon from '@mui/icons-material/Add';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { GridRowSelectionModel } from '@mui/x-data-grid';
import type { Lead } from '@app/shared-types/leads';
import { useMemo, useState } from 'react';
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
import { DEFAULT_LEAD_PAGE_SIZE, parseLeadFilters, type FilterParam } from '../../features/leads/model';
import { canDelete } from '../../lib/roles';
import { useUrlDialog } from '../../lib/url-dialog';
import { withParam, useUrlSearchParams } from '../../lib/url-params';
import { FilterCard, ResourceHeader } from '../../components/paged-list';

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
    quote: (id: string) => portalHref(`quotations?new=1&lead=${encodeURIComponent(id)}`),
  };
  const [searchParams, setSearchParams] = useUrlSearchParams();
  const filters = useMemo(() => parseLeadFilters(searchParams), [searchParams]);

  const pager = useCursorPager(JSON.stringify(filters), DEFAULT_LEAD_PAGE_SIZE);

  const [selection, setSelection] = useState<Selection>(NO_SELECTION);
  const [importOpen, setImportOpen] = useState(false);

  const list = useLeads({ filters, limit: pager.model.pageSize, cursor: pager.cursor });
  const rows = useMemo(() => list.data?.items ?? [], [list.data]);
  const hasNextPage = Boolean(list.data?.nextCursor);

  const changeFilter = (name: FilterParam, value: string) =>
    setSearchParams((current) => withParam(current, name, value, name === 'sort' ? 'created' : undefined), { replace: name === 'q' });

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

  const dialog = useUrlDialog('lead');

  return (
    <Stack spacing={3}>
      <ResourceHeader
        title="Leads CRM"
        subtitle="Every enquiry from the website, ads and calls, in one place."
        actions={
          <>
            <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => setImportOpen(true)}>
              Bulk Import
            </Button>
            <Button variant="contained" startIcon={<AddIcon />} onClick={dialog.openNew}>
              Add Lead
            </Button>
          </>
        }
      />

      <LeadStats />

      <FilterCard>
        <LeadFilters filters={filters} onChange={changeFilter} />
      </FilterCard>

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
          onOpenLead={dialog.openEdit}
        />
      )}

      <AddLeadDialog open={dialog.creating} onClose={dialog.close} />
      <BulkImportDialog open={importOpen} onClose={() => setImportOpen(false)} />
      <LeadDrawer
        id={dialog.open && !dialog.creating ? dialog.id : null}
        onClose={dialog.close}
        canDelete={canDelete(session?.user.role)}
        conversionLinks={conversionLinks}
      />
    </Stack>
  );
}
