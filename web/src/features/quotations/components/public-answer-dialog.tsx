import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { clientAnswerFieldsSchema, type ClientAnswerFields } from '@app/shared-types/quotations';
import { useState, type FormEvent } from 'react';
import { ValidationError } from 'yup';
import { DirtyReport, useDialogDiscardGuard } from '../../../components/discard-guard';

interface PublicAnswerDialogProps {
  open: boolean;
  title: string;
  intro: string;
  submitLabel: string;
  /** The comment's label ('Comment (optional)', 'What should we change?'). */
  commentLabel: string;
  /** Rejects with a message to show in the dialog. */
  onSubmit: (input: ClientAnswerFields) => Promise<void>;
  onClose: () => void;
}

/** The client's answer: their name (required) and an optional comment. Light on purpose: the public page loads no portal code. */
export function PublicAnswerDialog({ open, title, intro, submitLabel, commentLabel, onSubmit, onClose }: PublicAnswerDialogProps) {
  const [name, setName] = useState('');
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  // A typed name or comment is not dropped by a click outside or Escape without 'Discard changes?'.
  const guard = useDialogDiscardGuard(onClose);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    let input: ClientAnswerFields;
    try {
      input = clientAnswerFieldsSchema.validateSync({ name, comment }, { abortEarly: false });
    } catch (error) {
      if (error instanceof ValidationError) {
        setErrors(Object.fromEntries(error.inner.map((inner) => [inner.path ?? '', inner.message])));
        return;
      }
      throw error;
    }
    setErrors({});
    setPending(true);
    try {
      await onSubmit(input);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : 'Something went wrong. Please try again.');
    } finally {
      setPending(false);
    }
  };

  return (
    <Dialog open={open} onClose={pending ? undefined : guard.close} aria-labelledby="quote-answer-title" fullWidth maxWidth="sm" slotProps={{ transition: { onExited: guard.exited } }}>
      {guard.provide(<DirtyReport dirty={!pending && (name.trim() !== '' || comment.trim() !== '')} />)}
      <form noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id="quote-answer-title">{title}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{intro}</DialogContentText>
          <Stack spacing={2}>
            <TextField
              label="Your name"
              required
              fullWidth
              autoFocus
              value={name}
              onChange={(event) => setName(event.target.value)}
              error={Boolean(errors.name)}
              helperText={errors.name}
              autoComplete="name"
            />
            <TextField
              label={commentLabel}
              fullWidth
              multiline
              minRows={3}
              value={comment}
              onChange={(event) => setComment(event.target.value)}
              error={Boolean(errors.comment)}
              helperText={errors.comment}
            />
            {failure && <Alert severity="error">{failure}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={pending}>
            {pending ? 'Sending...' : submitLabel}
          </Button>
        </DialogActions>
      </form>
      {guard.question}
    </Dialog>
  );
}
