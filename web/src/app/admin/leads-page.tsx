import AddIcon from '@mui/icons-material/Add';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { GridPaginationModel } from '@mui/x-data-grid';
import type { GridRowSelectionModel } from '@mui/x-data-grid';
import type { Lead } from '@app/shared-types/leads';
import { useEffect, useMemo, useRef, useState } from 'react';
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
import { usePortalHref } from './portal-base';
import { parseLeadFilters, parseLeadPage, parseLeadView, type FilterParam, type LeadFilters as Filters, type LeadView } from '../../features/leads/model';
import { LeadBoard } from '../../features/leads/components/lead-board';
import { LeadCards } from '../../features/leads/components/lead-cards';
import { SpamList } from '../../features/leads/components/spam-list';
import { CampaignReportView } from '../../features/campaigns/components/campaign-report-view';
import { useResponseOverdue } from '../../features/leads/api/get-response-overdue';
import { ResponseTimesView } from '../../features/leads/components/response-times-view';
import Typography from '@mui/material/Typography';
import { ListPager } from '../../features/leads/components/list-pager';
import { canDelete } from '../../lib/roles';
import { useUrlDialog } from '../../lib/url-dialog';
import { withParam, useUrlSearchParams } from '../../lib/url-params';
import { FilterCard, ResourceHeader } from '../../components/paged-list';
import { LeadQuotes } from './lead-quotes';

interface Selection {
  model: GridRowSelectionModel;
  /** The selected leads, kept across pages (the grid only knows the rows on screen). */
  leads: Map<string, Lead>;
}

const NO_SELECTION: Selection = { model: { type: 'include', ids: new Set() }, leads: new Map() };

/** The parameters of the list's page in the URL (cleared when a filter changes: cursors hold for one list only). */
const PAGE_PARAMS = ['page', 'cursor'] as const;

const VIEW_LABELS: Record<LeadView, string> = { list: 'List', board: 'Board', campaigns: 'Campaigns', responses: 'Response times', spam: 'Spam' };

/**
 * The Leads CRM section: figures, then the list (filters and page kept in
 * the URL; a table on a laptop, cards on a phone), the pipeline board, or
 * (managers) the Spam view, picked by ?view=; bulk actions, and the Add Lead,
 * Bulk Import and lead detail panels. ?new=1 opens Add Lead; ?lead=<id> opens that lead.
 */
