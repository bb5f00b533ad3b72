import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import AccessTimeIcon from '@mui/icons-material/AccessTime';
import EmailIcon from '@mui/icons-material/Email';
import PhoneIcon from '@mui/icons-material/Phone';
import PlaceIcon from '@mui/icons-material/Place';
import { formatPhone } from '@app/shared-types/phone';
import { BUSINESS_HOURS, type SiteInfo } from '@app/shared-types/site';
import type { ReactNode } from 'react';
import { SocialLinks } from '../../../components/layouts/social-links';
import { telHref } from '../model';

function InfoCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Card sx={{ p: 3, display: 'flex', gap: 2, alignItems: 'flex-start', height: '100%' }}>
      <Box
        aria-hidden
        sx={{
          flexShrink: 0,
          width: 44,
          height: 44,
          borderRadius: '50%',
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'rgba(181, 96, 58, 0.12)',
          color: 'secondary.dark',
        }}
      >
        {icon}
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="h6" component="h2" sx={{ mb: 0.5 }}>
          {title}
        </Typography>
        {children}
      </Box>
    </Card>
  );
}

/** Address, phone, email, hours and social links of the office. */
export function ContactInfo({ site }: { site: SiteInfo }) {
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))', md: 'minmax(0, 1fr)' } }}>
      <InfoCard icon={<PlaceIcon />} title="Visit our studio">
        <Typography component="address" color="text.secondary" sx={{ fontStyle: 'normal' }}>
          {site.companyAddress}
        </Typography>
      </InfoCard>
      <InfoCard icon={<PhoneIcon />} title="Call us">
        <Link href={telHref(site.companyPhone)} sx={{ fontWeight: 600 }}>
          {formatPhone(site.companyPhone)}
        </Link>
      </InfoCard>
      <InfoCard icon={<EmailIcon />} title="Email us">
        <Link href={`mailto:${site.companyEmail}`} sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {site.companyEmail}
        </Link>
      </InfoCard>
      <InfoCard icon={<AccessTimeIcon />} title="Business hours">
        <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1.5 }}>
          {BUSINESS_HOURS.map((row) => (
            <Box key={row.days} sx={{ display: 'contents' }}>
              <Typography component="dt" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                {row.days}
              </Typography>
              <Typography component="dd" color="text.secondary" sx={{ m: 0 }}>
                {row.hours}
              </Typography>
            </Box>
          ))}
        </Box>
      </InfoCard>
      <Box sx={{ gridColumn: '1 / -1' }}>
        <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
          Follow our work
        </Typography>
        <SocialLinks links={site.social} />
      </Box>
    </Box>
  );
}
