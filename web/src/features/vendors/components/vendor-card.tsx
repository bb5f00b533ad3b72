import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import PersonOutlineIcon from '@mui/icons-material/PersonOutline';
import PhoneOutlinedIcon from '@mui/icons-material/PhoneOutlined';
import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Rating from '@mui/material/Rating';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { VENDOR_CATEGORY_LABELS, VENDOR_RATING_MAX, type Vendor } from '@app/shared-types/vendors';
import type { ReactNode } from 'react';
import { telHref } from '../model';
import { VendorStatusChip } from './vendor-status-chip';

/** An icon (named for screen readers) and a value. */
function InfoLine({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
      <Box sx={{ display: 'flex', color: 'text.secondary' }}>{icon}</Box>
      <Typography variant="body2" sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Stack>
  );
}

interface VendorCardProps {
  vendor: Vendor;
  onEdit: (vendor: Vendor) => void;
  /** Absent when the signed-in role may not delete vendors. */
  onDelete?: (vendor: Vendor) => void;
}

/** One vendor in the grid: who they are, how to reach them, how they rate, and edit/delete. */
export function VendorCard({ vendor, onEdit, onDelete }: VendorCardProps) {
  const titleId = `vendor-${vendor.id}-name`;
  return (
    <Card
      component="article"
      variant="outlined"
      aria-labelledby={titleId}
      sx={{ height: '100%', display: 'flex', flexDirection: 'column', opacity: vendor.status === 'active' ? 1 : 0.85 }}
    >
      <CardContent sx={{ flexGrow: 1, p: 2.5, '&:last-child': { pb: 2.5 } }}>
        <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'space-between', alignItems: 'flex-start', mb: 0.5 }}>
          <Typography id={titleId} variant="h6" component="h2" sx={{ lineHeight: 1.3, overflowWrap: 'anywhere' }}>
            {vendor.name}
          </Typography>
          <VendorStatusChip status={vendor.status} />
        </Stack>
        <Typography variant="body2" sx={{ fontWeight: 600, color: 'secondary.dark' }}>
          {VENDOR_CATEGORY_LABELS[vendor.category]}
        </Typography>
        <Rating
          value={vendor.rating}
          max={VENDOR_RATING_MAX}
          readOnly
          size="small"
          // MUI names a read-only rating '4 Stars'; say what it is out of.
          getLabelText={(value) => `Rated ${value} out of ${VENDOR_RATING_MAX}`}
          sx={{ mt: 0.75 }}
        />
        {vendor.specialization && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
            {vendor.specialization}
          </Typography>
        )}
        <Stack spacing={0.75} sx={{ mt: 1.5 }}>
          {vendor.contactPerson && (
            <InfoLine icon={<PersonOutlineIcon fontSize="small" titleAccess="Contact person" />}>
              {vendor.contactPerson}
            </InfoLine>
          )}
          <InfoLine icon={<PhoneOutlinedIcon fontSize="small" titleAccess="Phone" />}>
            <Link href={telHref(vendor.phone)} underline="hover">
              {vendor.phone}
            </Link>
          </InfoLine>
          {vendor.city && (
            <InfoLine icon={<PlaceOutlinedIcon fontSize="small" titleAccess="City" />}>
              {vendor.city}
            </InfoLine>
          )}
        </Stack>
      </CardContent>
      <CardActions sx={{ px: 2.5, pb: 2, pt: 0, gap: 1 }}>
        <Button size="small" variant="outlined" startIcon={<EditOutlinedIcon />} onClick={() => onEdit(vendor)} aria-describedby={titleId}>
          Edit
        </Button>
        {onDelete && (
          <Button size="small" color="error" startIcon={<DeleteOutlineIcon />} onClick={() => onDelete(vendor)} aria-describedby={titleId}>
            Delete
          </Button>
        )}
      </CardActions>
    </Card>
  );
}
