import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { customerName, type Customer } from '@app/shared-types/customers';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useDeleteFlow } from '../../components/confirm-delete-dialog';
import { FilterCard, PagedList, usePagedItems } from '../../components/paged-list';
import { SearchField } from '../../components/search-field';
import { useDeleteCustomer } from '../../features/customers/api/delete-customer';
import { getCustomerQueryOptions } from '../../features/customers/api/get-customer';
import { useCustomers } from '../../features/customers/api/get-customers';
import { CustomerGrid } from '../../features/customers/components/customer-card';
import { CustomerDialog } from '../../features/customers/components/customer-dialog';
import { CUSTOMER_PAGE_SIZE, NO_CUSTOMERS_MESSAGE, parseCustomerFilters } from '../../features/customers/model';
import { useUrlDialog } from '../../lib/url-dialog';
import { withParam, useUrlSearchParams } from '../../lib/url-params';
import { usePortalHref } from './portal-base';

/** The Customers tab: search (in the URL), the cards, the customer dialog (?customer=<id>), delete (refused while they have projects). */
export function CustomersTab({ canDelete, onShowProjects }: { canDelete: boolean; onShowProjects: (customer: Customer) => void }) {
  const queryClient = useQueryClient();
  const [params, setParams] = useUrlSearchParams();
  const filters = useMemo(() => parseCustomerFilters(params), [params]);
  const list = useCustomers(filters, CUSTOMER_PAGE_SIZE);
  const customers = usePagedItems(list);
  const dialog = useUrlDialog('customer');
  const href = usePortalHref();
  const remove = useDeleteFlow<Customer>({
    mutation: useDeleteCustomer(),
    noun: 'Customer',
    nameOf: customerName,
    message: (customer) => `${customer ? customerName(customer) : 'The customer'} will be deleted. This cannot be undone.`,
    // A customer with projects stays until they are moved or deleted: say so where the question was asked.
    conflictIsRefusal: true,
  });

  const edit = (customer: Customer) => {
    // The card's copy opens at once; the dialog only asks the server when it has none as new.
    const key = getCustomerQueryOptions(customer.id).queryKey;
    const cached = queryClient.getQueryData(key);
    if (!cached || cached.version < customer.version) queryClient.setQueryData(key, customer);
    dialog.openEdit(customer.id);
  };

  return (
    <Stack spacing={3}>
      <FilterCard>
        <Box component="section" aria-label="Filter customers">
          <SearchField
            label="Search customers"
            placeholder="Name, phone, email, city..."
            value={filters.q}
            onSearch={(value) => setParams((current) => withParam(current, 'q', value), { replace: true })}
          />
        </Box>
      </FilterCard>
      <PagedList list={list} items={customers} noun="customers" emptyMessage={NO_CUSTOMERS_MESSAGE}>
        <CustomerGrid
          customers={customers}
          onEdit={edit}
          onShowProjects={onShowProjects}
          onDelete={canDelete ? remove.ask : undefined}
          quoteHref={(customer) => href(`quotations?new=1&customer=${encodeURIComponent(customer.id)}`)}
        />
      </PagedList>
      <CustomerDialog open={dialog.open} customerId={dialog.id} onClose={dialog.close} />
      {remove.dialog}
    </Stack>
  );
}
