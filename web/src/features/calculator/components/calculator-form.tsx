import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import type { CalculatorResult } from '@app/shared-types/api';
import { WHATSAPP_CONSENT_LABEL, calculatorSchema, type CalculatorInput } from '@app/shared-types/forms';
import { Formik } from 'formik';
import { useState } from 'react';
import { FormCheckboxField, FormField, FormShell, HoneypotField, serverErrorsStatus } from '../../../components/form-fields';
import { serverFieldErrors } from '../../../lib/form-errors';
import { useFormToken } from '../../../lib/form-token';
import { useToast } from '../../../lib/toast';
import { useSubmitCalculator } from '../api/submit-calculator';
import {
  CALCULATOR_INITIAL_VALUES,
  MATERIAL_OPTIONS,
  PROPERTY_TYPE_OPTIONS,
  ROOM_SCOPE_OPTIONS,
  toCalculatorInput,
} from '../model';

interface CalculatorFormProps {
  /** Called with the server's estimate and what was sent once the request is stored. */
  onSubmitted: (result: CalculatorResult, input: CalculatorInput) => void;
}

export function CalculatorForm({ onSubmitted }: CalculatorFormProps) {
  const { toast } = useToast();
  // The form is shown anew (mounted) for each project, so its token (and time) starts there.
  const formToken = useFormToken();
  const mutation = useSubmitCalculator({
    onSuccess: () =>
      toast({ title: 'Request Submitted', description: 'Your project details have been submitted successfully!' }),
    onError: () =>
      toast({
        variant: 'destructive',
        title: 'Error',
        description: 'Failed to submit your request. Please try again.',
      }),
  });

  // No field shows a message before the first submit: the form checks itself as the visitor types only after that.
  const [tried, setTried] = useState(false);

  return (
    <Card sx={{ p: { xs: 2.5, sm: 4 } }} onSubmitCapture={() => setTried(true)}>
      <Formik
        initialValues={CALCULATOR_INITIAL_VALUES}
        validationSchema={calculatorSchema}
        validateOnBlur={tried}
        validateOnChange={tried}
        onSubmit={async (values, { setStatus }) => {
          setStatus(undefined);
          const input = toCalculatorInput(values);
          try {
            const result = await mutation.mutateAsync({ ...input, formToken: await formToken.token() });
            onSubmitted(result, input);
          } catch (error) {
            // The toast is already shown by the mutation; put the server's messages under their fields.
            const fields = serverFieldErrors(error);
            if (fields) setStatus(serverErrorsStatus(fields));
          }
        }}
      >
        {({ isSubmitting }) => (
          <FormShell>
            <Typography variant="h4" component="h2" sx={{ mb: 2.5 }}>
              About your property
            </Typography>
            <Grid container spacing={2.5}>
              <FormField name="bhk" label="Property Type" kind="select" options={PROPERTY_TYPE_OPTIONS} />
              <FormField
                name="area"
                label="Carpet Area (sq ft)"
                type="number"
                slotProps={{ htmlInput: { min: 100, max: 100000, step: 10, inputMode: 'numeric' } }}
              />
              <FormField name="material" label="Material Preference" kind="select" options={MATERIAL_OPTIONS} />
              <FormField name="rooms" label="Rooms to Design" kind="select" options={ROOM_SCOPE_OPTIONS} />
            </Grid>

            <Typography variant="h4" component="h2" sx={{ mt: 4, mb: 2.5 }}>
              Your contact details
            </Typography>
            <Grid container spacing={2.5}>
              <FormField name="name" label="Full Name" autoComplete="name" />
              <FormField name="phone" label="Phone Number" type="tel" autoComplete="tel" />
              <FormField name="email" label="Email Address" type="email" autoComplete="email" helperText="(optional)" />
              <FormField name="city" label="City" autoComplete="address-level2" />
              <FormCheckboxField name="whatsappConsent" label={WHATSAPP_CONSENT_LABEL} />
            </Grid>
            <HoneypotField />

            <Box sx={{ mt: 4 }}>
              <Button
                type="submit"
                variant="contained"
                color="secondary"
                size="large"
                fullWidth
                disabled={isSubmitting}
                sx={{ py: 1.75 }}
              >
                {isSubmitting ? 'Submitting Your Details...' : 'Get My Quote & Schedule Consultation'}
              </Button>
              <Typography variant="body2" color="text.secondary" sx={{ mt: 2, textAlign: 'center' }}>
                Free and without obligation. We use your details only to prepare your estimate and call you back.
              </Typography>
            </Box>
          </FormShell>
        )}
      </Formik>
    </Card>
  );
}
