import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { LoginForm } from '../../features/auth/components/login-form';
import { useSiteInfo } from '../../features/site-info/api/get-site-info';
import { AdminBrand } from './admin-brand';
import { AdminMeta } from './admin-meta';
import { usePortalHref } from './portal-base';

/** Shown at any portal address while signed out; signing in shows that address's section. */
export function AdminLoginScreen() {
  const site = useSiteInfo();
  const portalHref = usePortalHref();
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2 }}>
      <AdminMeta title="Sign in" />
      <Card sx={{ width: '100%', maxWidth: 420 }}>
        <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
          <Box sx={{ mb: 3 }}>
            <AdminBrand />
          </Box>
          <Typography variant="h3" component="h1" sx={{ mb: 1 }}>
            Admin Portal
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            Sign in with your staff account.
          </Typography>
          <LoginForm
            footer={
              <>
                <Typography sx={{ mt: 2, textAlign: 'center' }}>
                  <Link component={RouterLink} to={portalHref('forgot-password')}>
                    Forgot password?
                  </Link>
                </Typography>
                {/* Settings > Security > allowRegistration. */}
                {site.data?.allowRegistration && (
                  <Typography sx={{ mt: 2, textAlign: 'center' }} color="text.secondary">
                    New here?{' '}
                    <Link component={RouterLink} to={portalHref('request-access')}>
                      Request access
                    </Link>
                  </Typography>
                )}
              </>
            }
          />
        </CardContent>
      </Card>
    </Box>
  );
}
