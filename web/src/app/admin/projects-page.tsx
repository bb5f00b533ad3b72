import AddIcon from '@mui/icons-material/Add';
import PersonAddAlt1OutlinedIcon from '@mui/icons-material/PersonAddAlt1Outlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { customerName, type Customer } from '@app/shared-types/customers';
import type { Project } from '@app/shared-types/projects';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { useSearchParams, type SetURLSearchParams } from 'react-router';
import { ErrorState } from '../../components/error-state';
import { LoadingState } from '../../components/loading-state';
import { useSession } from '../../features/auth/api/get-session';
import { useDeleteCustomer } from '../../features/project-management/api/delete-customer';
import { useDeleteProject } from '../../features/project-management/api/delete-project';
import { isConflict, serverMessage } from '../../lib/api-errors';
import { getCustomerQueryOptions } from '../../features/project-management/api/get-customer';
import { useCustomers } from '../../features/project-management/api/get-customers';
import { getProjectQueryOptions } from '../../features/project-management/api/get-project';
import { useProjects } from '../../features/project-management/api/get-projects';
import { ConfirmDeleteDialog } from '../../components/confirm-delete-dialog';
import { CustomerDialog } from '../../features/project-management/components/customer-dialog';
import { CustomerGrid } from '../../features/project-management/components/customer-grid';
import { ProjectDialog } from '../../features/project-management/components/project-dialog';
import { ProjectFilters } from '../../features/project-management/components/project-filters';
import { ProjectGrid } from '../../features/project-management/components/project-grid';
import { SearchField } from '../../components/search-field';
import {
  CUSTOMER_PAGE_SIZE,
  PROJECT_PAGE_SIZE,
  canDeleteRecords,
  parseCustomerFilters,
  parseProjectFilters,
  parseTab,
  withParam,
  withTab,
  type ManagementTab,
  type ProjectFilterParam,
} from '../../features/project-management/model';
import { useToast } from '../../lib/toast';
import { useAdminRouteHandle } from './sections';

/** SPEC.md 2: the empty state of the project grid. */
export const NO_PROJECTS_MESSAGE = 'No projects found matching your criteria';
export const NO_CUSTOMERS_MESSAGE = 'No customers found matching your criteria';

const TAB_LABELS: Record<ManagementTab, string> = { projects: 'Projects', customers: 'Customers' };

interface TabProps {
  params: URLSearchParams;
  setParams: SetURLSearchParams;
  canDelete: boolean;
}

/**
 * The dialog a tab's URL asks for: ?new=1 adds, ?<name>=<id> edits. The id
 * stays while the dialog fades out after the URL dropped it, so the dialog
 * does not turn into an empty 'add' form on its way out.
 */
function useDialogTarget(params: URLSearchParams, name: string) {
  const creating = params.get('new') === '1';
  const editing = params.get(name);
  const open = creating || editing !== null;
  const target = creating ? null : editing;
  const [shown, setShown] = useState(target);
  if (open && shown !== target) setShown(target);
  return { open, id: open ? target : shown };
}

/** The URL without the tab's dialog. */
function withoutDialog(params: URLSearchParams, name: string): URLSearchParams {
  return withParam(withParam(params, 'new', null), name, null);
}

