import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import { WHATSAPP_CONSENT_LABEL, contactSchema } from '@app/shared-types/forms';
import { Formik } from 'formik';
import { FormCheckboxField, FormField, FormShell, HoneypotField, serverErrorsStatus } from '../../../components/form-fields';
import { serverFieldErrors } from '../../../lib/form-errors';
import { useFormToken } from '../../../lib/form-token';
import { useToast } from '../../../lib/toast';
import { useSendContactMessage } from '../api/send-contact-message';
import { CONTACT_INITIAL_VALUES, PROJECT_TYPE_OPTIONS, toContactInput } from '../model';

export function ContactForm() {
  const { toast } = useToast();
  const formToken = useFormToken();
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
          await mutation.mutateAsync({ ...toContactInput(values), formToken: await formToken.token() });
          resetForm();
          // The cleared form is a new one: its time starts now.
          formToken.renew();
        } catch (error) {
          const fields = serverFieldErrors(error);
          if (fields) setStatus(serverErrorsStatus(fields));
        }
      }}
    >
      {({ isSubmitting }) => (
        <FormShell>
          <Grid container spacing={2.5}>
            <FormField name="firstName" label="First Name" autoComplete="given-name" />
            <FormField name="lastName" label="Last Name" autoComplete="family-name" />
            <FormField name="email" label="Email Address" type="email" autoComplete="email" />
            <FormField name="phone" label="Phone Number" type="tel" autoComplete="tel" />
            <FormField name="projectType" label="Project Type" kind="select" size={12} options={PROJECT_TYPE_OPTIONS} helperText="(optional)" />
            <FormField name="message" label="Message" kind="multiline" rows={5} size={12} helperText="(optional)" />
            <FormCheckboxField name="whatsappConsent" label={WHATSAPP_CONSENT_LABEL} />
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
