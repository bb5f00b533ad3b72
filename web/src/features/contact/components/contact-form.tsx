import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import { contactSchema } from '@app/shared-types/forms';
import { Formik } from 'formik';
import {
  FormSelectField,
  FormShell,
  FormTextField,
  HoneypotField,
  serverErrorsStatus,
} from '../../../components/form-fields';
import { serverFieldErrors } from '../../../lib/form-errors';
import { useToast } from '../../../lib/toast';
import { useSendContactMessage } from '../api/send-contact-message';
import { CONTACT_INITIAL_VALUES, PROJECT_TYPE_OPTIONS, toContactInput } from '../model';

export function ContactForm() {
  const { toast } = useToast();
  const mutation = useSendContactMessage({
    onSuccess: () =>
      toast({ title: 'Message Sent', description: 'Thank you for your message! We will get back to you soon.' }),
    onError: () =>
      toast({ variant: 'destructive', title: 'Error', description: 'Failed to send message. Please try again.' }),
  });

  return (
    <Formik
      initialValues={CONTACT_INITIAL_VALUES}
      validationSchema={contactSchema}
      onSubmit={async (values, { resetForm, setStatus }) => {
        setStatus(undefined);
        try {
          await mutation.mutateAsync(toContactInput(values));
          resetForm();
        } catch (error) {
          const fields = serverFieldErrors(error);
          if (fields) setStatus(serverErrorsStatus(fields));
        }
      }}
    >
      {({ isSubmitting }) => (
        <FormShell>
          <Grid container spacing={2.5}>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormTextField name="firstName" label="First Name" autoComplete="given-name" />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormTextField name="lastName" label="Last Name" autoComplete="family-name" />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormTextField name="email" label="Email Address" type="email" autoComplete="email" />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormTextField name="phone" label="Phone Number" type="tel" autoComplete="tel" />
            </Grid>
            <Grid size={12}>
              <FormSelectField name="projectType" label="Project Type" options={PROJECT_TYPE_OPTIONS} />
            </Grid>
            <Grid size={12}>
              <FormTextField name="message" label="Message" multiline minRows={5} helperText="(optional)" />
            </Grid>
          </Grid>
          <HoneypotField />
          <Box sx={{ mt: 3 }}>
            <Button type="submit" variant="contained" size="large" disabled={isSubmitting} sx={{ minWidth: 200 }}>
              {isSubmitting ? 'Sending...' : 'Send Message'}
            </Button>
          </Box>
        </FormShell>
      )}
    </Formik>
  );
}
