import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import MenuIcon from '@mui/icons-material/Menu';
import { lazy, Suspense, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { Brand } from './brand';
import { NAV_LINKS } from './nav-links';

/**
 * The phone menu (a Drawer, a Modal, a List: ~13 KiB gzip) is not part of the first paint:
 * its chunk is fetched when a finger or pointer first presses the menu button (before the
 * click), and the drawer opens as soon as it is there.
 */
const loadMobileMenu = () => import('./mobile-menu');
const MobileMenu = lazy(async () => ({ default: (await loadMobileMenu()).MobileMenu }));

export function SiteHeader({ companyName, logo }: { companyName?: string; logo?: string }) {
  // The page the menu was opened on: a new page (whichever way the visitor got there) closes it.
  const { pathname } = useLocation();
  const [openedOn, setOpenedOn] = useState<string | null>(null);
  const menuOpen = openedOn === pathname;
  // Mounted from the first opening on, so closing plays the drawer's exit transition.
  const [menuUsed, setMenuUsed] = useState(false);

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
          <IconButton
            aria-label="Open menu"
            aria-controls={menuOpen ? 'mobile-menu' : undefined}
            aria-expanded={menuOpen}
            onPointerDown={() => void loadMobileMenu()}
            onClick={() => {
              setMenuUsed(true);
              setOpenedOn(pathname);
            }}
            sx={{ display: { md: 'none' }, color: 'text.primary' }}
          >
            <MenuIcon />
          </IconButton>
        </Toolbar>
      </Container>
      {menuUsed && (
        <Suspense fallback={null}>
          <MobileMenu open={menuOpen} onClose={() => setOpenedOn(null)} />
        </Suspense>
      )}
    </AppBar>
  );
}
