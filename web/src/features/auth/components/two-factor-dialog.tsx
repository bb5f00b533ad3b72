import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { twoFactorProofSchema, type TwoFactorEnrolment, type TwoFactorProofInput } from '@app/shared-types/two-factor';
import { Formik } from 'formik';
import { useId, useState } from 'react';
import { ErrorState } from '../../../components/error-state';
import { FormDialog } from '../../../components/form-dialog';
import { FormShell, FormTextField, serverErrorsStatus } from '../../../components/form-fields';
import { LoadingState } from '../../../components/loading-state';
import { serverFieldErrors } from '../../../lib/form-errors';
import { useToast } from '../../../lib/toast';
import { useConfirmTwoFactor, useDisableTwoFactor, useNewRecoveryCodes, useStartTwoFactor, useTwoFactorStatus } from '../api/two-factor';
import { CodeForm, failureMessage } from './code-form';
import { EnrolmentDetails } from './enrolment-details';
import { RecoveryCodesPanel } from './recovery-codes-panel';

type View = { kind: 'status' } | { kind: 'enrol'; enrolment: TwoFactorEnrolment } | { kind: 'codes'; codes: string[] } | { kind: 'proof'; action: 'disable' | 'codes' };

/**
 * 'Two-factor sign-in' from the portal's header: turn it on (QR code, key,
 * one code, then the ten recovery codes shown once), get new recovery codes,
 * or turn it off (a current code or the password; not while Settings require it).
 */
export function TwoFactorDialog({ open, onClose, account }: { open: boolean; onClose: () => void; account: string }) {
  const titleId = useId();
  const [view, setView] = useState<View>({ kind: 'status' });
  const close = () => {
    setView({ kind: 'status' });
    onClose();
  };
  return (
    <FormDialog open={open} onClose={close} titleId={titleId} maxWidth="sm">
      <DialogTitle id={titleId}>Two-factor sign-in</DialogTitle>
      {open && <DialogBody view={view} setView={setView} account={account} close={close} />}
    </FormDialog>
  );
}

function DialogBody({ view, setView, account, close }: { view: View; setView: (view: View) => void; account: string; close: () => void }) {
  const { toast } = useToast();
  const status = useTwoFactorStatus();
  const start = useStartTwoFactor();
  const confirm = useConfirmTwoFactor();

  if (view.kind === 'enrol') {
    return (
      <DialogContent>
        <Stack spacing={2}>
          <EnrolmentDetails enrolment={view.enrolment} />
          <CodeForm
            submitLabel="Turn on"
            pendingLabel="Verifying..."
            onCancel={() => setView({ kind: 'status' })}
            cancelLabel="Cancel"
            onSubmit={async ({ code }) => {
              const { recoveryCodes } = await confirm.mutateAsync({ code: code ?? '' });
              toast({ title: 'Two-factor sign-in is on' });
              setView({ kind: 'codes', codes: recoveryCodes });
            }}
          />
        </Stack>
      </DialogContent>
    );
  }
  if (view.kind === 'codes') {
    return (
      <DialogContent>
        <RecoveryCodesPanel codes={view.codes} account={account} onDone={close} />
      </DialogContent>
    );
  }
  if (view.kind === 'proof') {
    return <ProofForm action={view.action} onCancel={() => setView({ kind: 'status' })} onDone={(codes) => (codes ? setView({ kind: 'codes', codes }) : setView({ kind: 'status' }))} />;
  }

  if (status.isPending) return <DialogContent><LoadingState label="Loading two-factor sign-in" /></DialogContent>;
  if (status.isError) return <DialogContent><ErrorState message="Could not load your two-factor sign-in." onRetry={() => void status.refetch()} /></DialogContent>;
  const { enabled, recoveryCodesLeft, required } = status.data;
  return (
    <>
      <DialogContent>
        <Stack spacing={2}>
          {enabled ? (
            <>
              <Alert severity="success">Two-factor sign-in is on. Signing in asks for a code from your authenticator app.</Alert>
              <Typography>
                {recoveryCodesLeft} of 10 recovery codes left.{recoveryCodesLeft <= 3 ? ' Get new ones before you run out.' : ''}
              </Typography>
              {required && <Typography color="text.secondary">Your firm requires two-factor sign-in, so it cannot be turned off.</Typography>}
            </>
          ) : (
            <>
              <Typography>
                Two-factor sign-in is off. Turn it on to be asked for a code from an authenticator app on your phone each time you sign in, as well as your password.
              </Typography>
              {required && <Alert severity="info">Your firm requires two-factor sign-in: you will be asked to set it up at your next sign-in if you do not now.</Alert>}
              {start.isError && <Alert severity="error">{failureMessage(start.error, 'Could not start the set-up')}</Alert>}
            </>
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={close}>Close</Button>
        {enabled ? (
          <>
            <Button variant="outlined" onClick={() => setView({ kind: 'proof', action: 'codes' })}>
              New recovery codes
            </Button>
            {!required && (
              <Button variant="outlined" color="error" onClick={() => setView({ kind: 'proof', action: 'disable' })}>
                Turn off
              </Button>
            )}
          </>
        ) : (
          <Button
            variant="contained"
            disabled={start.isPending}
            onClick={() => start.mutate(undefined, { onSuccess: (enrolment) => setView({ kind: 'enrol', enrolment }) })}
          >
            {start.isPending ? 'Starting...' : 'Turn on'}
          </Button>
        )}
      </DialogActions>
    </>
  );
}

/** A current code or the password, before turning it off or replacing the recovery codes. */
function ProofForm({ action, onCancel, onDone }: { action: 'disable' | 'codes'; onCancel: () => void; onDone: (codes?: string[]) => void }) {
  const { toast } = useToast();
  const disable = useDisableTwoFactor();
  const newCodes = useNewRecoveryCodes();
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <Formik
      initialValues={{ code: '', password: '' }}
      validationSchema={twoFactorProofSchema}
      onSubmit={async (values, { setStatus }) => {
        setFailure(null);
        const input: TwoFactorProofInput = values.code ? { code: values.code } : { password: values.password };
        try {
          if (action === 'disable') {
            await disable.mutateAsync(input);
            toast({ title: 'Two-factor sign-in is off' });
            onDone();
          } else {
            const { recoveryCodes } = await newCodes.mutateAsync(input);
            onDone(recoveryCodes);
          }
        } catch (error) {
          setFailure(failureMessage(error, 'That did not work'));
          const fields = serverFieldErrors(error);
          if (fields) setStatus(serverErrorsStatus(fields));
        }
      }}
    >
      {({ isSubmitting }) => (
        <FormShell>
          <DialogContent>
            <Stack spacing={2}>
              <Typography>
                {action === 'disable' ? 'To turn two-factor sign-in off' : 'To replace your recovery codes (the old ones stop working)'}, enter a code from your authenticator app or your password.
              </Typography>
              {failure && (
                <Alert severity="error" role="alert">
                  {failure}
                </Alert>
              )}
              <FormTextField name="code" label="Authentication code" autoComplete="one-time-code" slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 7 } }} />
              <FormTextField name="password" label="Or your password" type="password" autoComplete="current-password" />
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={onCancel} disabled={isSubmitting}>
              Cancel
            </Button>
            <Button type="submit" variant="contained" color={action === 'disable' ? 'error' : 'primary'} disabled={isSubmitting}>
              {action === 'disable' ? 'Turn off' : 'Get new codes'}
            </Button>
          </DialogActions>
        </FormShell>
      )}
    </Formik>
  );
}