/** Cards of a paged list: spinner, error, empty state, the cards, and 'Load more'. */
function PagedList(props: {
  list: {
    isPending: boolean;
    isError: boolean;
    error: unknown;
    isFetching: boolean;
    isFetchingNextPage: boolean;
    hasNextPage: boolean;
    refetch: () => unknown;
    fetchNextPage: () => unknown;
  };
  count: number;
  noun: string;
  emptyMessage: string;
  children: ReactNode;
}) {
  const { list, count, noun, emptyMessage, children } = props;
  let content;
  if (list.isPending) content = <LoadingState label={`Loading ${noun}...`} />;
  else if (list.isError && count === 0) {
    content = <ErrorState message={`Could not load ${noun}. ${serverMessage(list.error)}`} onRetry={() => void list.refetch()} />;
  } else if (count === 0 && !list.hasNextPage) {
    content = (
      <Card variant="outlined">
        <CardContent sx={{ py: 6, textAlign: 'center' }}>
          <Typography color="text.secondary">{emptyMessage}</Typography>
        </CardContent>
      </Card>
    );
  } else content = children;

  return (
    <>
      {/* A new search or a refetch keeps the cards on screen; this says they are being replaced. */}
      <Box sx={{ height: 4 }}>
        {list.isFetching && !list.isPending && !list.isFetchingNextPage && <LinearProgress aria-label={`Updating ${noun}`} />}
      </Box>
      {content}
      {list.hasNextPage && (
        <Stack spacing={1} sx={{ alignItems: 'center' }}>
          {count === 0 && <Typography color="text.secondary">No matches among the {noun} searched so far.</Typography>}
          <Button variant="outlined" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
            {list.isFetchingNextPage ? 'Loading...' : 'Load more'}
          </Button>
        </Stack>
      )}
    </>
  );
}

/** The Projects tab: search and status (in the URL), the card grid, the project dialog, delete. */
function ProjectsTab({ params, setParams, canDelete }: TabProps) {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const filters = useMemo(() => parseProjectFilters(params), [params]);
  const list = useProjects(filters, PROJECT_PAGE_SIZE);
  const projects = useMemo(() => list.data?.pages.flatMap((page) => page.items) ?? [], [list.data]);
  const dialog = useDialogTarget(params, 'project');
  const deleteProject = useDeleteProject();
  const [deleting, setDeleting] = useState<Project | null>(null);
  const [deleteOpen, setDeleteOpen] = useState(false);

  const changeFilter = (name: ProjectFilterParam, value: string) =>
    setParams((current) => withParam(current, name, value), { replace: name === 'q' });

  const edit = (project: Project) => {
    // The card's copy opens at once; the dialog only asks the server when it has none as new.
    const key = getProjectQueryOptions(project.id).queryKey;
    const cached = queryClient.getQueryData(key);
    if (!cached || cached.version < project.version) queryClient.setQueryData(key, project);
    setParams((current) => withParam(current, 'project', project.id));
  };

  const remove = async (project: Project) => {
    try {
      await deleteProject.mutateAsync(project.id);
      toast({ title: 'Project deleted successfully!', description: project.name });
    } catch (error) {
      toast({ variant: 'destructive', title: 'Error deleting project', description: serverMessage(error) });
    } finally {
      setDeleteOpen(false);
    }
  };

  return (
    <Stack spacing={3}>
      <Card>
        <CardContent sx={{ p: { xs: 2, md: 2.5 }, '&:last-child': { pb: { xs: 2, md: 2.5 } } }}>
          <ProjectFilters filters={filters} onChange={changeFilter} />
        </CardContent>
      </Card>
      <PagedList list={list} count={projects.length} noun="projects" emptyMessage={NO_PROJECTS_MESSAGE}>
        <ProjectGrid
          projects={projects}
          onEdit={edit}
          onDelete={
            canDelete
              ? (project) => {
                  setDeleting(project);
                  setDeleteOpen(true);
                }
              : undefined
          }
        />
      </PagedList>
      <ProjectDialog open={dialog.open} projectId={dialog.id} onClose={() => setParams((current) => withoutDialog(current, 'project'))} />
      <ConfirmDeleteDialog
        open={deleteOpen}
        title="Delete this project?"
        message={`${deleting?.name ?? 'The project'} and its photos will be deleted${deleting?.showOnWebsite ? ', and it leaves the website' : ''}. This cannot be undone.`}
        pending={deleteProject.isPending}
        onCancel={() => setDeleteOpen(false)}
        onConfirm={() => deleting && void remove(deleting)}
      />
    </Stack>
  );
}

