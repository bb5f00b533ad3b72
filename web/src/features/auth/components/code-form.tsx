import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { loginVerifySchema, recoveryCodeField, totpCodeField } from '@app/shared-types/two-factor';
import { Formik } from 'formik';
import { useState } from 'react';
import * as yup from 'yup';
import { FormShell, FormTextField, serverErrorsStatus } from '../../../components/form-fields';
import { ApiError } from '../../../lib/api-client';
import { serverFieldErrors } from '../../../lib/form-errors';

const codeSchema = yup.object({ code: totpCodeField().required('Enter the 6-digit code from your authenticator app') });
const recoverySchema = yup.object({ recoveryCode: recoveryCodeField().required('Enter one of your recovery codes') });

export interface CodeInput {
  code?: string;
  recoveryCode?: string;
}

/** The server's words for a failed check, else a plain one. */
export function failureMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.body?.error || fallback;
  return error instanceof Error && error.message ? error.message : fallback;
}

/**
 * One code from the authenticator app (autocomplete one-time-code, so phones
 * offer it), or, with `allowRecovery`, 'Use a recovery code' instead. The
 * failure shows above the field; `onSubmit` rejects with the API's error.
 */
export function CodeForm({
  onSubmit,
  submitLabel,
  pendingLabel,
  allowRecovery = false,
  onCancel,
  cancelLabel = 'Back',
}: {
  onSubmit: (input: CodeInput) => Promise<unknown>;
  submitLabel: string;
  pendingLabel: string;
  allowRecovery?: boolean;
  onCancel?: () => void;
  cancelLabel?: string;
}) {
  const [useRecovery, setUseRecovery] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const recovery = allowRecovery && useRecovery;
  return (
    <Formik
      key={recovery ? 'recovery' : 'code'}
      initialValues={recovery ? { recoveryCode: '' } : { code: '' }}
      validationSchema={recovery ? recoverySchema : codeSchema}
      onSubmit={async (values, { setStatus }) => {
        setFailure(null);
        setStatus(undefined);
        try {
          await onSubmit(loginVerifySchema.cast(values, { stripUnknown: true }) as CodeInput);
        } catch (error) {
          setFailure(failureMessage(error, 'Verification failed'));
          const fields = serverFieldErrors(error);
          if (fields) setStatus(serverErrorsStatus(fields));
        }
      }}
    >
      {({ isSubmitting }) => (
        <FormShell>
          <Stack spacing={2}>
            {failure && (
              <Alert severity="error" role="alert">
                {failure}
              </Alert>
            )}
            {recovery ? (
              <FormTextField name="recoveryCode" label="Recovery code" autoComplete="off" autoFocus helperText="A code like ABCDE-FGHJK from your saved list" />
            ) : (
              <FormTextField
                name="code"
                label="Authentication code"
                autoComplete="one-time-code"
                autoFocus
                slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 7 } }}
                helperText="The 6-digit code from your authenticator app"
              />
            )}
            <Button type="submit" variant="contained" size="large" disabled={isSubmitting} fullWidth>
              {isSubmitting ? pendingLabel : submitLabel}
            </Button>
            {allowRecovery && (
              <Link component="button" type="button" onClick={() => { setFailure(null); setUseRecovery((on) => !on); }} sx={{ alignSelf: 'center' }}>
                {recovery ? 'Use a code from your app' : 'Use a recovery code'}
              </Link>
            )}
            {onCancel && (
              <Button onClick={onCancel} disabled={isSubmitting}>
                {cancelLabel}
              </Button>
            )}
          </Stack>
        </FormShell>
      )}
    </Formik>
  );
}
