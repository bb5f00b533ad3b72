import Box from '@mui/material/Box';
import type { Vendor } from '@app/shared-types/vendors';
import { VendorCard } from './vendor-card';

interface VendorGridProps {
  vendors: readonly Vendor[];
  onEdit: (vendor: Vendor) => void;
  onDelete?: (vendor: Vendor) => void;
}

/** The vendor cards: one column on phones, as many 280 px columns as fit elsewhere. */
export function VendorGrid({ vendors, onEdit, onDelete }: VendorGridProps) {
  return (
    <Box
      component="section"
      aria-label="Vendors"
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(auto-fill, minmax(280px, 1fr))' } }}
    >
      {vendors.map((vendor) => (
        <VendorCard key={vendor.id} vendor={vendor} onEdit={onEdit} onDelete={onDelete} />
      ))}
    </Box>
  );
}
