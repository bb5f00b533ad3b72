import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatPhone } from '@app/shared-types/phone';
import type { SpamSubmission } from '@app/shared-types/leads';
import { useState } from 'react';
import { ErrorState } from '../../../components/error-state';
import { serverMessage } from '../../../lib/api-errors';
import { useToast } from '../../../lib/toast';
import { useSpam } from '../api/get-spam';
import { useMarkNotSpam } from '../api/mark-not-spam';
import { formatDateTime, spamReasonText } from '../model';

const FORM_LABELS = { estimate: 'Cost calculator', contact: 'Contact form' } as const;

/**
 * The Spam view: website submissions kept as suspected bots, out of the
 * leads list and its figures. 'Not spam' makes the lead (or adds it to the
 * lead with that phone), audited.
 */
export function SpamList({ onOpenLead }: { onOpenLead: (id: string) => void }) {
  const [cursors, setCursors] = useState<string[]>([]);
  const cursor = cursors.at(-1);
  const list = useSpam(cursor);
  const notSpam = useMarkNotSpam();
  const { toast } = useToast();

  if (list.isError) return <ErrorState message={`Could not load spam. ${serverMessage(list.error)}`} onRetry={() => void list.refetch()} />;
  const items = list.data?.items ?? [];

  const keep = (item: SpamSubmission) =>
    notSpam.mutate(
      { form: item.form, id: item.id },
      {
        onSuccess: ({ leadId, created }) => {
          toast({ title: created ? `${item.name} is now a lead` : `Added to the lead with ${formatPhone(item.phone)}` });
          onOpenLead(leadId);
        },
        onError: (error) => toast({ variant: 'destructive', title: 'Could not mark it not spam', description: serverMessage(error) }),
      },
    );

  return (
    <Stack spacing={1.5} component="section" aria-label="Spam">
      <Typography variant="body2" color="text.secondary">
        Website submissions that looked automated (sent faster than a person fills the form, or with the hidden field filled). They are not
        leads and not counted until you mark them not spam.
      </Typography>
      {items.length === 0 ? (
        <Typography role="status" color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
          {list.isPending ? 'Loading...' : 'No spam'}
        </Typography>
      ) : (
        <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {items.map((item) => (
            <Card component="li" key={item.id} variant="outlined" aria-label={item.name}>
              <CardContent sx={{ pb: 1 }}>
                <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{item.name}</Typography>
                <Typography variant="body2">
                  {formatPhone(item.phone)}
                  {item.email ? ` · ${item.email}` : ''}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {FORM_LABELS[item.form]} · {formatDateTime(item.createdAt)} · {spamReasonText(item.reason, item.elapsedMs)}
                </Typography>
                <Typography variant="body2" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
                  {item.summary}
                </Typography>
              </CardContent>
              <CardActions sx={{ pt: 0 }}>
                <Button size="small" variant="outlined" onClick={() => keep(item)} disabled={notSpam.isPending} aria-label={`Not spam: ${item.name}`}>
                  Not spam
                </Button>
              </CardActions>
            </Card>
          ))}
        </Stack>
      )}
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button disabled={cursors.length === 0} onClick={() => setCursors((current) => current.slice(0, -1))}>
          Newer
        </Button>
        <Button disabled={!list.data?.nextCursor} onClick={() => setCursors((current) => [...current, list.data?.nextCursor ?? ''])}>
          Older
        </Button>
      </Stack>
    </Stack>
  );
}
