import Avatar from '@mui/material/Avatar';
import Chip from '@mui/material/Chip';
import type { EmployeeStatus, Role } from '@app/shared-types/auth';
import { initialsOf, ROLE_COLORS, ROLE_LABELS, STATUS_COLORS, STATUS_LABELS } from '../model';

/** The role in its SPEC.md 6 colour. */
export function RoleBadge({ role }: { role: Role }) {
  return <Chip size="small" label={ROLE_LABELS[role]} sx={{ bgcolor: ROLE_COLORS[role], color: 'common.white', fontWeight: 600 }} />;
}

export function EmployeeStatusChip({ status }: { status: EmployeeStatus }) {
  return (
    <Chip
      size="small"
      label={STATUS_LABELS[status]}
      color={STATUS_COLORS[status]}
      variant={status === 'inactive' ? 'outlined' : 'filled'}
      sx={{ fontWeight: 600 }}
    />
  );
}

/**
 * The person's photo when one is recorded, else their initials. The photo is
 * decorative beside the name, so it has no alt text of its own.
 */
export function EmployeeAvatar({ name, picture, size = 48 }: { name: string; picture: string; size?: number }) {
  return (
    <Avatar src={picture || undefined} alt="" aria-hidden="true" sx={{ width: size, height: size, bgcolor: 'primary.main', fontWeight: 600, fontSize: size * 0.38 }}>
      {initialsOf(name)}
    </Avatar>
  );
}
