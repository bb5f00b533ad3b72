import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { customerName } from '@app/shared-types/customers';
import { calendarDate } from '@app/shared-types/format';
import type { Quotation } from '@app/shared-types/quotations';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, lazy, useMemo, useState } from 'react';
import { useDeleteFlow } from '../../components/confirm-delete-dialog';
import { ErrorState } from '../../components/error-state';
import { FilterCard, PagedList, ResourceHeader, usePagedItems } from '../../components/paged-list';
import { LoadingState } from '../../components/loading-state';
import { useSession } from '../../features/auth/api/get-session';
import { useCustomer } from '../../features/customers/api/get-customer';
import { useLead } from '../../features/leads/api/get-lead';
import { useDeleteQuotation } from '../../features/quotations/api/delete-quotation';
import { useDuplicateQuotation } from '../../features/quotations/api/duplicate-quotation';
import { useQuotation } from '../../features/quotations/api/get-quotation';
import { useQuotationDefaults } from '../../features/quotations/api/get-quotation-defaults';
import { useQuotations } from '../../features/quotations/api/get-quotations';
import { QUOTATION_CACHE } from '../../features/quotations/api/refresh-quotation-queries';
import { QuotationBuilder } from '../../features/quotations/components/quotation-builder';
import { QuotationFilters } from '../../features/quotations/components/quotation-filters';
import { QuotationList } from '../../features/quotations/components/quotation-list';
import {
  NO_QUOTATIONS_MESSAGE,
  QUOTATION_PAGE_SIZE,
  parseQuotationFilters,
  quotationsViewOf,
  type ClientPrefill,
  type QuotationFilterParam,
  type QuotationsView,
} from '../../features/quotations/model';
import { serverMessage } from '../../lib/api-errors';
import { canDelete, canEditRateLibrary } from '../../lib/roles';
import { useToast } from '../../lib/toast';
import { withParam, useUrlSearchParams } from '../../lib/url-params';
import { useAdminRouteHandle } from './sections';

/** The rate library's editor, its own chunk: only the tab that shows it loads it. */
const RateLibraryPanel = lazy(async () => ({ default: (await import('../../features/rate-library/components/rate-library-panel')).RateLibraryPanel }));

const VIEW_LABELS: Record<QuotationsView, string> = { list: 'Quotations', builder: 'Builder', rates: 'Rate library' };
const VIEWS: QuotationsView[] = ['list', 'builder', 'rates'];

/**
 * Pixel-Perfect Quotation Builder: the quotations (search and status in the
 * URL), the builder (?new=1, with &lead=<id> or &customer=<id> to start from
 * one; ?quote=<id> to edit) and the rate library (?tab=rates).
 */
export function QuotationsPage() {
  const heading = useAdminRouteHandle()?.section?.heading ?? 'Pixel-Perfect Quotation Builder';
  const [params, setParams] = useUrlSearchParams();
  const { data: session } = useSession();
  const view = quotationsViewOf(params);

  const show = (next: QuotationsView) =>
    setParams((current) => {
      const cleared = ['new', 'quote', 'lead', 'customer', 'tab'].reduce((acc, name) => withParam(acc, name, null), current);
      if (next === 'builder') return withParam(cleared, 'new', '1');
      if (next === 'rates') return withParam(cleared, 'tab', 'rates');
      return cleared;
    });

  return (
    <Stack spacing={3}>
      <ResourceHeader
        title={heading}
        subtitle="Quotes with live totals, the client's link, PDFs and every earlier version."
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => show('builder')}>
            New Quotation
          </Button>
        }
      />
      <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Tabs value={view} onChange={(_event, value: QuotationsView) => show(value)} aria-label="Quotation Builder" variant="scrollable" scrollButtons="auto" allowScrollButtonsMobile>
          {VIEWS.map((value) => (
            <Tab key={value} value={value} label={VIEW_LABELS[value]} id={`quotations-tab-${value}`} aria-controls="quotations-tab-panel" />
          ))}
        </Tabs>
      </Box>
      <Box role="tabpanel" id="quotations-tab-panel" aria-labelledby={`quotations-tab-${view}`}>
        {view === 'list' && <ListView />}
        {view === 'builder' && <BuilderView onBack={() => show('list')} />}
        {view === 'rates' && (
          <Suspense fallback={<LoadingState label="Loading the rate library..." />}>
            <RateLibraryPanel canEdit={canEditRateLibrary(session?.user.role)} />
          </Suspense>
        )}
      </Box>
    </Stack>
  );
}

