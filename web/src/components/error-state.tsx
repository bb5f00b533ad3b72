import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';

/** A failed load, with a retry when the caller can offer one. */
export function ErrorState({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <Alert
      severity="error"
      sx={{ my: 4, alignItems: 'center' }}
      action={
        onRetry && (
          <Button color="inherit" size="small" onClick={onRetry}>
            Try again
          </Button>
        )
      }
    >
      {message}
    </Alert>
  );
}
