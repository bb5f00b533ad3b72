import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { Vendor } from '@app/shared-types/vendors';
import { useMemo } from 'react';
import { useDeleteFlow } from '../../components/confirm-delete-dialog';
import { FilterCard, PagedList, ResourceHeader, usePagedItems } from '../../components/paged-list';
import { useSession } from '../../features/auth/api/get-session';
import { useDeleteVendor } from '../../features/vendors/api/delete-vendor';
import { useVendors } from '../../features/vendors/api/get-vendors';
import { VendorGrid } from '../../features/vendors/components/vendor-card';
import { VendorDialog } from '../../features/vendors/components/vendor-dialog';
import { VendorFilters } from '../../features/vendors/components/vendor-filters';
import { VENDOR_PAGE_SIZE, parseVendorFilters, type VendorFilterParam } from '../../features/vendors/model';
import { canDelete } from '../../lib/roles';
import { useUrlDialog } from '../../lib/url-dialog';
import { withParam, useUrlSearchParams } from '../../lib/url-params';
import { useAdminRouteHandle } from './sections';

/** SPEC.md 2: the empty state of the vendor grid. */
export const NO_VENDORS_MESSAGE = 'No vendors found matching your criteria';

/**
 * Vendor Management: search, category and status filters (kept in the URL),
 * the card grid paged from the server ('Load more'), the add/edit dialog
 * (?new=1, ?vendor=<id>) and delete with confirmation.
 */
export function VendorsPage() {
  const heading = useAdminRouteHandle()?.section?.heading ?? 'Vendor Management';
  const { data: session } = useSession();
  const [searchParams, setSearchParams] = useUrlSearchParams();
  const filters = useMemo(() => parseVendorFilters(searchParams), [searchParams]);
  const list = useVendors(filters, VENDOR_PAGE_SIZE);
  const vendors = usePagedItems(list);
  const dialog = useUrlDialog('vendor');
  const remove = useDeleteFlow<Vendor>({
    mutation: useDeleteVendor(),
    noun: 'Vendor',
    nameOf: (vendor) => vendor.name,
    message: (vendor) =>
      `${vendor?.name ?? 'The vendor'} will be deleted. This cannot be undone. To keep the vendor's details, mark it inactive or blacklisted instead.`,
    forbidden: 'Only managers and admins can delete vendors.',
  });

  const changeFilter = (name: VendorFilterParam, value: string) =>
    setSearchParams((current) => withParam(current, name, value), { replace: name === 'q' });

  return (
    <Stack spacing={3}>
      <ResourceHeader
        title={heading}
        subtitle="Suppliers and contractors, how to reach them and how they perform."
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={dialog.openNew}>
            Add Vendor
          </Button>
        }
      />
      <FilterCard>
        <VendorFilters filters={filters} onChange={changeFilter} />
      </FilterCard>
      <PagedList list={list} items={vendors} noun="vendors" emptyMessage={NO_VENDORS_MESSAGE}>
        <VendorGrid vendors={vendors} onEdit={(vendor) => dialog.openEdit(vendor.id)} onDelete={canDelete(session?.user.role) ? remove.ask : undefined} />
      </PagedList>
      <VendorDialog
        open={dialog.open}
        vendorId={dialog.id}
        // The list's copy, newest after every write; a vendor beyond the pages loaded is not found.
        vendor={vendors.find((vendor) => vendor.id === dialog.id)}
        error={list.isError ? list.error : !list.isPending && !vendors.some((vendor) => vendor.id === dialog.id) ? new Error('Vendor not found') : null}
        onClose={dialog.close}
      />
      {remove.dialog}
    </Stack>
  );
}
