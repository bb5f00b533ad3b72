import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

interface UploadStatusProps {
  /** The upload's current step (usePhotoUpload), or null when none runs. */
  step: string | null;
  /** Why the last upload failed, or null. */
  error: string | null;
  /** The progress bar's accessible name, e.g. 'Uploading the logo'. */
  label: string;
  /** What the field takes, said while nothing runs and nothing failed. */
  hint?: ReactNode;
}

/** Under a file field (ChooseFileButton + usePhotoUpload): the step with a progress bar, else the error, else the hint. */
export function UploadStatus({ step, error, label, hint }: UploadStatusProps) {
  if (step) {
    return (
      <>
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5 }}>
          {step}
        </Typography>
        <LinearProgress aria-label={label} sx={{ mt: 0.5, height: 6, borderRadius: 3 }} />
      </>
    );
  }
  if (error) {
    return (
      <Typography variant="body2" color="error" role="alert" sx={{ mt: 0.5 }}>
        {error}
      </Typography>
    );
  }
  if (!hint) return null;
  return (
    <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5 }}>
      {hint}
    </Typography>
  );
}
