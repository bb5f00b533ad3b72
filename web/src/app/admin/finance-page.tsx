import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { calendarDate } from '@app/shared-types/format';
import type { Transaction } from '@app/shared-types/finance';
import { useMemo, useState } from 'react';
import { useDeleteFlow } from '../../components/confirm-delete-dialog';
import { FilterCard, PagedList, ResourceHeader, usePagedItems } from '../../components/paged-list';
import { useSession } from '../../features/auth/api/get-session';
import { useDeleteTransaction } from '../../features/finance/api/delete-transaction';
import { useProjectFinancials } from '../../features/finance/api/get-project-financials';
import { useTransactions } from '../../features/finance/api/get-transactions';
import { useVendorLedgers } from '../../features/finance/api/get-vendor-ledgers';
import { FinanceReports } from '../../features/finance/components/finance-reports';
import { FinanceSummaryCards } from '../../features/finance/components/finance-summary-cards';
import { PaymentPlanDialog } from '../../features/finance/components/payment-plan-dialog';
import { RecordPaymentDialog } from '../../features/finance/components/record-payment-dialog';
import { ProjectBudgetGrid } from '../../features/finance/components/project-budgets';
import { TransactionDialog } from '../../features/finance/components/transaction-dialog';
import { TransactionFilters } from '../../features/finance/components/transaction-filters';
import { TransactionList } from '../../features/finance/components/transaction-list';
import { VendorLedgerDialog, VendorLedgerGrid } from '../../features/finance/components/vendor-ledgers';
import {
  FINANCE_TABS,
  FINANCE_TAB_LABELS,
  LEDGER_PAGE_SIZE,
  TRANSACTION_PAGE_SIZE,
  parseFinanceTab,
  parseTransactionFilters,
  signedAmount,
  type FinanceTab,
  type TransactionFilterParam,
  type TransactionFilters as Filters,
} from '../../features/finance/model';
import { canDelete } from '../../lib/roles';
import { useUrlDialog } from '../../lib/url-dialog';
import { withParam, useUrlSearchParams } from '../../lib/url-params';
import { useAdminRouteHandle } from './sections';

/** SPEC.md 2: the empty state of the transaction history. */
export const NO_TRANSACTIONS_MESSAGE = 'No transactions found matching your criteria';

/**
 * Enhanced Finance Management: the four summary cards and four tabs
 * (?tab=projects|vendors|reports; Transactions is the default). The
 * transaction filters, the open transaction (?new=1, ?transaction=<id>),
 * project plan (?project=<id>) and vendor ledger (?ledger=<id>) live in the URL.
 */
export function FinancePage() {
  const heading = useAdminRouteHandle()?.section?.heading ?? 'Enhanced Finance Management';
  const [searchParams, setSearchParams] = useUrlSearchParams();
  const tab = parseFinanceTab(searchParams);
  const filters = useMemo(() => parseTransactionFilters(searchParams), [searchParams]);
  const dialog = useUrlDialog('transaction');
  const today = calendarDate();

  return (
    <Stack spacing={3}>
      <ResourceHeader
        title={heading}
        subtitle="Money in and out, what each project earns, what vendors are owed."
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={dialog.openNew}>
            Add Transaction
          </Button>
        }
      />
      <FinanceSummaryCards />
      <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Tabs
          value={tab}
          onChange={(_event, value: FinanceTab) => setSearchParams((current) => withParam(current, 'tab', value, 'transactions'))}
          aria-label="Finance"
          // Wider screens show all four; on a phone the arrows say more tabs are there (a clipped label alone did not).
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
        >
          {FINANCE_TABS.map((value) => (
            <Tab key={value} value={value} label={FINANCE_TAB_LABELS[value]} id={`finance-tab-${value}`} aria-controls="finance-tab-panel" />
          ))}
        </Tabs>
      </Box>
      <Box role="tabpanel" id="finance-tab-panel" aria-labelledby={`finance-tab-${tab}`}>
        {tab === 'transactions' && <TransactionsTab filters={filters} today={today} onEdit={dialog.openEdit} />}
        {tab === 'projects' && <ProjectsTab today={today} />}
        {tab === 'vendors' && <VendorsTab />}
        {tab === 'reports' && <FinanceReports filters={filters} />}
      </Box>
      <TransactionDialogFromList open={dialog.open} id={dialog.id} filters={filters} today={today} onClose={dialog.close} />
    </Stack>
  );
}

