import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatPhone, whatsappLink } from '@app/shared-types/phone';
import type { SiteInfo } from '@app/shared-types/site';

/**
 * What every public page shows while Settings > System > maintenanceMode is on
 * (the forms answer 503 meanwhile; the portal keeps working): how to reach the
 * firm until the site is back. The layout gives the page its title and
 * keeps it out of search results.
 */
export function MaintenanceNotice({ site }: { site: SiteInfo }) {
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 10, md: 16 }, textAlign: 'center' }}>
      <Typography variant="overline" component="p" color="secondary.dark">
        Scheduled maintenance
      </Typography>
      <Typography variant="h2" component="h1" sx={{ mb: 2 }}>
        We&apos;ll be back soon
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        Our website is being updated. To talk about your home or office meanwhile, call or message us.
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} justifyContent="center">
        <Button variant="contained" size="large" href={`tel:${site.companyPhone.replace(/[^\d+]/g, '')}`}>
          Call {formatPhone(site.companyPhone)}
        </Button>
        <Button variant="outlined" size="large" href={whatsappLink(site.companyPhone)} target="_blank" rel="noopener">
          WhatsApp us
        </Button>
      </Stack>
    </Container>
  );
}
