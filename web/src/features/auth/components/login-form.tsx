import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { loginSchema } from '@app/shared-types/auth';
import { Formik } from 'formik';
import { useState, type ReactNode } from 'react';
import { FormShell, FormTextField, serverErrorsStatus } from '../../../components/form-fields';
import { ApiError } from '../../../lib/api-client';
import { serverFieldErrors } from '../../../lib/form-errors';
import { useToast } from '../../../lib/toast';
import type { LoginChallengeAnswer } from '@app/shared-types/two-factor';
import type { PublicUser } from '@app/shared-types/auth';
import { useEnterPortal, useLogin, verifyLogin } from '../api/login';
import { LOGIN_INITIAL_VALUES } from '../model';
import { TwoFactorStep } from './two-factor-step';

/** The server's own words ('Invalid email or password', a lockout notice), else 'Login failed'. */
function loginFailureMessage(error: unknown): string {
  if (error instanceof ApiError) return error.body?.error || 'Login failed';
  return error instanceof Error && error.message ? error.message : 'Login failed';
}

/**
 * Sign-in: email and password, then, for an account with two-factor sign-in
 * (or while Settings require it), the code step or the set-up. Success shows
 * the portal (the session query holds the user). `footer` shows under the
 * password step only.
 */
export function LoginForm({ footer }: { footer?: ReactNode } = {}) {
  const { toast } = useToast();
  const enterPortal = useEnterPortal();
  const [challenge, setChallenge] = useState<LoginChallengeAnswer | null>(null);
  const welcome = (user: PublicUser) => toast({ title: 'Login successful', description: `Welcome, ${user.name}!` });
  if (challenge) {
    return (
      <TwoFactorStep
        challenge={challenge}
        verify={verifyLogin}
        onSignedIn={(user) => {
          welcome(user);
          enterPortal(user);
        }}
        onRestart={() => setChallenge(null)}
      />
    );
  }
  return (
    <>
      <PasswordForm onSuccess={welcome} onChallenge={setChallenge} />
      {footer}
    </>
  );
}

/** Email and password. */
function PasswordForm({ onSuccess, onChallenge }: { onSuccess: (user: PublicUser) => void; onChallenge: (challenge: LoginChallengeAnswer) => void }) {
  const { toast } = useToast();
  const [showPassword, setShowPassword] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const login = useLogin({ onSuccess, onChallenge });

  return (
    <Formik
      initialValues={LOGIN_INITIAL_VALUES}
      validationSchema={loginSchema}
      // Leaving the (autofocused) empty Email for 'Request access' below must not put 'Email is required'
      // under it: the message moved the link down between the press and the release, and the click was lost.
      validateOnBlur={false}
      onSubmit={async (values, { setStatus }) => {
        setStatus(undefined);
        setFailure(null);
        try {
          await login.mutateAsync(loginSchema.cast(values));
        } catch (error) {
          const message = loginFailureMessage(error);
          setFailure(message);
          toast({ variant: 'destructive', title: 'Login failed', description: message });
          const fields = serverFieldErrors(error);
          if (fields) setStatus(serverErrorsStatus(fields));
        }
      }}
    >
      {({ isSubmitting }) => (
        <FormShell>
          <Stack spacing={2.5}>
            {failure && (
              <Alert severity="error" role="alert">
                {failure}
              </Alert>
            )}
            <FormTextField name="email" label="Email" type="email" autoComplete="username" autoFocus />
            <FormTextField
              name="password"
              label="Password"
              type={showPassword ? 'text' : 'password'}
              autoComplete="current-password"
              slotProps={{
                input: {
                  endAdornment: (
                    <InputAdornment position="end">
                      <IconButton
                        aria-label={showPassword ? 'Hide password' : 'Show password'}
                        onClick={() => setShowPassword((shown) => !shown)}
                        edge="end"
                      >
                        {showPassword ? <VisibilityOff /> : <Visibility />}
                      </IconButton>
                    </InputAdornment>
                  ),
                },
              }}
            />
            <Button type="submit" variant="contained" size="large" disabled={isSubmitting} fullWidth>
              {isSubmitting ? 'Logging in...' : 'Access Admin Portal'}
            </Button>
          </Stack>
        </FormShell>
      )}
    </Formik>
  );
}
