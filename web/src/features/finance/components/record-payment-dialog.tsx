import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { grossOf, paidOf, remainingOf, type Transaction } from '@app/shared-types/finance';
import { formatMoney } from '@app/shared-types/format';
import { EntityForm } from '../../../components/entity-form-dialog';
import { FormDialog } from '../../../components/form-dialog';
import { FormField } from '../../../components/form-fields';
import { FormDateField } from '../../../components/form-date-field';
import { useRecordPayment } from '../api/update-transaction';
import { PAYMENT_METHOD_OPTIONS, newPaymentValues, paymentFormErrors, toPaymentInput, type PaymentFormValues } from '../model';

const TITLE_ID = 'record-payment-title';

interface RecordPaymentDialogProps {
  /** The pending transaction the payment is for; null: closed. */
  transaction: Transaction | null;
  today: string;
  onClose: () => void;
}

/**
 * 'Record payment' (issue 25): the date, method, reference (UTR, cheque
 * number) and amount received, what is left by default. A part leaves the
 * rest pending; the server refuses more than what is left.
 */
export function RecordPaymentDialog({ transaction, today, onClose }: RecordPaymentDialogProps) {
  return (
    <FormDialog open={transaction !== null} onClose={onClose} titleId={TITLE_ID} maxWidth="sm">
      {transaction && <PaymentForm key={`${transaction.id}:${transaction.version}`} tx={transaction} today={today} onClose={onClose} />}
    </FormDialog>
  );
}

function PaymentForm({ tx, today, onClose }: { tx: Transaction; today: string; onClose: () => void }) {
  const record = useRecordPayment();
  const left = remainingOf(tx);
  const paid = paidOf(tx);
  return (
    <EntityForm<PaymentFormValues, Transaction>
      titleId={TITLE_ID}
      title="Record payment"
      initialValues={newPaymentValues(tx, today)}
      validate={(values) => paymentFormErrors(values, left)}
      validateOnChange={false}
      save={(values) => record.mutateAsync({ id: tx.id, ...toPaymentInput(values, tx.version) })}
      savedToast={(saved) => {
        const rest = remainingOf(saved);
        return { title: 'Payment recorded', description: `${saved.transactionId}: ${rest > 0 ? `${formatMoney(rest)} left to pay` : 'paid in full'}` };
      }}
      errorTitle="Error recording payment"
      submitLabel="Record payment"
      submittingLabel="Recording..."
      onClose={onClose}
    >
      <Grid size={12}>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {tx.transactionId}: {tx.description}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {`Total ${formatMoney(grossOf(tx))} (${formatMoney(tx.amount)} + GST ${formatMoney(tx.taxAmount)})`}
          {paid > 0 ? ` · paid ${formatMoney(paid)}` : ''}
          {` · left ${formatMoney(left)}`}
        </Typography>
      </Grid>
      <FormDateField name="date" label="Payment Date" required />
      <FormField name="method" label="Payment Method" kind="select" required options={PAYMENT_METHOD_OPTIONS} />
      <FormField name="reference" label="Reference" placeholder="UTR or cheque number" />
      <FormField name="amount" label="Amount (₹)" kind="money" required helperText="Including GST; a part leaves the rest pending" />
    </EntityForm>
  );
}