export function LeadsPage() {
  const { data: session } = useSession();
  const portalHref = usePortalHref();
  // A converted lead links to its customer and project in Project Management.
  const conversionLinks = {
    customer: (id: string) => portalHref(`projects?tab=customers&customer=${encodeURIComponent(id)}`),
    project: (id: string) => portalHref(`projects?project=${encodeURIComponent(id)}`),
    quote: (id: string) => portalHref(`quotations?new=1&lead=${encodeURIComponent(id)}`),
    quotes: (id: string) => <LeadQuotes leadId={id} quoteHref={(quoteId) => portalHref(`quotations?quote=${encodeURIComponent(quoteId)}`)} />,
  };
  const [searchParams, setSearchParams] = useUrlSearchParams();
  const filters = useMemo(() => parseLeadFilters(searchParams), [searchParams]);
  // Spam and Response times are for managers and up (the roles that delete).
  const canSeeSpam = canDelete(session?.user.role);
  const view = parseLeadView(searchParams, canSeeSpam);
  const [importOpen, setImportOpen] = useState(false);
  const dialog = useUrlDialog('lead');

  const changeView = (next: LeadView) => setSearchParams((current) => withParam(current, 'view', next, 'list'));

  // The list's filters, also the board's: a change starts again from the first page.
  const changeFilter = (name: FilterParam, value: string) =>
    setSearchParams(
      (current) => {
        const next = withParam(current, name, value, name === 'sort' ? 'created' : undefined);
        for (const param of PAGE_PARAMS) next.delete(param);
        return next;
      },
      { replace: name === 'q' },
    );
  /** The list with a board column's status and the board's other filters. */
  const listHref = (status: string) => {
    const next = withParam(withParam(searchParams, 'view', null), 'status', status);
    for (const param of PAGE_PARAMS) next.delete(param);
    return `?${next.toString()}`;
  };

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

      <Tabs value={view} onChange={(_event, next: LeadView) => changeView(next)} aria-label="Leads view">
        {(canSeeSpam ? (['list', 'board', 'campaigns', 'responses', 'spam'] as const) : (['list', 'board', 'campaigns'] as const)).map((name) => (
          <Tab key={name} value={name} label={VIEW_LABELS[name]} />
        ))}
      </Tabs>

      {(view === 'list' || view === 'board') && (
        <FilterCard>
          <LeadFilters filters={filters} onChange={changeFilter} showOverdue={view === 'list'} />
        </FilterCard>
      )}

      {view === 'list' ? (
        <LeadList filters={filters} onOpenLead={dialog.openEdit} />
      ) : view === 'board' ? (
        <LeadBoard filters={filters} onOpenLead={dialog.openEdit} listHref={listHref} />
      ) : view === 'campaigns' ? (
        <CampaignReportView canEditSpend={canSeeSpam} leadsHref={(row) => `?campaign=${encodeURIComponent(row.campaign)}`} />
      ) : view === 'responses' ? (
        <ResponseTimesView />
      ) : (
        <SpamList onOpenLead={dialog.openEdit} />
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

/** The list view: filters, bulk actions and the page of leads (its number and cursor in the URL). */
function LeadList({ filters, onOpenLead }: { filters: Filters; onOpenLead: (id: string) => void }) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const [searchParams, setSearchParams] = useUrlSearchParams();
  const { page, cursor, pageSize } = parseLeadPage(searchParams);
  const [selection, setSelection] = useState<Selection>(NO_SELECTION);

  // 'Response overdue' (issue 26): the overdue leads' own list (the oldest 100, oldest first), paged here; the other filters do not apply.
  const overdueOn = filters.overdue === '1';
  // The page of the overdue list, back to the first when the page size changes.
  const [overdueAt, setOverdueAt] = useState({ pageSize, page: 0 });
  const overduePage = overdueAt.pageSize === pageSize ? overdueAt.page : 0;
  const setOverduePage = (target: number) => setOverdueAt({ pageSize, page: target });
  const overdue = useResponseOverdue();
  const overdueLeads = useMemo(() => overdue.data?.items ?? [], [overdue.data]);
  const overdueIds = useMemo(() => new Set(overdueLeads.map((lead) => lead.id)), [overdueLeads]);

  const list = useLeads({ filters, limit: pageSize, cursor }, !overdueOn);
  const shown = overdueOn ? overdue : list;
  const rows = useMemo(
    () => (overdueOn ? overdueLeads.slice(overduePage * pageSize, (overduePage + 1) * pageSize) : (list.data?.items ?? [])),
    [overdueOn, overdueLeads, overduePage, pageSize, list.data],
  );
  const hasNextPage = overdueOn ? (overduePage + 1) * pageSize < overdueLeads.length : Boolean(list.data?.nextCursor);
  const total = list.data?.total;
  // Unknown (-1) while the first answer loads: a page past the first, opened from its URL, is not cut back to the first.
  const rowCount = overdueOn ? (overdue.data ? overdueLeads.length : -1) : !list.data ? -1 : (total ?? (hasNextPage ? -1 : page * pageSize + rows.length));
  const shownPage = overdueOn ? overduePage : page;

  // The cursor each page started at, as met in this visit (a page opened from a link knows only its own).
  const cursors = useRef(new Map<string, string | undefined>());
  const pageKey = `${JSON.stringify(filters)}|${pageSize}|${page}`;
  useEffect(() => {
    cursors.current.set(pageKey, cursor);
  }, [pageKey, cursor]);

  const toPage = (target: number, targetCursor: string | undefined, size = pageSize) =>
    setSearchParams((current) => {
      const next = withParam(current, 'size', String(size), '25');
      if (target === 0 || !targetCursor) for (const param of PAGE_PARAMS) next.delete(param);
      else {
        next.set('page', String(target + 1));
        next.set('cursor', targetCursor);
      }
      return next;
    });

  const changePage = (model: GridPaginationModel) => {
    if (model.pageSize !== pageSize) return toPage(0, undefined, model.pageSize);
    if (overdueOn) return setOverduePage(model.page);
    if (model.page > page) {
      // The next page starts where the one on screen ended (not while it is still loading).
      const next = list.isPlaceholderData ? undefined : list.data?.nextCursor;
      if (next) toPage(page + 1, next);
      return;
    }
    if (model.page < page) toPage(model.page, cursors.current.get(`${JSON.stringify(filters)}|${pageSize}|${model.page}`));
  };

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

  return (
    <>
      <BulkActionBar selected={[...selection.leads.values()]} onDone={() => setSelection(NO_SELECTION)} />

      {overdueOn && overdue.data && (
        <Typography role="status" variant="body2" color="text.secondary">
          {overdueSummary(overdue.data.total, overdueLeads.length)}
        </Typography>
      )}

      {shown.isError ? (
        <ErrorState message={`Could not load leads. ${serverMessage(shown.error)}`} onRetry={() => void shown.refetch()} />
      ) : phone ? (
        <Stack spacing={1.5}>
          <LeadCards rows={rows} loading={shown.isFetching} onOpenLead={onOpenLead} overdueIds={overdueIds} />
          <ListPager page={shownPage} pageSize={pageSize} rowsOnPage={rows.length} rowCount={rowCount} hasNextPage={hasNextPage} onChange={changePage} />
        </Stack>
      ) : (
        <LeadTable
          rows={rows}
          loading={shown.isFetching}
          hasNextPage={hasNextPage}
          rowCount={rowCount}
          overdueIds={overdueIds}
          paginationModel={{ page: shownPage, pageSize }}
          onPaginationModelChange={changePage}
          selection={selection.model}
          onSelectionChange={changeSelection}
          onOpenLead={onOpenLead}
        />
      )}
    </>
  );
}

/** What the overdue list holds: '3 leads are past their first-response time with no response yet, oldest first.' */
function overdueSummary(total: number, shown: number): string {
  const count = total === 1 ? '1 lead is past its' : `${total} leads are past their`;
  const more = total > shown ? ` The oldest ${shown} are shown.` : '';
  return `${count} first-response time with no response yet, oldest first.${more} The other filters do not apply.`;
}
