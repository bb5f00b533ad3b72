import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DownloadIcon from '@mui/icons-material/Download';
import { useToast } from '../../../lib/toast';

/** The text file 'Download' saves: one code a line, with a word on what they are. */
export function recoveryCodesText(codes: readonly string[], account: string): string {
  return [
    `Recovery codes for ${account}`,
    'Each code signs you in once when your authenticator app is not at hand. Keep them somewhere safe.',
    '',
    ...codes,
    '',
  ].join('\n');
}

/**
 * The ten recovery codes, shown once (after a set-up or new codes): copy them,
 * download them as a .txt file, then 'I have saved them'.
 */
export function RecoveryCodesPanel({ codes, account, onDone, doneLabel = 'I have saved them' }: { codes: readonly string[]; account: string; onDone: () => void; doneLabel?: string }) {
  const { toast } = useToast();
  const text = recoveryCodesText(codes, account);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      toast({ title: 'Recovery codes copied' });
    } catch {
      toast({ variant: 'destructive', title: 'Could not copy', description: 'Select the codes and copy them, or download them.' });
    }
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'recovery-codes.txt';
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1_000);
  };
  return (
    <Stack spacing={2}>
      <Alert severity="warning">
        Save these recovery codes now: they are shown only once. Each one signs you in once if you lose your authenticator app.
      </Alert>
      <Box
        component="ol"
        aria-label="Recovery codes"
        sx={{
          m: 0,
          p: 2,
          listStyle: 'none',
          display: 'grid',
          gridTemplateColumns: { xs: '1fr 1fr', sm: '1fr 1fr' },
          gap: 1,
          fontFamily: 'monospace',
          fontSize: '1rem',
          bgcolor: 'action.hover',
          borderRadius: 1,
          textAlign: 'center',
        }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <Button variant="outlined" startIcon={<ContentCopyIcon />} onClick={() => void copy()}>
          Copy
        </Button>
        <Button variant="outlined" startIcon={<DownloadIcon />} onClick={download}>
          Download .txt
        </Button>
      </Stack>
      <Button variant="contained" size="large" onClick={onDone}>
        {doneLabel}
      </Button>
    </Stack>
  );
}
