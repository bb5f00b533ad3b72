import Chip from '@mui/material/Chip';
import type { PublicProjectStatus } from '@app/shared-types/constants';
import { STATUS_BADGE } from '../model';

export function ProjectStatusChip({ status, floating = false }: { status: PublicProjectStatus; floating?: boolean }) {
  const badge = STATUS_BADGE[status];
  return (
    <Chip
      label={badge.label}
      size="small"
      sx={{
        bgcolor: badge.bg,
        color: badge.fg,
        ...(floating && { position: 'absolute', top: 16, left: 16, boxShadow: '0 2px 8px rgba(0,0,0,0.2)' }),
      }}
    />
  );
}
