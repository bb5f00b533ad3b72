import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CardActions from '@mui/material/CardActions';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatPhone } from '@app/shared-types/phone';
import type { ReactNode } from 'react';

/** The pieces of a record's card in a resource grid: the grid, info lines, a phone link, Edit and Delete. */

/** The cards of a list: one column on phones, as many `min` px columns as fit elsewhere. */
export function CardGrid({ label, min = 280, children }: { label: string; min?: number; children: ReactNode }) {
  return (
    <Box
      component="section"
      aria-label={label}
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: `repeat(auto-fill, minmax(${min}px, 1fr))` } }}
    >
      {children}
    </Box>
  );
}

/** An icon (named for screen readers) and a value. */
export function InfoLine({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
      <Box sx={{ display: 'flex', color: 'text.secondary' }}>{icon}</Box>
      <Typography variant="body2" component="div" sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Stack>
  );
}

/** A tel: link for a phone number as typed. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/** A phone number shown the one way ('+91 98765 43210'), calling it when tapped. */
export function PhoneLink({ phone }: { phone: string }) {
  return (
    <Link href={telHref(phone)} underline="hover">
      {formatPhone(phone)}
    </Link>
  );
}

interface RecordActionsProps<T> {
  record: T;
  /** The id of the card's title, which the buttons are described by. */
  titleId: string;
  onEdit: (record: T) => void;
  /** Absent when the signed-in role may not delete. */
  onDelete?: (record: T) => void;
  /** Actions before Edit ('Open'). */
  children?: ReactNode;
}

/** Edit, and Delete for the roles that may. */
export function RecordActions<T>({ record, titleId, onEdit, onDelete, children }: RecordActionsProps<T>) {
  return (
    <CardActions sx={{ px: 2.5, pb: 2, pt: 0, gap: 1 }}>
      {children}
      <Button size="small" variant="outlined" startIcon={<EditOutlinedIcon />} onClick={() => onEdit(record)} aria-describedby={titleId}>
        Edit
      </Button>
      {onDelete && (
        <Button size="small" color="error" startIcon={<DeleteOutlineIcon />} onClick={() => onDelete(record)} aria-describedby={titleId}>
          Delete
        </Button>
      )}
    </CardActions>
  );
}
