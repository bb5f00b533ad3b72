import DeleteSweepOutlinedIcon from '@mui/icons-material/DeleteSweepOutlined';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { QueryClient } from '@tanstack/react-query';
import { REMOVE_SAMPLE_DATA_CONFIRM, type SampleDataRemoval } from '@app/shared-types/sample-data';
import { useState } from 'react';
import { ConfirmActionDialog } from '../../../components/confirm-action-dialog';
import { serverMessage } from '../../../lib/api-errors';
import { useToast } from '../../../lib/toast';
import { useRemoveSampleData } from '../api/sample-data';

/** What the toast says of a removal. */
function removalSummary({ removed, kept }: SampleDataRemoval): string {
  const parts = [removed.length === 0 ? 'No sample data was left to remove.' : `Removed ${removed.map((item) => item.name).join(', ')}.`];
  for (const item of kept) parts.push(item.reason);
  return parts.join(' ');
}

/** Settings > System: 'Remove sample data', after a confirmation (issue 25); `refresh`: the queries of the sample items (employees). */
export function SampleDataCard({ refresh }: { refresh: (queryClient: QueryClient) => Promise<unknown> }) {
  const [asking, setAsking] = useState(false);
  const remove = useRemoveSampleData(refresh);
  const { toast } = useToast();

  const confirm = async () => {
    try {
      const result = await remove.mutateAsync();
      toast({ title: 'Sample data removed', description: removalSummary(result) });
      setAsking(false);
    } catch (error) {
      toast({ variant: 'destructive', title: 'Error removing sample data', description: serverMessage(error) });
    }
  };

  return (
    <Card variant="outlined">
      <CardContent sx={{ '&:last-child': { pb: 2 } }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
          <div>
            <Typography variant="h6" component="h2">
              Sample Data
            </Typography>
            <Typography variant="body2" color="text.secondary">
              The first start made sample salespeople to try the portal with. Remove them once your own team is in.
            </Typography>
          </div>
          <Button
            variant="outlined"
            color="error"
            startIcon={<DeleteSweepOutlinedIcon />}
            onClick={() => setAsking(true)}
            sx={{ flexShrink: 0, alignSelf: { xs: 'flex-start', sm: 'auto' } }}
          >
            Remove sample data
          </Button>
        </Stack>
      </CardContent>
      <ConfirmActionDialog
        open={asking}
        title={REMOVE_SAMPLE_DATA_CONFIRM}
        message="Every item marked as sample data (the sample salespeople) will be deleted, each with an audit entry. Your own records stay as they are."
        confirmLabel={remove.isPending ? 'Removing...' : 'Remove sample data'}
        pending={remove.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={() => void confirm()}
      />
    </Card>
  );
}
