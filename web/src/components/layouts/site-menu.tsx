import IconButton from '@mui/material/IconButton';
import MenuIcon from '@mui/icons-material/Menu';
import { lazy, Suspense, useState } from 'react';
import { useLocation } from 'react-router';

/**
 * The phone menu (a Drawer, a Modal, a List: ~13 KiB gzip) is not part of the first paint:
 * its chunk is fetched when a finger or pointer first presses the menu button (before the
 * click), and the drawer opens as soon as it is there.
 */
const loadMobileMenu = () => import('./mobile-menu');
const MobileMenu = lazy(async () => ({ default: (await loadMobileMenu()).MobileMenu }));

/** The header's menu button and its drawer: the header's one interactive part (an island, site-header.tsx). */
export function SiteMenu() {
  // The page the menu was opened on: a new page (whichever way the visitor got there) closes it.
  const { pathname } = useLocation();
  const [openedOn, setOpenedOn] = useState<string | null>(null);
  const menuOpen = openedOn === pathname;
  // Mounted from the first opening on, so closing plays the drawer's exit transition.
  const [menuUsed, setMenuUsed] = useState(false);

  return (
    <>
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
      {menuUsed && (
        <Suspense fallback={null}>
          <MobileMenu open={menuOpen} onClose={() => setOpenedOn(null)} />
        </Suspense>
      )}
    </>
  );
}
