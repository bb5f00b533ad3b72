import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { serverMessage } from '../../../lib/api-errors';

interface EditorLoadStateProps {
  titleId: string;
  title: string;
  /** 'project', 'customer': what is being loaded. */
  noun: string;
  error: unknown;
  onClose: () => void;
}

/** An edit dialog while its record loads from the server, or why it could not. */
export function EditorLoadState({ titleId, title, noun, error, onClose }: EditorLoadStateProps) {
  return (
    <>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent dividers>
        {error ? (
          <ErrorState message={`Could not load this ${noun}. ${serverMessage(error)}`} />
        ) : (
          <LoadingState label={`Loading ${noun}...`} />
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </>
  );
}
