import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Toolbar from '@mui/material/Toolbar';
import { NavLink } from 'react-router';
import { island } from '../../lib/island';
import { Brand } from './brand';
import { NAV_LINKS } from './nav-links';
import { SiteMenu } from './site-menu';

/** The menu button and its drawer hydrate when first touched, focused or clicked: the rest of the header is static HTML. */
const SiteMenuIsland = island('site-menu', SiteMenu, 'interaction');

export function SiteHeader({ companyName, logo }: { companyName?: string; logo?: string }) {
  return (
    <AppBar
      position="sticky"
      sx={{
        bgcolor: 'rgba(247, 243, 238, 0.92)',
        backdropFilter: 'saturate(180%) blur(8px)',
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Container maxWidth="lg">
        <Toolbar disableGutters sx={{ minHeight: { xs: 64, md: 72 }, gap: 2 }}>
          <Box sx={{ flexGrow: 1, minWidth: 0 }}>
            <Brand name={companyName} logo={logo} />
          </Box>
          <Box component="nav" aria-label="Main" sx={{ display: { xs: 'none', md: 'flex' }, gap: 0.5 }}>
            {NAV_LINKS.map((link) => (
              <Button
                key={link.to}
                component={NavLink}
                to={link.to}
                end={link.to === '/'}
                color="inherit"
                sx={{
                  borderRadius: 2,
                  px: 1.75,
                  color: 'text.secondary',
                  '&:hover': { color: 'text.primary', bgcolor: 'rgba(31, 78, 74, 0.06)' },
                  '&.active': { color: 'primary.main', bgcolor: 'rgba(31, 78, 74, 0.09)' },
                }}
              >
                {link.label}
              </Button>
            ))}
          </Box>
          <SiteMenuIsland />
        </Toolbar>
      </Container>
    </AppBar>
  );
}
