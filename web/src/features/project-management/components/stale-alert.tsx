import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';

interface StaleAlertProps {
  /** The server's explanation ('Someone else changed this project. Reload to see their changes.'). */
  message: string;
  /** 'project' or 'customer', for the line on what Reload does. */
  noun: string;
  reloading?: boolean;
  onReload: () => void;
}

/** A save refused because someone else saved first: say so, and offer their version. */
export function StaleAlert({ message, noun, reloading = false, onReload }: StaleAlertProps) {
  return (
    <Alert
      severity="warning"
      sx={{ mb: 2 }}
      action={
        <Button color="inherit" size="small" onClick={onReload} disabled={reloading}>
          Reload
        </Button>
      }
    >
      {message} Reloading replaces your edits with the saved {noun}.
    </Alert>
  );
}
