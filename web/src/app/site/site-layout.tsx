import Box from '@mui/material/Box';
import GlobalStyles from '@mui/material/GlobalStyles';
import type { Theme } from '@mui/material/styles';
import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { RenderErrorBoundary } from '../../components/render-error-boundary';
import { SiteFooter } from '../../components/layouts/site-footer';
import { SiteHeader } from '../../components/layouts/site-header';
import { WhatsAppFab } from '../../components/layouts/whatsapp-fab';
import { useSiteInfo } from '../../features/site-info/api/get-site-info';
import { MaintenanceNotice } from '../../features/site-info/components/maintenance-notice';
import { PageMeta } from './page-meta';
import { useScrollToTop } from '../../hooks/use-scroll-to-top';
import { RouteErrorPage } from './route-error-page';

/**
 * A form island's fields before its code has come (with the first touch: web/src/site-boot.ts): a focused field raises its
 * label and shows its border as the hydrated field does, so what is typed meanwhile is not under the label. Once hydrated,
 * a focused field's label is raised by its own class (MuiInputLabel-shrink), and these rules match nothing.
 */
const unhydratedLabel = '.MuiFormControl-root:focus-within > .MuiInputLabel-outlined:not(.MuiInputLabel-shrink)';
const fieldsBeforeHydration = (theme: Theme) => ({
  [unhydratedLabel]: { transform: 'translate(14px, -9px) scale(0.75)', maxWidth: 'calc(133% - 32px)', color: theme.palette.primary.main },
  [`${unhydratedLabel} + .MuiOutlinedInput-root .MuiOutlinedInput-notchedOutline`]: { borderColor: theme.palette.primary.main, borderWidth: 2 },
  [`${unhydratedLabel} + .MuiOutlinedInput-root .MuiOutlinedInput-notchedOutline > legend`]: { maxWidth: '100%' },
});

/** Header, footer and chat button around every public page (each page's head and structured data: PageMeta). */
export function SiteLayout() {
  const { data: site } = useSiteInfo();
  // Settings > System > maintenanceMode pauses the site; a client's quotation link (/q/...) is business, not the site, and keeps working.
  const { pathname } = useLocation();
  const paused = site?.maintenanceMode === true && !pathname.startsWith('/q/');
  useScrollToTop();
  return (
    <>
      <GlobalStyles styles={fieldsBeforeHydration} />
      <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
        <Box
          component="a"
          href="#main"
          sx={{
            position: 'absolute',
            left: 8,
            top: -48,
            zIndex: 2000,
            px: 2,
            py: 1,
            bgcolor: 'primary.main',
            color: 'primary.contrastText',
            borderRadius: 1,
            '&:focus': { top: 8 },
          }}
        >
          Skip to content
        </Box>
        <SiteHeader companyName={site?.companyName} logo={site?.companyLogo} />
        {/* At least a screen high: the footer starts below the fold, so a page whose content arrives late does not push it (no layout shift). */}
        <Box component="main" id="main" tabIndex={-1} sx={{ flexGrow: 1, minHeight: '100vh', outline: 'none' }}>
          {paused ? (
            <>
              <PageMeta title="We'll be back soon" description={`${site.companyName} is updating its website.`} />
              <meta name="robots" content="noindex" />
              <MaintenanceNotice site={site} />
            </>
          ) : (
            <RenderErrorBoundary resetKey={pathname} fallback={() => <RouteErrorPage />}>
              {/* A page's code loading on a first visit without server rendering; moving between pages keeps the old one until the new one is there. */}
              <Suspense fallback={<Box role="status" aria-label="Loading" sx={{ minHeight: '100vh' }} />}>
                <Outlet />
              </Suspense>
            </RenderErrorBoundary>
          )}
        </Box>
        <SiteFooter site={site} />
      </Box>
      {site && <WhatsAppFab phone={site.companyPhone} />}
    </>
  );
}
