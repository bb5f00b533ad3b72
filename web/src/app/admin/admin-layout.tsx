import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import ArticleIcon from '@mui/icons-material/Article';
import BadgeIcon from '@mui/icons-material/Badge';
import DashboardIcon from '@mui/icons-material/Dashboard';
import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import FolderOpenIcon from '@mui/icons-material/FolderOpen';
import KeyIcon from '@mui/icons-material/Key';
import LockPersonIcon from '@mui/icons-material/LockPerson';
import LogoutIcon from '@mui/icons-material/Logout';
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import MenuIcon from '@mui/icons-material/Menu';
import PeopleAltIcon from '@mui/icons-material/PeopleAlt';
import RequestQuoteIcon from '@mui/icons-material/RequestQuote';
import SettingsIcon from '@mui/icons-material/Settings';
import StorefrontIcon from '@mui/icons-material/Storefront';
import { useQueryClient } from '@tanstack/react-query';
import type { PublicUser } from '@app/shared-types/auth';
import { useCallback, useState, type ReactNode } from 'react';
import { NavLink, Outlet, useResolvedPath } from 'react-router';
import { useSession, useSignOutOnExpiredSession } from '../../features/auth/api/get-session';
import { clearClientSession, useLogout } from '../../features/auth/api/logout';
import { canManageStaff, ROLE_COLORS, ROLE_LABELS } from '../../features/auth/model';
import { TwoFactorDialog } from '../../features/auth/components/two-factor-dialog';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { DiscardGuard } from '../../components/discard-guard';
import { canSeeFinance } from '../../lib/roles';
import { RouteFallback } from '../site/route-fallback';
import { AdminBrand } from './admin-brand';
import { AdminLoginScreen } from './admin-login-screen';
import { AdminMeta } from './admin-meta';
import { BackToDashboard } from './back-to-dashboard';
import { PortalBaseContext, usePortalHref } from './portal-base';
import { ADMIN_SECTIONS, canOpenSection, sectionHref, useAdminRouteHandle, type AdminSectionId } from './sections';
import { SectionPanel } from './section-panel';

const DRAWER_WIDTH = 260;

const SECTION_ICONS: Record<AdminSectionId, ReactNode> = {
  dashboard: <DashboardIcon />,
  leads: <PeopleAltIcon />,
  projects: <FolderOpenIcon />,
  vendors: <StorefrontIcon />,
  finance: <AccountBalanceWalletIcon />,
  quotations: <RequestQuoteIcon />,
  attendance: <EventAvailableIcon />,
  employees: <BadgeIcon />,
  blog: <ArticleIcon />,
  settings: <SettingsIcon />,
};

/**
 * The portal around every section: checks the session first (a spinner, never
 * a flash of the login form), shows the login form while signed out, and the
 * sidebar layout once signed in.
 */
export function AdminLayout() {
  const session = useSession();
  const basePath = useResolvedPath('.').pathname;

  let content: ReactNode;
  if (session.isPending) {
    content = (
      <>
        <AdminMeta title="Loading" />
        <RouteFallback />
      </>
    );
  } else if (!session.data?.user) {
    // SPEC.md 4: a failed session check means staying logged out.
    content = <AdminLoginScreen />;
  } else {
    content = <SignedInShell user={session.data.user} basePath={basePath} />;
  }
  return <PortalBaseContext.Provider value={basePath}>{content}</PortalBaseContext.Provider>;
}

