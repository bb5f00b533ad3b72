import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { publicProjectPath } from '@app/shared-types/api';
import { customerName } from '@app/shared-types/customers';
import { STAGE_STATE_LABELS, type ProjectStage } from '@app/shared-types/finance';
import { formatDate, formatINR, formatMoney } from '@app/shared-types/format';
import { PROJECT_STATUS_LABELS, type Project } from '@app/shared-types/projects';
import { QUOTATION_STATUS_LABELS, effectiveStatus, type Quotation } from '@app/shared-types/quotations';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { ErrorState } from '../../components/error-state';
import { LoadingState } from '../../components/loading-state';
import { PagedList, usePagedItems } from '../../components/paged-list';
import { PhoneLink } from '../../components/record-card';
import { serverMessage } from '../../lib/api-errors';
import { useCustomer } from '../../features/customers/api/get-customer';
import { useProjectFinancial } from '../../features/finance/api/get-project-financial';
import { useTransactions } from '../../features/finance/api/get-transactions';
import { TransactionList } from '../../features/finance/components/transaction-list';
import { STAGE_STATE_COLORS } from '../../features/finance/model';
import { useProjectQuotations } from '../../features/quotations/api/get-project-quotations';
import { STATUS_COLORS as QUOTE_STATUS_COLORS } from '../../features/quotations/model';
import { clampProgress, PRIORITY_LABELS, shownPublicStatus } from '../../features/project-management/model';
import { PhotoManager } from '../../features/project-management/components/photo-manager';

/**
 * The sections of the portal's project page (/admin/projects/:id), each a card
 * with its own heading and anchor (#details, #photos...). A later section (the
 * client's updates feed, purchase orders, margin) is one more entry in the
 * page's list of sections.
 */

export function ProjectSection({ id, title, action, children }: { id: string; title: string; action?: ReactNode; children: ReactNode }) {
  const headingId = `project-section-${id}`;
  return (
    <Card component="section" id={id} aria-labelledby={headingId} variant="outlined" sx={{ scrollMarginTop: 80 }}>
      <CardContent sx={{ p: { xs: 2, sm: 3 }, '&:last-child': { pb: { xs: 2, sm: 3 } } }}>
        <Stack direction="row" spacing={2} useFlexGap sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
          <Typography id={headingId} variant="h5" component="h2">
            {title}
          </Typography>
          {action}
        </Stack>
        {children}
      </CardContent>
    </Card>
  );
}

