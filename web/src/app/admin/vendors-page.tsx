import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Vendor } from '@app/shared-types/vendors';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ErrorState } from '../../components/error-state';
import { LoadingState } from '../../components/loading-state';
import { useSession } from '../../features/auth/api/get-session';
import { useDeleteVendor } from '../../features/vendors/api/delete-vendor';
import { isForbidden, serverMessage } from '../../lib/api-errors';
import { useVendors } from '../../features/vendors/api/get-vendors';
import { ConfirmDeleteDialog } from '../../components/confirm-delete-dialog';
import { VendorDialog } from '../../features/vendors/components/vendor-dialog';
import { VendorFilters } from '../../features/vendors/components/vendor-filters';
import { VendorGrid } from '../../features/vendors/components/vendor-grid';
import {
  VENDOR_PAGE_SIZE,
  canDeleteVendors,
  parseVendorFilters,
  withVendorFilter,
  type VendorFilterParam,
} from '../../features/vendors/model';
import { useToast } from '../../lib/toast';
import { useAdminRouteHandle } from './sections';

/** SPEC.md 2: the empty state of the vendor grid. */
export const NO_VENDORS_MESSAGE = 'No vendors found matching your criteria';

/** What the add/edit dialog shows: a new vendor, or the vendor as it was when Edit was pressed. */
type Editor = { mode: 'add' } | { mode: 'edit'; vendor: Vendor };

/**
 * Vendor Management: search, category and status filters (kept in the URL),
 * the card grid paged from the server ('Load more'), the add/edit dialog and
 * delete with confirmation.
 */
export function VendorsPage() {
  const heading = useAdminRouteHandle()?.section?.heading ?? 'Vendor Management';
  const { data: session } = useSession();
  const canDelete = canDeleteVendors(session?.user.role);
  const { toast } = useToast();
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = useMemo(() => parseVendorFilters(searchParams), [searchParams]);

  const list = useVendors(filters, VENDOR_PAGE_SIZE);
  const vendors = useMemo(() => list.data?.pages.flatMap((page) => page.items) ?? [], [list.data]);

  // Kept after closing, so a dialog does not change its content while it fades out.
  const [editor, setEditor] = useState<Editor>({ mode: 'add' });
  const [editorOpen, setEditorOpen] = useState(false);
  const [deleting, setDeleting] = useState<Vendor | null>(null);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const deleteVendor = useDeleteVendor();

  const changeFilter = (name: VendorFilterParam, value: string) =>
    setSearchParams((current) => withVendorFilter(current, name, value), { replace: name === 'q' });

  // The dialog edits the newest copy the list holds, so Reload after a 409 brings in the saved values.
  const editing = editor.mode === 'edit' ? newest(editor.vendor, vendors) : null;
  const openEditor = (next: Editor) => {
    setEditor(next);
    setEditorOpen(true);
  };
  const askToDelete = (vendor: Vendor) => {
    setDeleting(vendor);
    setDeleteOpen(true);
  };

  const remove = async (vendor: Vendor) => {
    try {
      await deleteVendor.mutateAsync(vendor.id);
      toast({ title: 'Vendor deleted successfully!', description: vendor.name });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Error deleting vendor',
        description: isForbidden(error) ? 'Only managers and admins can delete vendors.' : serverMessage(error),
      });
    } finally {
      setDeleteOpen(false);
    }
  };

  let content;
  if (list.isPending) {
    content = <LoadingState label="Loading vendors..." />;
  } else if (list.isError && vendors.length === 0) {
    content = <ErrorState message={`Could not load vendors. ${serverMessage(list.error)}`} onRetry={() => void list.refetch()} />;
  } else if (vendors.length === 0 && !list.hasNextPage) {
    content = (
      <Card variant="outlined">
        <CardContent sx={{ py: 6, textAlign: 'center' }}>
          <Typography color="text.secondary">{NO_VENDORS_MESSAGE}</Typography>
        </CardContent>
      </Card>
    );
  } else {
    content = (
      <VendorGrid vendors={vendors} onEdit={(vendor) => openEditor({ mode: 'edit', vendor })} onDelete={canDelete ? askToDelete : undefined} />
    );
  }

  return (
    <Stack spacing={3}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
        <div>
          <Typography variant="h3" component="h1">
            {heading}
          </Typography>
          <Typography color="text.secondary">Suppliers and contractors, how to reach them and how they perform.</Typography>
        </div>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => openEditor({ mode: 'add' })} sx={{ flexShrink: 0, alignSelf: { xs: 'flex-start', sm: 'auto' } }}>
          Add Vendor
        </Button>
      </Stack>

      <Card sx={{ position: 'relative' }}>
        <CardContent sx={{ p: { xs: 2, md: 2.5 }, '&:last-child': { pb: { xs: 2, md: 2.5 } } }}>
          <VendorFilters filters={filters} onChange={changeFilter} />
        </CardContent>
        {/* A new filter or a refetch keeps the cards on screen; this bar says they are being replaced. */}
        {list.isFetching && !list.isPending && !list.isFetchingNextPage && (
          <LinearProgress aria-label="Updating vendors" sx={{ position: 'absolute', left: 0, right: 0, bottom: 0 }} />
        )}
      </Card>

      {content}

      {list.hasNextPage && (
        <Stack spacing={1} sx={{ alignItems: 'center' }}>
          {vendors.length === 0 && (
            <Typography color="text.secondary">No matches among the vendors searched so far.</Typography>
          )}
          <Button variant="outlined" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
            {list.isFetchingNextPage ? 'Loading...' : 'Load more'}
          </Button>
        </Stack>
      )}

      <VendorDialog open={editorOpen} vendor={editing} onClose={() => setEditorOpen(false)} />
      <ConfirmDeleteDialog
        open={deleteOpen}
        title="Delete this vendor?"
        message={`${deleting?.name ?? 'The vendor'} will be deleted. This cannot be undone. To keep the vendor's details, mark it inactive or blacklisted instead.`}
        pending={deleteVendor.isPending}
        onCancel={() => setDeleteOpen(false)}
        onConfirm={() => deleting && void remove(deleting)}
      />
    </Stack>
  );
}

/** The list's copy of `vendor` when it is newer than the one the editor opened with. */
function newest(vendor: Vendor, vendors: readonly Vendor[]): Vendor {
  const listed = vendors.find((item) => item.id === vendor.id);
  return listed && listed.version > vendor.version ? listed : vendor;
}
