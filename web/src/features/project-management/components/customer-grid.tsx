import Box from '@mui/material/Box';
import type { Customer } from '@app/shared-types/customers';
import { CustomerCard } from './customer-card';

interface CustomerGridProps {
  customers: readonly Customer[];
  onEdit: (customer: Customer) => void;
  onDelete?: (customer: Customer) => void;
  onShowProjects: (customer: Customer) => void;
}

/** The customer cards: one column on phones, as many 280 px columns as fit elsewhere. */
export function CustomerGrid({ customers, onEdit, onDelete, onShowProjects }: CustomerGridProps) {
  return (
    <Box
      component="section"
      aria-label="Customers"
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(auto-fill, minmax(280px, 1fr))' } }}
    >
      {customers.map((customer) => (
        <CustomerCard key={customer.id} customer={customer} onEdit={onEdit} onDelete={onDelete} onShowProjects={onShowProjects} />
      ))}
    </Box>
  );
}
