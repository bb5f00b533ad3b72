import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { SERVICES } from '@app/shared-types/constants';
import { formatPhone } from '@app/shared-types/phone';
import type { SiteInfo } from '@app/shared-types/site';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { isPortalPath } from '@app/shared-types/app-paths';
import { Brand } from './brand';
import { NAV_LINKS } from './nav-links';
import { SocialLinks } from './social-links';
import { WHATSAPP_FAB_CLEARANCE_PX } from './whatsapp-fab';

function FooterColumn({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box>
      <Typography component="h2" variant="overline" sx={{ color: 'rgba(255,255,255,0.65)', display: 'block', mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function FooterLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link component={RouterLink} to={to} reloadDocument={isPortalPath(to)} color="inherit" sx={{ display: 'inline-block', py: 0.5 }}>
      {children}
    </Link>
  );
}

export function SiteFooter({ site }: { site?: SiteInfo }) {
  const year = new Date().getFullYear();
  return (
    <Box component="footer" sx={{ bgcolor: 'primary.dark', color: 'rgba(255,255,255,0.88)', mt: 'auto' }}>
      <Container maxWidth="lg" sx={{ py: { xs: 6, md: 8 } }}>
        {/* A CSS grid, not MUI's Grid: the footer is on every public page, and this keeps Grid's code off them. */}
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))', md: '4fr 2fr 3fr 3fr' },
            gap: { xs: 4, md: 6 },
          }}
        >
          <Box sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}>
            <Brand name={site?.companyName} logo={site?.companyLogo} inverted />
            <Typography variant="body2" sx={{ mt: 2, mb: 3, maxWidth: 340, color: 'rgba(255,255,255,0.75)' }}>
              Interior design and architecture studio in Hyderabad, creating homes and workplaces that feel
              personal, work hard and last.
            </Typography>
            {site && <SocialLinks links={site.social} inverted />}
          </Box>
          <Box>
            <FooterColumn title="Explore">
              <Stack component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
                {NAV_LINKS.map((link) => (
                  <li key={link.to}>
                    <FooterLink to={link.to}>{link.label}</FooterLink>
                  </li>
                ))}
              </Stack>
            </FooterColumn>
          </Box>
          <Box>
            <FooterColumn title="Services">
              <Stack component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
                {SERVICES.map((service) => (
                  <li key={service.slug}>
                    <FooterLink to={`/services/${service.slug}`}>{service.title}</FooterLink>
                  </li>
                ))}
                <li>
                  <FooterLink to="/admin">Admin Panel</FooterLink>
                </li>
              </Stack>
            </FooterColumn>
          </Box>
          <Box sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' } }}>
            <FooterColumn title="Visit or call">
              {site && (
                <Stack component="address" spacing={1} sx={{ fontStyle: 'normal' }}>
                  <Typography variant="body2">{site.companyAddress}</Typography>
                  <Link href={`tel:${site.companyPhone.replace(/[^\d+]/g, '')}`} color="inherit" variant="body2">
                    {formatPhone(site.companyPhone)}
                  </Link>
                  <Link href={`mailto:${site.companyEmail}`} color="inherit" variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                    {site.companyEmail}
                  </Link>
                </Stack>
              )}
            </FooterColumn>
          </Box>
        </Box>
      </Container>
      <Box sx={{ borderTop: '1px solid rgba(255,255,255,0.12)' }}>
        <Container
          maxWidth="lg"
          sx={{
            pt: 3,
            // On phones the page ends 104 px below its last line (the 56 px WhatsApp button, its 16 px margin, room to spare), so the button never covers it.
            pb: { xs: `${WHATSAPP_FAB_CLEARANCE_PX}px`, sm: 3 },
            // Leaves room on the right for the floating WhatsApp button.
            pr: { xs: 11, sm: 12 },
            display: 'flex',
            flexWrap: 'wrap',
            gap: 1,
            justifyContent: 'space-between',
          }}
        >
          <Typography variant="body2" sx={{ color: 'rgba(255,255,255,0.7)' }}>
            © {year} {site?.companyName ?? ''}. All rights reserved.
          </Typography>
          {site?.gstNumber && (
            <Typography variant="body2" sx={{ color: 'rgba(255,255,255,0.55)' }}>
              GSTIN {site.gstNumber}
            </Typography>
          )}
        </Container>
      </Box>
    </Box>
  );
}
