import Chip from '@mui/material/Chip';
import type { LeadStatus } from '@app/shared-types/constants';
import { STATUS_COLORS } from '../model';

export function LeadStatusChip({ status }: { status: LeadStatus }) {
  return <Chip size="small" label={status} color={STATUS_COLORS[status]} variant={status === 'New' ? 'filled' : 'outlined'} />;
}
