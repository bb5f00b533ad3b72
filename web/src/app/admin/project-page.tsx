import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { calendarDate } from '@app/shared-types/format';
import type { Project } from '@app/shared-types/projects';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { ErrorState } from '../../components/error-state';
import { LoadingState } from '../../components/loading-state';
import { useSession } from '../../features/auth/api/get-session';
import { CustomerField } from '../../features/customers/components/customer-field';
import { PaymentPlanDialog } from '../../features/finance/components/payment-plan-dialog';
import { useProject } from '../../features/project-management/api/get-project';
import { ProjectPriorityChip, ProjectStatusChip } from '../../features/project-management/components/project-chips';
import { ProjectDialog } from '../../features/project-management/components/project-dialog';
import {
  CustomerSection,
  DetailsSection,
  PaymentPlanSection,
  PhotosSection,
  QuotesSection,
  TransactionsSection,
} from './project-sections';
import { ApiError } from '../../lib/api-client';
import { serverMessage } from '../../lib/api-errors';
import { canSeeFinance } from '../../lib/roles';
import { usePortalHref } from './portal-base';
import { SectionPanel } from './section-panel';

interface PageSection {
  id: string;
  label: string;
  render: () => ReactNode;
}

/**
 * A project's page (/admin/projects/:id): its details, photos, customer,
 * quotes and, for the roles that see finance, its payment plan with demands
 * and payments, and its transactions. Each section is a card with an anchor;
 * the links at the top go to them.
 */
export function ProjectPage() {
  const { id = '' } = useParams();
  const project = useProject(id);
  const href = usePortalHref();

  if (project.isPending) return <LoadingState label="Loading project..." />;
  if (project.isError) {
    if (project.error instanceof ApiError && project.error.status === 404) {
      return (
        <SectionPanel
          title="Project not found."
          message="It may have been deleted."
          action={
            <Button component={RouterLink} to={href('projects')} variant="contained">
              All projects
            </Button>
          }
        />
      );
    }
    return <ErrorState message={`Could not load this project. ${serverMessage(project.error)}`} onRetry={() => void project.refetch()} />;
  }
  return <ProjectView project={project.data} />;
}

function ProjectView({ project }: { project: Project }) {
  const href = usePortalHref();
  const { data: session } = useSession();
  const finance = canSeeFinance(session?.user.role);
  const [editing, setEditing] = useState(false);
  const [planOpen, setPlanOpen] = useState(false);
  const today = calendarDate();

  const sections: PageSection[] = [
    { id: 'details', label: 'Details', render: () => <DetailsSection project={project} /> },
    { id: 'photos', label: 'Photos', render: () => <PhotosSection project={project} /> },
    {
      id: 'customer',
      label: 'Customer',
      render: () => (
        <CustomerSection
          project={project}
          customerHref={href(`projects?tab=customers&customer=${encodeURIComponent(project.customerId)}`)}
          newQuoteHref={href(`quotations?new=1&customer=${encodeURIComponent(project.customerId)}`)}
        />
      ),
    },
    { id: 'quotes', label: 'Quotes', render: () => <QuotesSection project={project} today={today} quoteHref={(quoteId) => href(`quotations?quote=${encodeURIComponent(quoteId)}`)} /> },
    ...(finance
      ? [
          { id: 'payment-plan', label: 'Payment plan', render: () => <PaymentPlanSection project={project} onManage={() => setPlanOpen(true)} /> },
          {
            id: 'transactions',
            label: 'Transactions',
            render: () => <TransactionsSection project={project} allHref={href(`finance?projectId=${encodeURIComponent(project.id)}`)} />,
          },
        ]
      : []),
  ];

  return (
    <Stack spacing={3}>
      <Box>
        <Button component={RouterLink} to={href('projects')} startIcon={<ArrowBackIcon />} sx={{ ml: -1, mb: 1 }}>
          All projects
        </Button>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' } }}>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="h4" component="h1" sx={{ overflowWrap: 'anywhere' }}>
              {project.name}
            </Typography>
            <Typography sx={{ mt: 0.5, fontWeight: 600, color: 'secondary.dark', overflowWrap: 'anywhere' }}>{project.customerName}</Typography>
            <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1, flexWrap: 'wrap' }}>
              <ProjectStatusChip status={project.status} />
              <ProjectPriorityChip priority={project.priority} />
            </Stack>
          </Box>
          <Button variant="contained" startIcon={<EditOutlinedIcon />} onClick={() => setEditing(true)} sx={{ flexShrink: 0, alignSelf: { xs: 'flex-start' } }}>
            Edit project
          </Button>
        </Stack>
      </Box>

      <Box component="nav" aria-label="Project sections">
        <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {sections.map((section) => (
            <Link key={section.id} href={`#${section.id}`} underline="hover" sx={{ fontWeight: 500 }}>
              {section.label}
            </Link>
          ))}
        </Stack>
      </Box>

      {sections.map((section) => (
        <Box key={section.id}>{section.render()}</Box>
      ))}

      <ProjectDialog open={editing} projectId={editing ? project.id : null} customerField={<CustomerField />} onClose={() => setEditing(false)} />
      {finance && <PaymentPlanDialog projectId={planOpen ? project.id : ''} today={today} onClose={() => setPlanOpen(false)} />}
    </Stack>
  );
}
