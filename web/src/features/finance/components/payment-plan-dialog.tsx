import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { DEFAULT_DEMAND_DUE_DAYS, NOT_PENDING_MESSAGE, type ProjectStage, type Transaction } from '@app/shared-types/finance';
import { formatDate, formatMoney } from '@app/shared-types/format';
import { useState } from 'react';
import { DateField } from '../../../components/date-field';
import { ErrorState } from '../../../components/error-state';
import { FormDialog } from '../../../components/form-dialog';
import { LoadingState } from '../../../components/loading-state';
import { serverMessage } from '../../../lib/api-errors';
import { useToast } from '../../../lib/toast';
import { useProjectFinancial } from '../api/get-project-financial';
import { getTransactionQueryOptions } from '../api/get-transaction';
import { useRaiseStageDemand } from '../api/raise-stage-demand';
import { STAGE_STATE_COLORS, STAGE_STATE_LABELS, addDays, profitOrLoss } from '../model';
import { Figure, MarginBadge } from './project-budgets';
import { PlanEditor } from './plan-editor';
import { RecordPaymentDialog } from './record-payment-dialog';

const TITLE_ID = 'payment-plan-title';

interface PaymentPlanDialogProps {
  /** The project whose plan is open; '' when none is. */
  projectId: string;
  today: string;
  onClose: () => void;
}

