import DeleteSweepOutlinedIcon from '@mui/icons-material/DeleteSweepOutlined';
import Button from '@mui/material/Button';
import type { QueryClient } from '@tanstack/react-query';
import { REMOVE_SAMPLE_DATA_CONFIRM, type SampleDataRemoval } from '@app/shared-types/sample-data';
import { useState } from 'react';
import { ACTION_CARD_BUTTON_SX, ActionCard } from '../../../components/action-card';
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
    <ActionCard
      title="Sample Data"
      description="The first start made sample salespeople to try the portal with. Remove them once your own team is in."
      action={
        <Button variant="outlined" color="error" startIcon={<DeleteSweepOutlinedIcon />} onClick={() => setAsking(true)} sx={ACTION_CARD_BUTTON_SX}>
          Remove sample data
        </Button>
      }
    >
      <ConfirmActionDialog
        open={asking}
        title={REMOVE_SAMPLE_DATA_CONFIRM}
        message="Every item marked as sample data (the sample salespeople) will be deleted, each with an audit entry. Your own records stay as they are."
        confirmLabel={remove.isPending ? 'Removing...' : 'Remove sample data'}
        pending={remove.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={() => void confirm()}
      />
    </ActionCard>
  );
}
