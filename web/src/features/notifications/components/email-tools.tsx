import ReplayIcon from '@mui/icons-material/Replay';
import SendIcon from '@mui/icons-material/Send';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { NOTIFICATION_MESSAGES, type OutboxEntry } from '@app/shared-types/notifications';
import { formatDateTime } from '@app/shared-types/format';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { PagedList, usePagedItems } from '../../../components/paged-list';
import { serverMessage } from '../../../lib/api-errors';
import { useToast } from '../../../lib/toast';
import { OUTBOX_KEY, retryOutboxEmail, sendTestEmail, useOutbox } from '../api/notifications';

/** Settings > Email, below the form: 'Send test email' and the emails that are waiting or failed. */
export function EmailTools() {
  return (
    <Stack spacing={3}>
      <TestEmailCard />
      <OutboxPanel />
    </Stack>
  );
}

/** Sends one email now with the saved settings (not the form's unsaved ones). */
export function TestEmailCard() {
  const { toast } = useToast();
  const [to, setTo] = useState('');
  const send = useMutation({
    mutationFn: () => sendTestEmail(to),
    onSuccess: (answer) => toast({ title: NOTIFICATION_MESSAGES.testSent, description: `Sent to ${answer.to}` }),
    onError: (error) => toast({ variant: 'destructive', title: NOTIFICATION_MESSAGES.testFailed, description: serverMessage(error) }),
  });
  return (
    <Card variant="outlined">
      <CardContent sx={{ '&:last-child': { pb: 2 } }}>
        <Typography variant="h6" component="h2">
          Send test email
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Sends one email now with the saved SMTP settings. Save changes first. Leave the address blank to send to the company email.
        </Typography>
        <Stack
          component="form"
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ alignItems: { sm: 'flex-start' } }}
          onSubmit={(event) => {
            event.preventDefault();
            send.mutate();
          }}
        >
          <TextField label="Recipient (optional)" type="email" size="small" value={to} onChange={(event) => setTo(event.target.value)} sx={{ minWidth: { sm: 320 } }} />
          <Button type="submit" variant="contained" startIcon={<SendIcon />} disabled={send.isPending} sx={{ flexShrink: 0, alignSelf: { xs: 'flex-start', sm: 'auto' } }}>
            {send.isPending ? 'Sending...' : 'Send test email'}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}

const OUTBOX_PAGE = 10;
type Shown = 'failed' | 'pending';

/** The emails the sender could not send yet (pending, with their next attempt) or gave up on (failed), with the error and Retry. */
export function OutboxPanel() {
  const [status, setStatus] = useState<Shown>('failed');
  const list = useOutbox(status, OUTBOX_PAGE);
  const items = usePagedItems(list);
  return (
    <Card variant="outlined">
      <CardContent sx={{ '&:last-child': { pb: 2 } }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 2 }}>
          <div>
            <Typography variant="h6" component="h2">
              Email outbox
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Notification emails not sent yet, and why. Background tasks (a draft quotation, an integration's lead) are listed too, as tasks.
            </Typography>
          </div>
          <ToggleButtonGroup size="small" exclusive value={status} onChange={(_event, value: Shown | null) => value && setStatus(value)} aria-label="Which emails">
            <ToggleButton value="failed">Failed</ToggleButton>
            <ToggleButton value="pending">Waiting</ToggleButton>
          </ToggleButtonGroup>
        </Stack>
        <PagedList list={list} items={items} noun="emails" emptyMessage={status === 'failed' ? 'No failed emails.' : 'No emails waiting.'}>
          <Stack spacing={1.5}>
            {items.map((entry) => (
              <OutboxRow key={entry.id} entry={entry} />
            ))}
          </Stack>
        </PagedList>
      </CardContent>
    </Card>
  );
}

function OutboxRow({ entry }: { entry: OutboxEntry }) {
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const retry = useMutation({
    mutationFn: () => retryOutboxEmail(entry.id),
    onSuccess: () => toast({ title: NOTIFICATION_MESSAGES.retryQueued }),
    onError: (error) => toast({ variant: 'destructive', title: 'Could not retry the email', description: serverMessage(error) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [OUTBOX_KEY] }),
  });
  return (
    <Card variant="outlined" component="article" aria-label={entry.subject || entry.kind}>
      <CardContent sx={{ '&:last-child': { pb: 1.5 }, py: 1.5 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'space-between' }}>
          <Stack spacing={0.5} sx={{ minWidth: 0 }}>
            <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{entry.subject || entry.kind}</Typography>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {entry.task ? 'Background task: no email' : `To: ${entry.recipients.length > 0 ? entry.recipients.join(', ') : '—'}`}
            </Typography>
            <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', alignItems: 'center', rowGap: 0.5 }}>
              {entry.task && <Chip size="small" variant="outlined" label="Task" />}
              <Chip size="small" label={entry.status === 'failed' ? 'Failed' : 'Waiting'} color={entry.status === 'failed' ? 'error' : 'warning'} />
              <Typography variant="caption" color="text.secondary">
                {entry.attempts} {entry.attempts === 1 ? 'attempt' : 'attempts'}
                {entry.status === 'pending' ? ` · next ${formatDateTime(entry.nextAttemptAt)}` : ` · last ${formatDateTime(entry.updatedAt)}`}
              </Typography>
            </Stack>
            {entry.lastError && (
              <Typography variant="body2" color="error" sx={{ overflowWrap: 'anywhere' }}>
                {entry.lastError}
              </Typography>
            )}
          </Stack>
          <Button
            variant="outlined"
            size="small"
            startIcon={<ReplayIcon />}
            onClick={() => retry.mutate()}
            disabled={retry.isPending}
            sx={{ flexShrink: 0, alignSelf: { xs: 'flex-start', sm: 'center' } }}
          >
            Retry
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
