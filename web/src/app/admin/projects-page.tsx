import AddIcon from '@mui/icons-material/Add';
import PersonAddAlt1OutlinedIcon from '@mui/icons-material/PersonAddAlt1Outlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { customerName } from '@app/shared-types/customers';
import type { Project } from '@app/shared-types/projects';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useDeleteFlow } from '../../components/confirm-delete-dialog';
import { FilterCard, PagedList, ResourceHeader, usePagedItems } from '../../components/paged-list';
import { useSession } from '../../features/auth/api/get-session';
import { CustomerField } from '../../features/customers/components/customer-field';
import { useDeleteProject } from '../../features/project-management/api/delete-project';
import { getProjectQueryOptions } from '../../features/project-management/api/get-project';
import { useProjects } from '../../features/project-management/api/get-projects';
import { ProjectGrid } from '../../features/project-management/components/project-card';
import { ProjectDialog } from '../../features/project-management/components/project-dialog';
import { ProjectFilters } from '../../features/project-management/components/project-filters';
import {
  PROJECT_PAGE_SIZE,
  parseProjectFilters,
  parseTab,
  withTab,
  type ManagementTab,
  type ProjectFilterParam,
} from '../../features/project-management/model';
import { canDelete } from '../../lib/roles';
import { useUrlDialog } from '../../lib/url-dialog';
import { withParam, useUrlSearchParams } from '../../lib/url-params';
import { CustomersTab } from './customers-tab';
import { usePortalHref } from './portal-base';
import { useAdminRouteHandle } from './sections';

/** SPEC.md 2: the empty state of the project grid. */
export const NO_PROJECTS_MESSAGE = 'No projects found matching your criteria';

const TAB_LABELS: Record<ManagementTab, string> = { projects: 'Projects', customers: 'Customers' };

/** The Projects tab: search and status (in the URL), the card grid, the project dialog (?project=<id>), delete. */
function ProjectsTab({ canDelete }: { canDelete: boolean }) {
  const queryClient = useQueryClient();
  const [params, setParams] = useUrlSearchParams();
  const filters = useMemo(() => parseProjectFilters(params), [params]);
  const list = useProjects(filters, PROJECT_PAGE_SIZE);
  const projects = usePagedItems(list);
  const dialog = useUrlDialog('project');
  const href = usePortalHref();
  const remove = useDeleteFlow<Project>({
    mutation: useDeleteProject(),
    noun: 'Project',
    nameOf: (project) => project.name,
    message: (project) =>
      `${project?.name ?? 'The project'} and its photos will be deleted${project?.showOnWebsite ? ', and it leaves the website' : ''}. This cannot be undone.`,
  });

  const changeFilter = (name: ProjectFilterParam, value: string) =>
    setParams((current) => withParam(current, name, value), { replace: name === 'q' });

  const edit = (project: Project) => {
    // The card's copy opens at once; the dialog only asks the server when it has none as new.
    const key = getProjectQueryOptions(project.id).queryKey;
    const cached = queryClient.getQueryData(key);
    if (!cached || cached.version < project.version) queryClient.setQueryData(key, project);
    dialog.openEdit(project.id);
  };

  return (
    <Stack spacing={3}>
      <FilterCard>
        <ProjectFilters filters={filters} onChange={changeFilter} />
      </FilterCard>
      <PagedList list={list} items={projects} noun="projects" emptyMessage={NO_PROJECTS_MESSAGE}>
        <ProjectGrid projects={projects} pageHref={(project) => href(`projects/${encodeURIComponent(project.id)}`)} onEdit={edit} onDelete={canDelete ? remove.ask : undefined} />
      </PagedList>
      <ProjectDialog open={dialog.open} projectId={dialog.id} customerField={<CustomerField />} onClose={dialog.close} />
      {remove.dialog}
    </Stack>
  );
}

/**
 * Project Management: projects and the customers they belong to, one tab
 * each (?tab=customers). Search, status and the open dialog live in the URL:
 * ?project=<id> opens a project, ?tab=customers&customer=<id> a customer,
 * ?new=1 adds one on either tab.
 */
export function ProjectsPage() {
  const heading = useAdminRouteHandle()?.section?.heading ?? 'Project Management';
  const { data: session } = useSession();
  const canDeleteRecords = canDelete(session?.user.role);
  const [params, setParams] = useUrlSearchParams();
  const tab = parseTab(params);

  return (
    <Stack spacing={3}>
      <ResourceHeader
        title={heading}
        subtitle="Every project from planning to handover, and the customers they are for."
        actions={
          <Button
            variant="contained"
            startIcon={tab === 'projects' ? <AddIcon /> : <PersonAddAlt1OutlinedIcon />}
            onClick={() => setParams((current) => withParam(current, 'new', '1'))}
          >
            {tab === 'projects' ? 'New Project' : 'Add Customer'}
          </Button>
        }
      />

      <Tabs
        value={tab}
        onChange={(_event, next: ManagementTab) => setParams(withTab(next))}
        aria-label="Projects and customers"
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        {(['projects', 'customers'] as const).map((value) => (
          <Tab key={value} value={value} label={TAB_LABELS[value]} id={`management-tab-${value}`} aria-controls={`management-panel-${value}`} />
        ))}
      </Tabs>

      <Box role="tabpanel" id={`management-panel-${tab}`} aria-labelledby={`management-tab-${tab}`}>
        {tab === 'projects' ? (
          <ProjectsTab canDelete={canDeleteRecords} />
        ) : (
          <CustomersTab
            canDelete={canDeleteRecords}
            onShowProjects={(customer) => setParams(withParam(withTab('projects'), 'q', customerName(customer)))}
          />
        )}
      </Box>
    </Stack>
  );
}
