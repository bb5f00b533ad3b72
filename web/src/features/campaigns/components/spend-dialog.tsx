import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { isMonth, type CampaignRow } from '@app/shared-types/attribution';
import { useState } from 'react';
import { MonthField } from '../../../components/month-field';
import { serverMessage } from '../../../lib/api-errors';
import { useToast } from '../../../lib/toast';
import { useSaveCampaignSpend } from '../api/campaign-report';

/** Sets a campaign's spend for one month (managers and up). */
export function SpendDialog({ row, month: initialMonth, onClose }: { row: CampaignRow; month: string; onClose: () => void }) {
  const [month, setMonth] = useState(initialMonth);
  const [amount, setAmount] = useState('');
  const save = useSaveCampaignSpend();
  const { toast } = useToast();
  const value = Number(amount.replace(/[,₹\s]/g, ''));
  const valid = isMonth(month) && amount.trim() !== '' && Number.isFinite(value) && value >= 0;

  const submit = () =>
    save.mutate(
      { month, source: row.source, campaign: row.campaign, amount: value },
      {
        onSuccess: () => {
          toast({ title: `Spend saved for ${row.campaign}, ${month}` });
          onClose();
        },
        onError: (error) => toast({ variant: 'destructive', title: 'Could not save the spend', description: serverMessage(error) }),
      },
    );

  return (
    <Dialog open onClose={onClose} aria-labelledby="spend-dialog-title" maxWidth="xs" fullWidth>
      <DialogTitle id="spend-dialog-title">
        Spend: {row.source} / {row.campaign}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <MonthField label="Month" value={month} onChange={setMonth} />
          <TextField
            label="Spend (₹)"
            size="small"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            error={amount !== '' && !valid}
            helperText={amount !== '' && !valid ? 'Enter an amount of 0 or more' : 'Replaces the spend entered for that month'}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={submit} disabled={!valid || save.isPending}>
          {save.isPending ? 'Saving...' : 'Save'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
