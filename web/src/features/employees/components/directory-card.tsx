import EmailOutlinedIcon from '@mui/icons-material/EmailOutlined';
import PhoneOutlinedIcon from '@mui/icons-material/PhoneOutlined';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { DirectoryEntry } from '@app/shared-types/employees';
import { CardGrid, InfoLine, PhoneLink } from '../../../components/record-card';
import { EmployeeAvatar, EmployeeStatusChip, RoleBadge } from './employee-badges';

/** A colleague as the staff directory shows them (PRODUCT.md: no salary, no personal data): who, where, how to reach them. */
function DirectoryCard({ entry }: { entry: DirectoryEntry }) {
  const titleId = `directory-${entry.id}-name`;
  const subtitle = [entry.position, entry.department].filter(Boolean).join(' · ');
  return (
    <Card component="article" variant="outlined" aria-labelledby={titleId} sx={{ height: '100%' }}>
      <CardContent sx={{ p: 2.5, '&:last-child': { pb: 2.5 } }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
          <EmployeeAvatar name={entry.name} picture={entry.profilePicture} />
          <Stack sx={{ minWidth: 0, flexGrow: 1 }}>
            <Typography id={titleId} variant="h6" component="h2" sx={{ lineHeight: 1.3, overflowWrap: 'anywhere' }}>
              {entry.name}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {subtitle || 'No position or department yet'}
            </Typography>
          </Stack>
        </Stack>
        <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1.5, flexWrap: 'wrap' }}>
          <RoleBadge role={entry.role} />
          <EmployeeStatusChip status={entry.status} />
        </Stack>
        <Stack spacing={0.75} sx={{ mt: 1.5 }}>
          <InfoLine icon={<EmailOutlinedIcon fontSize="small" titleAccess="Email" />}>
            <Link href={`mailto:${entry.email}`} underline="hover" sx={{ overflowWrap: 'anywhere' }}>
              {entry.email}
            </Link>
          </InfoLine>
          {entry.phone && (
            <InfoLine icon={<PhoneOutlinedIcon fontSize="small" titleAccess="Phone" />}>
              <PhoneLink phone={entry.phone} />
            </InfoLine>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}

/** The staff directory's cards (read-only). */
export function DirectoryGrid({ entries }: { entries: readonly DirectoryEntry[] }) {
  return (
    <CardGrid label="Staff directory">
      {entries.map((entry) => (
        <DirectoryCard key={entry.id} entry={entry} />
      ))}
    </CardGrid>
  );
}
