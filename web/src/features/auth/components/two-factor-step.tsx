import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PublicUser } from '@app/shared-types/auth';
import type { LoginChallengeAnswer, LoginVerifyInput, VerifiedLogin } from '@app/shared-types/two-factor';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { useToast } from '../../../lib/toast';
import { CodeForm } from './code-form';
import { EnrolmentDetails } from './enrolment-details';
import { RecoveryCodesPanel } from './recovery-codes-panel';

/**
 * The sign-in's second step: a code from the app (or a recovery code), or,
 * while Settings require two-factor sign-in of an account without it, the
 * set-up (QR code, key, first code) and then the recovery codes, which must
 * be saved before the portal opens. An expired challenge goes back to the password.
 */
export function TwoFactorStep({
  challenge,
  verify,
  onSignedIn,
  onRestart,
}: {
  challenge: LoginChallengeAnswer;
  verify: (input: LoginVerifyInput) => Promise<VerifiedLogin>;
  onSignedIn: (user: PublicUser) => void;
  onRestart: () => void;
}) {
  const { toast } = useToast();
  const [saved, setSaved] = useState<VerifiedLogin | null>(null);

  const submit = async (input: LoginVerifyInput) => {
    try {
      const verified = await verify(input);
      if (verified.recoveryCodes?.length) setSaved(verified);
      else onSignedIn(verified.user);
    } catch (error) {
      // The five minutes passed, or the account changed: start again from the password.
      if (error instanceof ApiError && error.status === 401 && error.body?.error?.startsWith('Your sign-in has expired')) {
        toast({ variant: 'destructive', title: 'Sign-in expired', description: error.body.error });
        onRestart();
      }
      throw error;
    }
  };

  if (saved?.recoveryCodes) {
    return (
      <Stack spacing={2}>
        <Typography variant="h6" component="h2">
          Two-factor sign-in is on
        </Typography>
        <RecoveryCodesPanel codes={saved.recoveryCodes} account={saved.user.email} onDone={() => onSignedIn(saved.user)} doneLabel="I have saved them" />
      </Stack>
    );
  }

  if (challenge.twoFactor === 'enrol') {
    return (
      <Stack spacing={2}>
        <Typography variant="h6" component="h2">
          Set up two-factor sign-in
        </Typography>
        <Alert severity="info">Your firm requires two-factor sign-in. Set it up once to continue.</Alert>
        <EnrolmentDetails enrolment={challenge} />
        <CodeForm onSubmit={submit} submitLabel="Verify and continue" pendingLabel="Verifying..." onCancel={onRestart} cancelLabel="Back to sign in" />
      </Stack>
    );
  }

  return (
    <Stack spacing={2}>
      <Typography variant="h6" component="h2">
        Two-factor sign-in
      </Typography>
      <Typography color="text.secondary">Enter the code from your authenticator app.</Typography>
      <CodeForm onSubmit={submit} submitLabel="Verify" pendingLabel="Verifying..." allowRecovery onCancel={onRestart} cancelLabel="Back to sign in" />
    </Stack>
  );
}
