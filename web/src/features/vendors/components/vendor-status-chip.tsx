import Chip from '@mui/material/Chip';
import { VENDOR_STATUS_LABELS, type VendorStatus } from '@app/shared-types/vendors';
import { STATUS_COLORS } from '../model';

export function VendorStatusChip({ status }: { status: VendorStatus }) {
  return (
    <Chip
      size="small"
      label={VENDOR_STATUS_LABELS[status]}
      color={STATUS_COLORS[status]}
      variant={status === 'inactive' ? 'outlined' : 'filled'}
      sx={{ fontWeight: 600 }}
    />
  );
}
