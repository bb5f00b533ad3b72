import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import {
  changePasswordFormSchema,
  passwordResetFormSchema,
  passwordResetRequestSchema,
  PASSWORD_MESSAGES,
} from '@app/shared-types/auth';
import { Formik, type FormikHelpers } from 'formik';
import { useMemo, useState } from 'react';
import { FormShell, FormTextField, serverErrorsStatus } from '../../../components/form-fields';
import { ApiError } from '../../../lib/api-client';
import { serverFieldErrors } from '../../../lib/form-errors';
import { useToast } from '../../../lib/toast';
import { useChangePassword, useRequestPasswordReset, useResetPassword } from '../api/password';

/** The server's words for a refusal without field messages (a lockout, an invalid link), else `fallback`. */
function failureOf(error: unknown, fallback: string): string | null {
  if (serverFieldErrors(error)) return null;
  return error instanceof ApiError ? error.body?.error || fallback : fallback;
}

/** Shows the server's field messages under their fields, and returns its other refusal for the alert. */
function refusal<T>(error: unknown, { setStatus }: FormikHelpers<T>, fallback: string): string | null {
  const fields = serverFieldErrors(error);
  if (fields) setStatus(serverErrorsStatus(fields));
  return failureOf(error, fallback);
}

function FailureAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert severity="error" role="alert">
      {message}
    </Alert>
  );
}

/** The new password twice, with the rule under the first. */
function NewPasswordFields({ passwordMinLength }: { passwordMinLength: number }) {
  return (
    <>
      <FormTextField name="newPassword" label="New password" type="password" autoComplete="new-password" helperText={`At least ${passwordMinLength} characters`} />
      <FormTextField name="confirmPassword" label="Confirm new password" type="password" autoComplete="new-password" />
    </>
  );
}

const CHANGE_INITIAL = { currentPassword: '', newPassword: '', confirmPassword: '' };

/**
 * 'Change password' (the account menu): the current password, the new one twice. On success the
 * server ends the person's other sessions and keeps this one; a toast says so and the form empties.
 */
export function ChangePasswordForm({ passwordMinLength }: { passwordMinLength: number }) {
  const { toast } = useToast();
  const change = useChangePassword();
  const [failure, setFailure] = useState<string | null>(null);
  const schema = useMemo(() => changePasswordFormSchema(passwordMinLength), [passwordMinLength]);
  return (
    <Formik
      initialValues={CHANGE_INITIAL}
      validationSchema={schema}
      onSubmit={async ({ currentPassword, newPassword }, helpers) => {
        setFailure(null);
        helpers.setStatus(undefined);
        try {
          await change.mutateAsync({ currentPassword, newPassword });
          toast({ title: PASSWORD_MESSAGES.changed, description: 'Your other sessions have been signed out.' });
          helpers.resetForm();
        } catch (error) {
          setFailure(refusal(error, helpers, 'Could not change your password'));
        }
      }}
    >
      {({ isSubmitting }) => (
        <FormShell>
          <Stack spacing={2.5}>
            <FailureAlert message={failure} />
            <FormTextField name="currentPassword" label="Current password" type="password" autoComplete="current-password" autoFocus />
            <NewPasswordFields passwordMinLength={passwordMinLength} />
            <Button type="submit" variant="contained" size="large" disabled={isSubmitting} sx={{ alignSelf: { sm: 'flex-start' } }}>
              {isSubmitting ? 'Changing...' : 'Change password'}
            </Button>
          </Stack>
        </FormShell>
      )}
    </Formik>
  );
}

/** 'Forgot password?': the email; the answer is the same whoever it belongs to. */
export function ForgotPasswordForm({ onSent }: { onSent: (message: string) => void }) {
  const request = useRequestPasswordReset();
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <Formik
      initialValues={{ email: '' }}
      validationSchema={passwordResetRequestSchema}
      validateOnBlur={false}
      onSubmit={async (values, helpers) => {
        setFailure(null);
        helpers.setStatus(undefined);
        try {
          const { message } = await request.mutateAsync(passwordResetRequestSchema.cast(values).email);
          onSent(message);
        } catch (error) {
          setFailure(refusal(error, helpers, 'Could not send the link'));
        }
      }}
    >
      {({ isSubmitting }) => (
        <FormShell>
          <Stack spacing={2}>
            <FailureAlert message={failure} />
            <FormTextField name="email" label="Email" type="email" autoComplete="username" autoFocus />
            <Button type="submit" variant="contained" size="large" disabled={isSubmitting} fullWidth>
              {isSubmitting ? 'Sending...' : 'Send reset link'}
            </Button>
          </Stack>
        </FormShell>
      )}
    </Formik>
  );
}

/** The reset screen of an emailed link: the new password twice; a link that no longer works shows the server's words. */
export function ResetPasswordForm({ token, passwordMinLength, onDone }: { token: string; passwordMinLength: number; onDone: (message: string) => void }) {
  const reset = useResetPassword();
  const [failure, setFailure] = useState<string | null>(null);
  const schema = useMemo(() => passwordResetFormSchema(passwordMinLength), [passwordMinLength]);
  return (
    <Formik
      initialValues={{ newPassword: '', confirmPassword: '' }}
      validationSchema={schema}
      onSubmit={async ({ newPassword }, helpers) => {
        setFailure(null);
        helpers.setStatus(undefined);
        try {
          const { message } = await reset.mutateAsync({ token, newPassword });
          onDone(message);
        } catch (error) {
          setFailure(refusal(error, helpers, 'Could not set the new password'));
        }
      }}
    >
      {({ isSubmitting }) => (
        <FormShell>
          <Stack spacing={2}>
            <FailureAlert message={failure} />
            <NewPasswordFields passwordMinLength={passwordMinLength} />
            <Button type="submit" variant="contained" size="large" disabled={isSubmitting} fullWidth>
              {isSubmitting ? 'Saving...' : 'Set new password'}
            </Button>
          </Stack>
        </FormShell>
      )}
    </Formik>
  );
}
