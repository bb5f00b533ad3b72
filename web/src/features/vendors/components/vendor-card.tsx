import PersonOutlineIcon from '@mui/icons-material/PersonOutline';
import PhoneOutlinedIcon from '@mui/icons-material/PhoneOutlined';
import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Rating from '@mui/material/Rating';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { VENDOR_CATEGORY_LABELS, VENDOR_RATING_MAX, type Vendor } from '@app/shared-types/vendors';
import { CardGrid, InfoLine, PhoneLink, RecordActions } from '../../../components/record-card';
import { VendorStatusChip } from './vendor-status-chip';

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
            <PhoneLink phone={vendor.phone} />
          </InfoLine>
          {vendor.city && (
            <InfoLine icon={<PlaceOutlinedIcon fontSize="small" titleAccess="City" />}>
              {vendor.city}
            </InfoLine>
          )}
        </Stack>
      </CardContent>
      <RecordActions record={vendor} titleId={titleId} onEdit={onEdit} onDelete={onDelete} />
    </Card>
  );
}

interface VendorGridProps {
  vendors: readonly Vendor[];
  onEdit: (vendor: Vendor) => void;
  onDelete?: (vendor: Vendor) => void;
}

/** The vendor cards. */
export function VendorGrid({ vendors, onEdit, onDelete }: VendorGridProps) {
  return (
    <CardGrid label="Vendors">
      {vendors.map((vendor) => (
        <VendorCard key={vendor.id} vendor={vendor} onEdit={onEdit} onDelete={onDelete} />
      ))}
    </CardGrid>
  );
}
