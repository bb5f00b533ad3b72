import Chip from '@mui/material/Chip';

/** Active (filled) or Inactive (outlined): a department's or a job role's status. */
export function ActiveChip({ active }: { active: boolean }) {
  return <Chip size="small" label={active ? 'Active' : 'Inactive'} color={active ? 'success' : 'default'} variant={active ? 'filled' : 'outlined'} sx={{ fontWeight: 600 }} />;
}
