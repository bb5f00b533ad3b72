import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { COMMUNICATION_TYPES, COMMUNICATION_TYPE_LABELS, communicationSchema } from '@app/shared-types/leads';
import { Formik } from 'formik';
import { FormSelectField, FormShell, FormTextField, serverErrorsStatus } from '../../../components/form-fields';
import { serverFieldErrors } from '../../../lib/form-errors';
import { useToast } from '../../../lib/toast';
import { useAddCommunication } from '../api/add-communication';
import { serverMessage } from '../../../lib/api-errors';

const TYPE_OPTIONS = COMMUNICATION_TYPES.map((value) => ({ value, label: COMMUNICATION_TYPE_LABELS[value] }));

interface CommunicationValues {
  type: (typeof COMMUNICATION_TYPES)[number];
  content: string;
}

const INITIAL_VALUES: CommunicationValues = { type: 'note', content: '' };

/** Logs a note, call, WhatsApp message or email on the lead's timeline. */
export function AddCommunicationForm({ leadId }: { leadId: string }) {
  const { toast } = useToast();
  const addCommunication = useAddCommunication();
  return (
    <Formik
      initialValues={INITIAL_VALUES}
      validationSchema={communicationSchema}
      onSubmit={async (values, { resetForm, setStatus }) => {
        setStatus(undefined);
        try {
          await addCommunication.mutateAsync({ leadId, ...communicationSchema.validateSync(values) });
          resetForm({ values: { type: values.type, content: '' } });
          toast({ title: 'Added to timeline', description: COMMUNICATION_TYPE_LABELS[values.type] });
        } catch (error) {
          const fields = serverFieldErrors(error);
          if (fields) setStatus(serverErrorsStatus(fields));
          toast({ variant: 'destructive', title: 'Failed to add to timeline', description: serverMessage(error) });
        }
      }}
    >
      {({ isSubmitting }) => (
        <FormShell>
          <Stack spacing={1.5}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
              <FormSelectField name="type" label="Type" size="small" options={TYPE_OPTIONS} sx={{ width: { sm: 160 }, flexShrink: 0 }} />
              <FormTextField name="content" label="What happened?" size="small" multiline minRows={2} />
            </Stack>
            <Button type="submit" variant="outlined" disabled={isSubmitting} sx={{ alignSelf: 'flex-end' }}>
              {isSubmitting ? 'Adding...' : 'Add to timeline'}
            </Button>
          </Stack>
        </FormShell>
      )}
    </Formik>
  );
}
