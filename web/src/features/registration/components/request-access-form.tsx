import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { DEPARTMENTS } from '@app/shared-types/employees';
import { registrationFormSchema, registrationSchema, type RegistrationInput } from '@app/shared-types/two-factor';
import { Formik } from 'formik';
import { useMemo, useState } from 'react';
import { FormSelectField, FormShell, FormTextField, serverErrorsStatus } from '../../../components/form-fields';
import { ApiError } from '../../../lib/api-client';
import { serverFieldErrors } from '../../../lib/form-errors';
import { useRegister } from '../api/register';

const DEPARTMENT_OPTIONS = DEPARTMENTS.map((value) => ({ value, label: value }));
const INITIAL_VALUES = { name: '', email: '', phone: '', department: '', password: '' };

/**
 * 'Request access': name, email, phone, department and a password of at least
 * Settings > passwordMinLength. The answer is the same whether the email was
 * new or taken; the account waits for an admin's approval.
 */
export function RequestAccessForm({ passwordMinLength, onSent }: { passwordMinLength: number; onSent: (message: string) => void }) {
  const register = useRegister();
  const [failure, setFailure] = useState<string | null>(null);
  const schema = useMemo(() => registrationFormSchema(passwordMinLength), [passwordMinLength]);
  return (
    <Formik
      initialValues={INITIAL_VALUES}
      validationSchema={schema}
      onSubmit={async (values, { setStatus }) => {
        setFailure(null);
        setStatus(undefined);
        try {
          const { message } = await register.mutateAsync(registrationSchema.cast(values) as RegistrationInput);
          onSent(message);
        } catch (error) {
          const fields = serverFieldErrors(error);
          if (fields) setStatus(serverErrorsStatus(fields));
          setFailure(error instanceof ApiError ? error.body?.error ?? 'Could not send your request' : 'Could not send your request');
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
            <FormTextField name="name" label="Full name" autoComplete="name" autoFocus />
            <FormTextField name="email" label="Email" type="email" autoComplete="email" />
            <FormTextField name="phone" label="Phone" type="tel" autoComplete="tel" />
            <FormSelectField name="department" label="Department" options={DEPARTMENT_OPTIONS} />
            <FormTextField
              name="password"
              label="Password"
              type="password"
              autoComplete="new-password"
              helperText={`At least ${passwordMinLength} characters`}
            />
            <Button type="submit" variant="contained" size="large" disabled={isSubmitting} fullWidth>
              {isSubmitting ? 'Sending...' : 'Request access'}
            </Button>
          </Stack>
        </FormShell>
      )}
    </Formik>
  );
}
