import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { LoadingState } from '../../components/loading-state';
import { NotFound } from '../site/not-found';
import { ErrorState } from '../../components/error-state';
import { ApiError } from '../../lib/api-client';
import { useRegistrationInfo } from '../../features/registration/api/register';
import { RequestAccessForm } from '../../features/registration/components/request-access-form';
import { AdminBrand } from './admin-brand';
import { AdminMeta } from './admin-meta';

/**
 * /admin/request-access: while Settings > Security > allowRegistration is on,
 * a form that asks for a staff account an admin must approve; while off, the
 * portal's not-found (the API answers 404 too).
 */
export function RequestAccessPage({ signInHref = '/admin' }: { signInHref?: string }) {
  const info = useRegistrationInfo();
  const [sent, setSent] = useState<string | null>(null);
  if (info.isPending) return <LoadingState label="Loading" />;
  if (info.isError) {
    if (info.error instanceof ApiError && info.error.status === 404) {
      return <NotFound message="Page not found." linkTo={signInHref} linkLabel="Go to sign in" title="Page not found" />;
    }
    return <ErrorState message="Could not load this page." onRetry={() => void info.refetch()} />;
  }
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2 }}>
      <AdminMeta title="Request access" />
      <Card sx={{ width: '100%', maxWidth: 480 }}>
        <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
          <Box sx={{ mb: 3 }}>
            <AdminBrand />
          </Box>
          <Typography variant="h3" component="h1" sx={{ mb: 1 }}>
            Request access
          </Typography>
          {sent ? (
            <Alert severity="success" role="status">
              {sent}
            </Alert>
          ) : (
            <>
              <Typography color="text.secondary" sx={{ mb: 3 }}>
                Ask for a staff account. An administrator approves it before you can sign in.
              </Typography>
              <RequestAccessForm passwordMinLength={info.data.passwordMinLength} onSent={setSent} />
            </>
          )}
          <Typography sx={{ mt: 3, textAlign: 'center' }} color="text.secondary">
            Already have an account?{' '}
            <Link component={RouterLink} to={signInHref}>
              Sign in
            </Link>
          </Typography>
        </CardContent>
      </Card>
    </Box>
  );
}
