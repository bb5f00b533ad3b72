import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import { ErrorState } from '../../components/error-state';
import { LoadingState } from '../../components/loading-state';
import { ResourceHeader } from '../../components/paged-list';
import { usePasswordRules } from '../../features/auth/api/password';
import { ChangePasswordForm } from '../../features/auth/components/password-forms';

/** 'Change password', from the header's account menu: for every signed-in person, their own password. */
export function ChangePasswordPage() {
  const rules = usePasswordRules();
  return (
    <Stack spacing={3}>
      <ResourceHeader title="Change password" subtitle="Your other signed-in browsers are signed out when it changes." actions={null} />
      <Card sx={{ maxWidth: 560 }}>
        <CardContent sx={{ p: { xs: 2.5, sm: 3 } }}>
          {rules.data ? (
            <ChangePasswordForm passwordMinLength={rules.data.passwordMinLength} />
          ) : rules.isError ? (
            <ErrorState message="Could not load the password rules." onRetry={() => void rules.refetch()} />
          ) : (
            <LoadingState label="Loading" />
          )}
        </CardContent>
      </Card>
    </Stack>
  );
}