/** The Customers tab: search (in the URL), the cards, the customer dialog, delete (refused while they have projects). */
function CustomersTab({ params, setParams, canDelete }: TabProps) {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const filters = useMemo(() => parseCustomerFilters(params), [params]);
  const list = useCustomers(filters, CUSTOMER_PAGE_SIZE);
  const customers = useMemo(() => list.data?.pages.flatMap((page) => page.items) ?? [], [list.data]);
  const dialog = useDialogTarget(params, 'customer');
  const deleteCustomer = useDeleteCustomer();
  const [deleting, setDeleting] = useState<Customer | null>(null);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  const edit = (customer: Customer) => {
    const key = getCustomerQueryOptions(customer.id).queryKey;
    const cached = queryClient.getQueryData(key);
    if (!cached || cached.version < customer.version) queryClient.setQueryData(key, customer);
    setParams((current) => withParam(current, 'customer', customer.id));
  };

  const remove = async (customer: Customer) => {
    try {
      await deleteCustomer.mutateAsync(customer.id);
      toast({ title: 'Customer deleted successfully!', description: customerName(customer) });
      setDeleteOpen(false);
    } catch (error) {
      toast({ variant: 'destructive', title: 'Error deleting customer', description: serverMessage(error) });
      // A customer with projects stays until they are moved or deleted: say so where the question was asked.
      if (isConflict(error)) setRefusal(serverMessage(error));
      else setDeleteOpen(false);
    }
  };

  return (
    <Stack spacing={3}>
      <Card>
        <CardContent sx={{ p: { xs: 2, md: 2.5 }, '&:last-child': { pb: { xs: 2, md: 2.5 } } }}>
          <Box component="section" aria-label="Filter customers">
            <SearchField
              label="Search customers"
              placeholder="Name, phone, email, city..."
              value={filters.q}
              onSearch={(value) => setParams((current) => withParam(current, 'q', value), { replace: true })}
            />
          </Box>
        </CardContent>
      </Card>
      <PagedList list={list} count={customers.length} noun="customers" emptyMessage={NO_CUSTOMERS_MESSAGE}>
        <CustomerGrid
          customers={customers}
          onEdit={edit}
          onShowProjects={(customer) => setParams(withParam(withTab('projects'), 'q', customerName(customer)))}
          onDelete={
            canDelete
              ? (customer) => {
                  setDeleting(customer);
                  setRefusal(null);
                  setDeleteOpen(true);
                }
              : undefined
          }
        />
      </PagedList>
      <CustomerDialog open={dialog.open} customerId={dialog.id} onClose={() => setParams((current) => withoutDialog(current, 'customer'))} />
      <ConfirmDeleteDialog
        open={deleteOpen}
        title="Delete this customer?"
        message={`${deleting ? customerName(deleting) : 'The customer'} will be deleted. This cannot be undone.`}
        pending={deleteCustomer.isPending}
        refusal={refusal}
        onCancel={() => setDeleteOpen(false)}
        onConfirm={() => deleting && void remove(deleting)}
      />
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
  const canDelete = canDeleteRecords(session?.user.role);
  const [params, setParams] = useSearchParams();
  const tab = parseTab(params);

  return (
    <Stack spacing={3}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
        <div>
          <Typography variant="h3" component="h1">
            {heading}
          </Typography>
          <Typography color="text.secondary">Every project from planning to handover, and the customers they are for.</Typography>
        </div>
        <Button
          variant="contained"
          startIcon={tab === 'projects' ? <AddIcon /> : <PersonAddAlt1OutlinedIcon />}
          onClick={() => setParams((current) => withParam(current, 'new', '1'))}
          sx={{ flexShrink: 0, alignSelf: { xs: 'flex-start', sm: 'auto' } }}
        >
          {tab === 'projects' ? 'New Project' : 'Add Customer'}
        </Button>
      </Stack>

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
          <ProjectsTab params={params} setParams={setParams} canDelete={canDelete} />
        ) : (
          <CustomersTab params={params} setParams={setParams} canDelete={canDelete} />
        )}
      </Box>
    </Stack>
  );
}
