import EmailOutlinedIcon from '@mui/icons-material/EmailOutlined';
import PhoneOutlinedIcon from '@mui/icons-material/PhoneOutlined';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { DirectoryEntry } from '@app/shared-types/employees';
import type { ReactNode } from 'react';
import { InfoLine, PhoneLink } from '../../../components/record-card';
import { EmployeeAvatar, EmployeeStatusChip, RoleBadge } from './employee-badges';

/**
 * A colleague on a card, as the employee grid and the staff directory show
 * them: photo or initials, name (the card's title, `titleId`), position and
 * department, role and status (and `chips` after them), how to reach them.
 */
export function PersonSummary({ person, titleId, chips }: { person: Omit<DirectoryEntry, 'id'>; titleId: string; chips?: ReactNode }) {
  const subtitle = [person.position, person.department].filter(Boolean).join(' · ');
  return (
    <>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
        <EmployeeAvatar name={person.name} picture={person.profilePicture} />
        <Stack sx={{ minWidth: 0, flexGrow: 1 }}>
          <Typography id={titleId} variant="h6" component="h2" sx={{ lineHeight: 1.3, overflowWrap: 'anywhere' }}>
            {person.name}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {subtitle || 'No position or department yet'}
          </Typography>
        </Stack>
      </Stack>
      <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1.5, flexWrap: 'wrap' }}>
        <RoleBadge role={person.role} />
        <EmployeeStatusChip status={person.status} />
        {chips}
      </Stack>
      <Stack spacing={0.75} sx={{ mt: 1.5 }}>
        <InfoLine icon={<EmailOutlinedIcon fontSize="small" titleAccess="Email" />}>
          <Link href={`mailto:${person.email}`} underline="hover" sx={{ overflowWrap: 'anywhere' }}>
            {person.email}
          </Link>
        </InfoLine>
        {person.phone && (
          <InfoLine icon={<PhoneOutlinedIcon fontSize="small" titleAccess="Phone" />}>
            <PhoneLink phone={person.phone} />
          </InfoLine>
        )}
      </Stack>
    </>
  );
}