function ListView() {
  const [params, setParams] = useUrlSearchParams();
  const filters = useMemo(() => parseQuotationFilters(params), [params]);
  const { data: session } = useSession();
  const { toast } = useToast();
  const list = useQuotations(filters, QUOTATION_PAGE_SIZE);
  const items = usePagedItems(list);
  const duplicate = useDuplicateQuotation();
  const today = calendarDate();
  const remove = useDeleteFlow<Quotation>({
    mutation: useDeleteQuotation(),
    noun: 'Quotation',
    nameOf: (quote) => `${quote.quotationNumber}: ${quote.clientDetails.name}`,
    message: (quote) => `${quote ? `${quote.quotationNumber} for ${quote.clientDetails.name}` : 'The quotation'} and its history will be deleted. This cannot be undone.`,
    forbidden: 'Only managers and admins can delete quotations.',
  });

  const changeFilter = (name: QuotationFilterParam, value: string) => setParams((current) => withParam(current, name, value), { replace: name === 'q' });
  const open = (id: string) => setParams((current) => withParam(withParam(current, 'new', null), 'quote', id));
  const copy = async (quote: Quotation) => {
    try {
      const copied = await duplicate.mutateAsync(quote.id);
      toast({ title: 'Quotation duplicated', description: `${copied.quotationNumber} is a new draft.` });
      open(copied.id);
    } catch (error) {
      toast({ variant: 'destructive', title: 'Error duplicating quotation', description: serverMessage(error) });
    }
  };

  return (
    <Stack spacing={2}>
      <FilterCard>
        <QuotationFilters filters={filters} onChange={changeFilter} />
      </FilterCard>
      <PagedList list={list} items={items} noun="quotations" emptyMessage={NO_QUOTATIONS_MESSAGE}>
        <QuotationList
          items={items}
          today={today}
          onOpen={(quote) => open(quote.id)}
          onDuplicate={(quote) => void copy(quote)}
          onDelete={canDelete(session?.user.role) ? remove.ask : undefined}
        />
      </PagedList>
      {remove.dialog}
    </Stack>
  );
}

/** The client details a new quote starts from: the lead's or the customer's the URL names. */
function usePrefill(leadId: string | null, customerId: string | null): { prefill: ClientPrefill | undefined; pending: boolean; error: unknown } {
  const lead = useLead(leadId);
  const customer = useCustomer(customerId);
  if (leadId) {
    const found = lead.data?.lead;
    return {
      pending: lead.isPending,
      error: lead.error,
      prefill: found && { leadId: found.id, name: found.name, phone: found.phone, email: found.email, siteAddress: found.location, projectType: found.projectType },
    };
  }
  if (customerId) {
    const found = customer.data;
    return {
      pending: customer.isPending,
      error: customer.error,
      prefill: found && { customerId: found.id, name: customerName(found), phone: found.phone, email: found.email, address: [found.address, found.city].filter(Boolean).join(', ') },
    };
  }
  return { prefill: undefined, pending: false, error: null };
}

function BuilderView({ onBack }: { onBack: () => void }) {
  const [params, setParams] = useUrlSearchParams();
  const queryClient = useQueryClient();
  const { data: session } = useSession();
  const id = params.get('quote');
  const quote = useQuotation(id);
  const defaults = useQuotationDefaults();
  const { prefill, pending, error } = usePrefill(id ? null : params.get('lead'), id ? null : params.get('customer'));

  const open = (next: string) =>
    setParams((current) => ['new', 'lead', 'customer'].reduce((acc, name) => withParam(acc, name, null), withParam(current, 'quote', next)));
  const newKey = `new-${params.get('lead') ?? ''}-${params.get('customer') ?? ''}`;
  // A new quote once saved stays the same sheet at its ?quote=<id> (its dialogs, a send under way); any other quote gets its own.
  const [created, setCreated] = useState<{ id: string; key: string } | null>(null);
  const key = !id ? newKey : created?.id === id ? created.key : id;
  const saved = (record: Quotation) => {
    queryClient.setQueryData(QUOTATION_CACHE.detailKey(record.id), record);
    if (record.id === id) return;
    if (!id) setCreated({ id: record.id, key: newKey });
    open(record.id);
  };

  if (defaults.isError) return <ErrorState message={`Could not load the quotation defaults. ${serverMessage(defaults.error)}`} onRetry={() => void defaults.refetch()} />;
  if (id && quote.isError) return <ErrorState message={`Could not load this quotation. ${serverMessage(quote.error)}`} onRetry={() => void quote.refetch()} />;
  if (!id && error) return <ErrorState message={`Could not load the client's details. ${serverMessage(error)}`} />;
  if (!defaults.data || (id && !quote.data) || (!id && pending)) return <LoadingState label="Loading quotation..." />;

  return (
    <QuotationBuilder
      key={key}
      quote={id ? (quote.data ?? null) : null}
      defaults={defaults.data}
      prefill={prefill}
      canApprove={canDelete(session?.user.role)}
      origin={window.location.origin}
      onSaved={saved}
      onOpen={open}
      onBack={onBack}
    />
  );
}