function SignedInShell({ user, basePath }: { user: PublicUser; basePath: string }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const [securityOpen, setSecurityOpen] = useState(false);
  const [accountMenu, setAccountMenu] = useState<HTMLElement | null>(null);
  const queryClient = useQueryClient();
  const handle = useAdminRouteHandle();
  const logout = useLogout({ redirectTo: sectionHref(basePath, '') });
  const portalHref = usePortalHref();
  useSignOutOnExpiredSession(useCallback(() => clearClientSession(queryClient), [queryClient]));

  const may = { manageStaff: canManageStaff(user.role), seeFinance: canSeeFinance(user.role) };
  const sections = ADMIN_SECTIONS.filter((section) => canOpenSection(section, may));
  const section = handle?.section;
  const denied = section !== undefined && !canOpenSection(section, may);

  const userBadge = (
    <>
      <Typography noWrap sx={{ fontWeight: 600 }}>
        {user.name}
      </Typography>
      <Chip
        size="small"
        label={ROLE_LABELS[user.role]}
        sx={{ bgcolor: ROLE_COLORS[user.role], color: 'common.white', flexShrink: 0 }}
      />
    </>
  );

  const sidebar = (
    <>
      <Toolbar>
        <AdminBrand />
      </Toolbar>
      <Divider />
      <Box component="nav" aria-label="Admin sections" sx={{ overflowY: 'auto', flexGrow: 1 }}>
        <List sx={{ px: 1.5, py: 1.5 }}>
          {sections.map((item) => (
            <ListItemButton
              key={item.id}
              component={NavLink}
              to={sectionHref(basePath, item.path)}
              end={item.path === ''}
              onClick={() => setMenuOpen(false)}
              sx={{
                borderRadius: 2,
                mb: 0.25,
                color: 'text.secondary',
                '& .MuiListItemIcon-root': { color: 'inherit', minWidth: 40 },
                '&.active': { color: 'primary.main', bgcolor: 'rgba(31, 78, 74, 0.09)', fontWeight: 700 },
              }}
            >
              <ListItemIcon>{SECTION_ICONS[item.id]}</ListItemIcon>
              <ListItemText primary={item.label} slotProps={{ primary: { sx: { fontWeight: 'inherit' } } }} />
            </ListItemButton>
          ))}
        </List>
      </Box>
    </>
  );

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <AdminMeta title={handle?.title ?? 'Admin'} />
      <AppBar
        position="fixed"
        sx={{
          width: { md: `calc(100% - ${DRAWER_WIDTH}px)` },
          ml: { md: `${DRAWER_WIDTH}px` },
          bgcolor: 'background.paper',
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <Toolbar sx={{ gap: 1 }}>
          <IconButton
            aria-label="Open navigation"
            aria-controls={menuOpen ? 'admin-navigation' : undefined}
            aria-expanded={menuOpen}
            edge="start"
            onClick={() => setMenuOpen(true)}
            sx={{ display: { md: 'none' } }}
          >
            <MenuIcon />
          </IconButton>
          {/* The permanent sidebar shows the firm on wide screens; phones show it here. */}
          <Box sx={{ display: { md: 'none' }, minWidth: 0 }}>
            <AdminBrand />
          </Box>
          <Box sx={{ flexGrow: 1 }} />
          <NotificationBell hrefOf={portalHref} />
          <Box sx={{ display: { xs: 'none', sm: 'flex' }, alignItems: 'center', gap: 1, minWidth: 0 }}>
            {userBadge}
          </Box>
          <IconButton
            aria-label="Account menu"
            title="Account"
            aria-haspopup="menu"
            aria-controls={accountMenu ? 'account-menu' : undefined}
            aria-expanded={accountMenu !== null}
            onClick={(event) => setAccountMenu(event.currentTarget)}
          >
            <ManageAccountsIcon />
          </IconButton>
          <Menu
            id="account-menu"
            anchorEl={accountMenu}
            open={accountMenu !== null}
            onClose={() => setAccountMenu(null)}
            anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
            transformOrigin={{ vertical: 'top', horizontal: 'right' }}
          >
            <MenuItem component={NavLink} to={portalHref('account/password')} onClick={() => setAccountMenu(null)}>
              <ListItemIcon>
                <KeyIcon fontSize="small" />
              </ListItemIcon>
              Change password
            </MenuItem>
            <MenuItem
              onClick={() => {
                setAccountMenu(null);
                setSecurityOpen(true);
              }}
            >
              <ListItemIcon>
                <LockPersonIcon fontSize="small" />
              </ListItemIcon>
              Two-factor sign-in
            </MenuItem>
          </Menu>
          <TwoFactorDialog open={securityOpen} onClose={() => setSecurityOpen(false)} account={user.email} />
          {/* On phones the bar also holds the bell and the account menu: Logout shows its icon only there. */}
          <Button
            variant="outlined"
            size="small"
            startIcon={<LogoutIcon />}
            onClick={() => logout.mutate()}
            disabled={logout.isPending}
            aria-label="Logout"
            sx={{ ml: 1, flexShrink: 0, minWidth: { xs: 0, sm: 64 }, '& .MuiButton-startIcon': { mr: { xs: 0, sm: 1 }, ml: { xs: 0, sm: -0.5 } } }}
          >
            <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
              Logout
            </Box>
          </Button>
        </Toolbar>
      </AppBar>

      <Box component="aside" sx={{ width: { md: DRAWER_WIDTH }, flexShrink: { md: 0 } }}>
        <Drawer
          variant="temporary"
          open={menuOpen}
          onClose={() => setMenuOpen(false)}
          sx={{ display: { xs: 'block', md: 'none' } }}
          slotProps={{ paper: { id: 'admin-navigation', sx: { width: DRAWER_WIDTH, maxWidth: '85vw' } } }}
        >
          {sidebar}
          {/* On phones the top bar has no room for the name. */}
          <Box sx={{ display: { sm: 'none' }, borderTop: 1, borderColor: 'divider', p: 2 }}>
            <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 0.5 }}>
              Signed in as
            </Typography>
            <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 0.5, minWidth: 0 }}>
              {userBadge}
            </Box>
          </Box>
        </Drawer>
        <Drawer
          variant="permanent"
          open
          sx={{ display: { xs: 'none', md: 'block' } }}
          slotProps={{ paper: { sx: { width: DRAWER_WIDTH, boxSizing: 'border-box' } } }}
        >
          {sidebar}
        </Drawer>
      </Box>

      <Box component="main" sx={{ flexGrow: 1, minWidth: 0, bgcolor: 'background.default' }}>
        <Toolbar />
        <Box sx={{ p: { xs: 2, sm: 3, md: 4 }, maxWidth: 1400, mx: 'auto' }}>
          {denied ? (
            <SectionPanel
              title="You do not have access to this section"
              message={
                section.managerOnly === true
                  ? `${section.label} is for managers and admins; ask one of them if something here needs changing.`
                  : `${section.label} is managed by admins; ask one of them if something here needs changing.`
              }
              action={<BackToDashboard />}
            />
          ) : (
            <DiscardGuard>
              <Outlet />
            </DiscardGuard>
          )}
        </Box>
      </Box>
    </Box>
  );
}