/** Label and value pairs, two columns from sm up; empty values are left out. */
function Facts({ facts }: { facts: { label: string; value: ReactNode }[] }) {
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', columnGap: 3, rowGap: 1.25, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' } }}>
      {facts
        .filter((fact) => fact.value !== '' && fact.value !== null)
        .map((fact) => (
          <Box key={fact.label} sx={{ minWidth: 0 }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {fact.label}
            </Typography>
            <Typography component="dd" sx={{ m: 0, fontWeight: 500, overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
              {fact.value}
            </Typography>
          </Box>
        ))}
    </Box>
  );
}

const money = (value: number | null) => (value === null ? 'Not set' : formatINR(value));

export function DetailsSection({ project }: { project: Project }) {
  const progress = clampProgress(project.progress);
  return (
    <ProjectSection id="details" title="Details">
      <Box sx={{ mb: 2.5 }}>
        <Stack direction="row" sx={{ justifyContent: 'space-between', mb: 0.5 }}>
          <Typography variant="body2" color="text.secondary" id="project-progress-label">
            Progress
          </Typography>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {progress}%
          </Typography>
        </Stack>
        <LinearProgress variant="determinate" value={progress} aria-labelledby="project-progress-label" sx={{ height: 8, borderRadius: 4 }} />
      </Box>
      <Facts
        facts={[
          { label: 'Project type', value: project.projectType },
          { label: 'Status', value: PROJECT_STATUS_LABELS[project.status] },
          { label: 'Priority', value: PRIORITY_LABELS[project.priority] },
          { label: 'Budget', value: money(project.estimatedBudget) },
          { label: 'Actual cost', value: project.actualCost === null ? '' : formatINR(project.actualCost) },
          { label: 'Start', value: project.startDate ? formatDate(project.startDate) : 'Not set' },
          { label: 'Estimated end', value: project.estimatedEndDate ? formatDate(project.estimatedEndDate) : 'Not set' },
          { label: 'Site address', value: project.siteAddress },
          { label: 'Description', value: project.description },
          { label: 'Requirements', value: project.requirements },
          { label: 'Notes', value: project.notes },
        ]}
      />
      <Box sx={{ mt: 2.5, pt: 2, borderTop: 1, borderColor: 'divider' }}>
        <Typography variant="body2" color="text.secondary">
          Website
        </Typography>
        {project.showOnWebsite && project.slug ? (
          <Typography sx={{ fontWeight: 500 }}>
            Shown as{' '}
            <Link href={publicProjectPath(project)} target="_blank" rel="noopener">
              {project.title || project.name}
            </Link>{' '}
            ({shownPublicStatus(project)}{project.category ? `, ${project.category}` : ''}{project.area ? `, ${project.area}` : ''})
          </Typography>
        ) : (
          <Typography sx={{ fontWeight: 500 }}>Not shown on the website</Typography>
        )}
      </Box>
    </ProjectSection>
  );
}

export function PhotosSection({ project }: { project: Project }) {
  return (
    <ProjectSection id="photos" title={`Photos (${project.images.length})`}>
      <PhotoManager project={project} />
    </ProjectSection>
  );
}

export function CustomerSection({ project, customerHref, newQuoteHref }: { project: Project; customerHref: string; newQuoteHref: string }) {
  const customer = useCustomer(project.customerId);
  let content: ReactNode;
  if (customer.isPending) content = <LoadingState label="Loading customer..." />;
  else if (customer.isError) content = <ErrorState message={`Could not load the customer. ${serverMessage(customer.error)}`} onRetry={() => void customer.refetch()} />;
  else {
    const found = customer.data;
    content = (
      <Facts
        facts={[
          { label: 'Name', value: customerName(found) },
          { label: 'Phone', value: found.phone ? <PhoneLink phone={found.phone} /> : '' },
          { label: 'Email', value: found.email ? <Link href={`mailto:${found.email}`}>{found.email}</Link> : '' },
          { label: 'City', value: found.city },
          { label: 'Address', value: found.address },
          { label: 'Projects', value: String(found.projectCount) },
        ]}
      />
    );
  }
  return (
    <ProjectSection
      id="customer"
      title="Customer"
      action={
        <Stack direction="row" spacing={1}>
          <Button size="small" component={RouterLink} to={customerHref}>
            Open customer
          </Button>
          <Button size="small" component={RouterLink} to={newQuoteHref}>
            New quote
          </Button>
        </Stack>
      }
    >
      {content}
    </ProjectSection>
  );
}

/** A quote of the project: number, status as of today, title, grand total; opens in the Quotation Builder. */
export function QuoteLine({ quote, today, href }: { quote: Quotation; today: string; href: string }) {
  const status = effectiveStatus(quote, today);
  return (
    <Box component="li" sx={{ listStyle: 'none', border: 1, borderColor: 'divider', borderRadius: 2, p: 1.5 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
        <Box sx={{ minWidth: 0 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Link component={RouterLink} to={href} sx={{ fontWeight: 600, fontFamily: 'monospace' }}>
              {quote.quotationNumber}
            </Link>
            <Chip size="small" color={QUOTE_STATUS_COLORS[status]} label={QUOTATION_STATUS_LABELS[status]} />
          </Stack>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {[quote.title, quote.approvedBy && `approved by ${quote.approvedBy}`].filter(Boolean).join(' · ')}
          </Typography>
        </Box>
        <Typography sx={{ fontWeight: 700, whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>{formatMoney(quote.grandTotal)}</Typography>
      </Stack>
    </Box>
  );
}

export function QuotesSection({ project, today, quoteHref }: { project: Project; today: string; quoteHref: (quoteId: string) => string }) {
  const list = useProjectQuotations(project.id, 10);
  const items = usePagedItems(list);
  return (
    <ProjectSection id="quotes" title="Quotes">
      <PagedList list={list} items={items} noun="quotes" emptyMessage="No quote has been approved into this project." compact>
        <Box component="ul" aria-label={`Quotes of ${project.name}`} sx={{ m: 0, p: 0, display: 'grid', gap: 1.25 }}>
          {items.map((quote) => (
            <QuoteLine key={quote.id} quote={quote} today={today} href={quoteHref(quote.id)} />
          ))}
        </Box>
      </PagedList>
    </ProjectSection>
  );
}

/** A stage of the plan: share, amount + GST, received, state and due date. */
function StageLine({ stage }: { stage: ProjectStage }) {
  return (
    <Box component="li" sx={{ listStyle: 'none', border: 1, borderColor: 'divider', borderRadius: 2, p: 1.5 }}>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
        <Typography component="h3" sx={{ fontWeight: 600 }}>
          {stage.name} ({stage.percent}%)
        </Typography>
        <Chip size="small" color={STAGE_STATE_COLORS[stage.state]} label={STAGE_STATE_LABELS[stage.state]} />
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        {formatMoney(stage.amount)} + GST {formatMoney(stage.tax)} · received {formatMoney(stage.received)}
        {stage.dueDate && stage.state !== 'received' ? ` · due ${formatDate(stage.dueDate, 'short')}` : ''}
      </Typography>
    </Box>
  );
}

export function PaymentPlanSection({ project, onManage }: { project: Project; onManage: () => void }) {
  const detail = useProjectFinancial(project.id);
  let content: ReactNode;
  if (detail.isPending) content = <LoadingState label="Loading payment plan..." />;
  else if (detail.isError) content = <ErrorState message={`Could not load the payment plan. ${serverMessage(detail.error)}`} onRetry={() => void detail.refetch()} />;
  else {
    const figures = detail.data;
    content = (
      <Stack spacing={2}>
        <Facts
          facts={[
            { label: 'Budget', value: formatMoney(figures.budget) },
            { label: 'Received', value: formatMoney(figures.totalIncome) },
            { label: 'Receivable (demanded, not yet paid)', value: formatMoney(figures.receivable) },
            { label: 'Expenses', value: formatMoney(figures.totalExpenses) },
          ]}
        />
        <Box component="ol" aria-label="Payment stages" sx={{ m: 0, p: 0, display: 'grid', gap: 1.25 }}>
          {figures.stages.map((stage) => (
            <StageLine key={stage.name} stage={stage} />
          ))}
        </Box>
      </Stack>
    );
  }
  return (
    <ProjectSection
      id="payment-plan"
      title="Payment plan"
      action={
        <Button size="small" variant="outlined" onClick={onManage}>
          Demands and payments
        </Button>
      }
    >
      {content}
    </ProjectSection>
  );
}

export function TransactionsSection({ project, allHref }: { project: Project; allHref: string }) {
  const list = useTransactions({ q: '', type: '', status: '', projectId: project.id }, 10);
  const items = usePagedItems(list);
  return (
    <ProjectSection
      id="transactions"
      title="Transactions"
      action={
        <Button size="small" component={RouterLink} to={allHref}>
          Open in Finance
        </Button>
      }
    >
      <PagedList list={list} items={items} noun="transactions" emptyMessage="No transactions for this project yet." compact>
        <TransactionList items={items} label={`Transactions of ${project.name}`} />
      </PagedList>
    </ProjectSection>
  );
}
