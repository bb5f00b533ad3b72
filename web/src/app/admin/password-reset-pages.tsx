import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { PASSWORD_MESSAGES, PASSWORD_RESET_TOKEN_PATTERN } from '@app/shared-types/auth';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { ErrorState } from '../../components/error-state';
import { LoadingState } from '../../components/loading-state';
import { usePasswordRules } from '../../features/auth/api/password';
import { ForgotPasswordForm, ResetPasswordForm } from '../../features/auth/components/password-forms';
import { AdminBrand } from './admin-brand';
import { AdminMeta } from './admin-meta';

/** A signed-out portal card, as the sign-in and 'Request access' screens are. */
function SignedOutCard({ title, intro, children, footer }: { title: string; intro?: string; children: ReactNode; footer: ReactNode }) {
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2 }}>
      <AdminMeta title={title} />
      <Card sx={{ width: '100%', maxWidth: 440 }}>
        <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
          <Box sx={{ mb: 3 }}>
            <AdminBrand />
          </Box>
          <Typography variant="h3" component="h1" sx={{ mb: 1 }}>
            {title}
          </Typography>
          {intro && (
            <Typography color="text.secondary" sx={{ mb: 3 }}>
              {intro}
            </Typography>
          )}
          {children}
          <Typography sx={{ mt: 3, textAlign: 'center' }} color="text.secondary">
            {footer}
          </Typography>
        </CardContent>
      </Card>
    </Box>
  );
}

const signInLink = (signInHref: string, label = 'Back to sign in') => (
  <Link component={RouterLink} to={signInHref}>
    {label}
  </Link>
);

/** /admin/forgot-password: asks for a reset link; the answer is the same for any email. */
export function ForgotPasswordPage({ signInHref = '/admin' }: { signInHref?: string }) {
  const [sent, setSent] = useState<string | null>(null);
  return (
    <SignedOutCard
      title="Forgot password"
      intro={sent ? undefined : 'Enter the email of your staff account. We will email you a link to choose a new password.'}
      footer={signInLink(signInHref)}
    >
      {sent ? (
        <Alert severity="success" role="status">
          {sent}
        </Alert>
      ) : (
        <ForgotPasswordForm onSent={setSent} />
      )}
    </SignedOutCard>
  );
}

/** The token of the emailed link: in the address's fragment (#token=...), which never reaches a server or a log. */
function tokenOf(hash: string): string | undefined {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token') ?? '';
  return PASSWORD_RESET_TOKEN_PATTERN.test(token) ? token : undefined;
}

/** /admin/reset-password#token=...: the emailed link's screen, the new password twice. */
export function ResetPasswordPage({ signInHref = '/admin', forgotHref = '/admin/forgot-password' }: { signInHref?: string; forgotHref?: string }) {
  const location = useLocation();
  const [token] = useState(() => tokenOf(location.hash));
  const [done, setDone] = useState<string | null>(null);
  const rules = usePasswordRules();
  const askAgain = (
    <Link component={RouterLink} to={forgotHref}>
      Ask for a new link
    </Link>
  );
  let content: ReactNode;
  if (done) {
    content = (
      <Alert severity="success" role="status">
        {done}
      </Alert>
    );
  } else if (!token) {
    content = (
      <Alert severity="error" role="alert">
        {PASSWORD_MESSAGES.invalidLink} {askAgain}
      </Alert>
    );
  } else if (rules.data) {
    content = <ResetPasswordForm token={token} passwordMinLength={rules.data.passwordMinLength} onDone={setDone} />;
  } else if (rules.isError) {
    content = <ErrorState message="Could not load this page." onRetry={() => void rules.refetch()} />;
  } else {
    content = <LoadingState label="Loading" />;
  }
  return (
    <SignedOutCard
      title="Choose a new password"
      intro={done || !token ? undefined : 'The link works once. Every browser signed in to your account is signed out.'}
      footer={done ? signInLink(signInHref, 'Sign in') : <>Link not working? {askAgain}</>}
    >
      {content}
    </SignedOutCard>
  );
}