/** A project's payment plan: each stage's amount, GST, what was received and its state; raise a demand, record its payment, edit the plan. */
export function PaymentPlanDialog({ projectId, today, onClose }: PaymentPlanDialogProps) {
  const detail = useProjectFinancial(projectId);
  const [editing, setEditing] = useState(false);
  const [demanding, setDemanding] = useState<ProjectStage | null>(null);
  const [paying, setPaying] = useState<Transaction | null>(null);
  const project = detail.data;
  const result = project && profitOrLoss(project.profitMargin);

  return (
    <FormDialog open={projectId !== ''} onClose={onClose} titleId={TITLE_ID}>
      <DialogTitle id={TITLE_ID}>{project ? `Payment plan: ${project.projectName}` : 'Payment plan'}</DialogTitle>
      <DialogContent dividers>
        {detail.isPending ? (
          <LoadingState label="Loading payment plan..." />
        ) : detail.isError ? (
          <ErrorState message={`Could not load this project's figures. ${serverMessage(detail.error)}`} onRetry={() => void detail.refetch()} />
        ) : (
          <Stack spacing={2}>
            <Box sx={{ display: 'grid', rowGap: 1, columnGap: 4, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
              <Figure label="Budget" value={formatMoney(project!.budget)} />
              <Figure label="Income" value={formatMoney(project!.totalIncome)} color="success.main" />
              <Figure label="Expenses" value={formatMoney(project!.totalExpenses)} color="error.main" />
              <Figure label={result!.label} value={result!.value} />
            </Box>
            <Box>
              <MarginBadge project={project!} />
            </Box>
            <Stack component="section" aria-label="Payment stages" spacing={1.25}>
              {project!.stages.map((stage) => (
                <StageRow key={stage.name} projectId={projectId} stage={stage} onDemand={setDemanding} onPay={setPaying} />
              ))}
            </Stack>
          </Stack>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        {project && <Button onClick={() => setEditing(true)}>Edit plan</Button>}
        <Button variant="contained" onClick={onClose}>
          Close
        </Button>
      </DialogActions>
      {project && editing && <PlanEditor project={project} onClose={() => setEditing(false)} />}
      {project && (
        <RaiseDemandDialog projectId={projectId} stage={demanding} defaultDue={addDays(today, DEFAULT_DEMAND_DUE_DAYS)} onClose={() => setDemanding(null)} />
      )}
      <RecordPaymentDialog transaction={paying} today={today} onClose={() => setPaying(null)} />
    </FormDialog>
  );
}

/** One stage: its share, amount and GST, what was received, its state and what can be done next. */
function StageRow({ projectId, stage, onDemand, onPay }: { projectId: string; stage: ProjectStage; onDemand: (stage: ProjectStage) => void; onPay: (demand: Transaction) => void }) {
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const [loading, setLoading] = useState(false);
  const titleId = `stage-${projectId}-${stage.name.replace(/\W+/g, '-')}`;
  const demanded = stage.demandTransactionId !== null && (stage.state === 'demanded' || stage.state === 'overdue' || stage.state === 'partly_received');

  // 'Record payment' opens for the stage's demand as saved now.
  const recordPayment = async (demandId: string) => {
    setLoading(true);
    try {
      const demand = await queryClient.fetchQuery({ ...getTransactionQueryOptions(demandId), staleTime: 0 });
      if (demand.status === 'pending') onPay(demand);
      else toast({ variant: 'destructive', title: 'Error recording payment', description: NOT_PENDING_MESSAGE });
    } catch (error) {
      toast({ variant: 'destructive', title: 'Error recording payment', description: serverMessage(error) });
    } finally {
      setLoading(false);
    }
  };

  return (
    <Box component="article" aria-labelledby={titleId} sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 1.5 }}>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 0.75 }}>
        <Typography id={titleId} component="h3" sx={{ fontWeight: 600 }}>
          {stage.name} ({stage.percent}%)
        </Typography>
        <Chip size="small" color={STAGE_STATE_COLORS[stage.state]} label={STAGE_STATE_LABELS[stage.state]} />
      </Stack>
      <Box sx={{ display: 'grid', gap: 0.5, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' }, columnGap: 3 }}>
        <Figure label="Amount" value={formatMoney(stage.amount)} />
        <Figure label="GST" value={formatMoney(stage.tax)} />
        <Figure label="Received" value={formatMoney(stage.received)} />
      </Box>
      {stage.dueDate && stage.state !== 'received' && (
        <Typography variant="body2" color={stage.state === 'overdue' ? 'error.main' : 'text.secondary'} sx={{ mt: 0.5 }}>
          Due {formatDate(stage.dueDate, 'short')}
        </Typography>
      )}
      {(stage.state === 'not_demanded' || demanded) && (
        <Box sx={{ mt: 1 }}>
          {stage.state === 'not_demanded' ? (
            <Button size="small" variant="outlined" onClick={() => onDemand(stage)} aria-describedby={titleId}>
              Raise demand
            </Button>
          ) : (
            <Button size="small" variant="contained" onClick={() => void recordPayment(stage.demandTransactionId!)} disabled={loading} aria-describedby={titleId}>
              Record payment
            </Button>
          )}
        </Box>
      )}
    </Box>
  );
}

/** 'Raise demand' for a stage: a pending income transaction due in 7 days unless another date is chosen. */
function RaiseDemandDialog({ projectId, stage, defaultDue, onClose }: { projectId: string; stage: ProjectStage | null; defaultDue: string; onClose: () => void }) {
  const { toast } = useToast();
  const raise = useRaiseStageDemand();
  const [dueDate, setDueDate] = useState(defaultDue);
  const [error, setError] = useState<string | null>(null);
  const [shown, setShown] = useState<string | null>(null);
  if (stage && shown !== stage.name) {
    setShown(stage.name);
    setDueDate(defaultDue);
    setError(null);
  }

  const submit = async () => {
    if (!stage) return;
    try {
      const tx = await raise.mutateAsync({ projectId, stageName: stage.name, dueDate: dueDate || null });
      toast({ title: 'Demand raised', description: `${stage.name}: ${tx.transactionId}, due ${formatDate(tx.dueDate ?? dueDate, 'short')}` });
      onClose();
    } catch (failure) {
      setError(serverMessage(failure));
      toast({ variant: 'destructive', title: 'Error raising demand', description: serverMessage(failure) });
    }
  };

  return (
    <Dialog open={stage !== null} onClose={onClose} aria-labelledby="raise-demand-title" fullWidth maxWidth="xs">
      <DialogTitle id="raise-demand-title">Raise demand</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 2 }}>
          {stage && `${stage.name}: ${formatMoney(stage.amount)} + GST ${formatMoney(stage.tax)}`}
        </Typography>
        <DateField label="Due Date" value={dueDate} onChange={setDueDate} />
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={raise.isPending}>
          Cancel
        </Button>
        <Button variant="contained" onClick={() => void submit()} disabled={raise.isPending}>
          {raise.isPending ? 'Raising...' : 'Raise demand'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
