import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TwoFactorEnrolment } from '@app/shared-types/two-factor';
import { QrCode } from '../../../components/qr-code';

/** The secret grouped in fours, as people type it into an app. */
export const groupedSecret = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

/** What to scan (the QR code of the otpauth URI) and, for apps that cannot scan, the secret to type. */
export function EnrolmentDetails({ enrolment }: { enrolment: TwoFactorEnrolment }) {
  return (
    <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }}>
      <Typography color="text.secondary">
        Scan this QR code with an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password, ...), then enter the 6-digit code it shows.
      </Typography>
      <QrCode text={enrolment.otpauthUri} label="QR code for your authenticator app" />
      <Box>
        <Typography variant="body2" color="text.secondary">
          Cannot scan? Enter this key instead:
        </Typography>
        <Typography data-testid="two-factor-secret" data-secret={enrolment.secret} sx={{ fontFamily: 'monospace', fontSize: '0.95rem', overflowWrap: 'normal', wordBreak: 'keep-all', userSelect: 'all' }}>
          {groupedSecret(enrolment.secret)}
        </Typography>
      </Box>
    </Stack>
  );
}