function TransactionsTab({ filters, today, onEdit }: { filters: Filters; today: string; onEdit: (id: string) => void }) {
  const [, setSearchParams] = useUrlSearchParams();
  const { data: session } = useSession();
  const list = useTransactions(filters, TRANSACTION_PAGE_SIZE);
  const items = usePagedItems(list);
  const [paying, setPaying] = useState<Transaction | null>(null);
  const remove = useDeleteFlow<Transaction>({
    mutation: useDeleteTransaction(),
    noun: 'Transaction',
    nameOf: (tx) => `${tx.transactionId}: ${tx.description}`,
    message: (tx) => `${tx ? `${tx.transactionId} (${signedAmount(tx.type, tx.amount)})` : 'The transaction'} will be deleted and the figures recounted. This cannot be undone.`,
    forbidden: 'Only managers and admins can delete transactions.',
  });

  const changeFilter = (name: TransactionFilterParam, value: string) =>
    setSearchParams((current) => withParam(current, name, value), { replace: name === 'q' });

  return (
    <Stack spacing={2}>
      <FilterCard>
        <TransactionFilters filters={filters} onChange={changeFilter} />
      </FilterCard>
      <PagedList list={list} items={items} noun="transactions" emptyMessage={NO_TRANSACTIONS_MESSAGE}>
        <TransactionList
          items={items}
          label="Transaction history"
          onEdit={(tx) => onEdit(tx.id)}
          onDelete={canDelete(session?.user.role) ? remove.ask : undefined}
          onRecordPayment={setPaying}
        />
      </PagedList>
      {remove.dialog}
      <RecordPaymentDialog transaction={paying} today={today} onClose={() => setPaying(null)} />
    </Stack>
  );
}

/** The dialog edits the list's copy of a transaction (newest after every write); one beyond the pages loaded is not found. */
function TransactionDialogFromList({ open, id, filters, today, onClose }: { open: boolean; id: string | null; filters: Filters; today: string; onClose: () => void }) {
  const list = useTransactions(filters, TRANSACTION_PAGE_SIZE);
  const items = usePagedItems(list);
  const found = items.find((tx) => tx.id === id);
  return (
    <TransactionDialog
      open={open}
      transactionId={id}
      transaction={found}
      error={list.isError ? list.error : !list.isPending && id !== null && !found ? new Error('Transaction not found') : null}
      today={today}
      onClose={onClose}
    />
  );
}

function ProjectsTab({ today }: { today: string }) {
  const [searchParams, setSearchParams] = useUrlSearchParams();
  const list = useProjectFinancials(LEDGER_PAGE_SIZE);
  const items = usePagedItems(list);
  const open = searchParams.get('project') ?? '';
  return (
    <>
      <PagedList list={list} items={items} noun="project budgets" emptyMessage="No projects with a budget yet">
        <ProjectBudgetGrid projects={items} onOpen={(project) => setSearchParams((current) => withParam(current, 'project', project.projectId))} />
      </PagedList>
      <PaymentPlanDialog projectId={open} today={today} onClose={() => setSearchParams((current) => withParam(current, 'project', null))} />
    </>
  );
}

function VendorsTab() {
  const [searchParams, setSearchParams] = useUrlSearchParams();
  const list = useVendorLedgers(LEDGER_PAGE_SIZE);
  const items = usePagedItems(list);
  const open = searchParams.get('ledger') ?? '';
  return (
    <>
      <PagedList list={list} items={items} noun="vendor ledgers" emptyMessage="No vendor transactions yet">
        <VendorLedgerGrid ledgers={items} onOpen={(ledger) => setSearchParams((current) => withParam(current, 'ledger', ledger.vendorId))} />
      </PagedList>
      <VendorLedgerDialog vendorId={open} onClose={() => setSearchParams((current) => withParam(current, 'ledger', null))} />
    </>
  );
}
