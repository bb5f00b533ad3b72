import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import type { CalculatorResult } from '@app/shared-types/api';
import type { CalculatorInput } from '@app/shared-types/forms';
import { CALLBACK_PROMISE_HOURS } from '@app/shared-types/constants';
import { useState } from 'react';
import { CalculatorForm } from './calculator-form';
import { CalculatorThankYou } from './calculator-thank-you';

const BENEFITS = [
  'An indicative cost range in seconds, based on your area and material choice',
  `A call from a designer within ${CALLBACK_PROMISE_HOURS} hours`,
  'A free site visit before any final quote',
  'No obligation, no spam',
];

/** The calculator's form, its reassurances and, once sent, the thank-you that replaces them: an island (calculator-page.tsx), with the firm's phone for its WhatsApp link. */
export function CalculatorSection({ phone }: { phone?: string }) {
  const [submitted, setSubmitted] = useState<{ result: CalculatorResult; input: CalculatorInput } | null>(null);

  if (submitted) {
    return (
      <Container maxWidth="lg" sx={{ py: { xs: 6, md: 10 } }}>
        <CalculatorThankYou
          name={submitted.input.name}
          input={submitted.input}
          result={submitted.result}
          phone={phone}
          onSubmitAnother={() => {
            setSubmitted(null);
            window.scrollTo({ top: 0 });
          }}
        />
      </Container>
    );
  }

  return (
    <Box sx={{ background: 'linear-gradient(180deg, #EFE6DA 0px, #F7F3EE 560px)' }}>
      <Container maxWidth="lg" sx={{ py: { xs: 6, md: 9 } }}>
        <Box
          sx={{
            display: 'grid',
            columnGap: 6,
            rowGap: 4,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 5fr) minmax(0, 7fr)' },
            gridTemplateRows: { md: 'auto 1fr' },
            // On a phone the form comes right after the intro; the reassurances follow it.
            gridTemplateAreas: { xs: '"intro" "form" "benefits"', md: '"intro form" "benefits form"' },
          }}
        >
          <Box sx={{ gridArea: 'intro' }}>
            <Typography variant="overline" component="p" color="secondary.dark" sx={{ mb: 1 }}>
              Cost calculator
            </Typography>
            <Typography variant="h1" sx={{ fontSize: 'clamp(2.25rem, 3.5vw + 1rem, 3.25rem)', mb: 2 }}>
              Get Your Free Estimate
            </Typography>
            <Typography variant="subtitle1" color="text.secondary">
              Tell us about your space and the finish you have in mind. You will see an indicative cost range right
              away, and our team will call you to plan the next steps.
            </Typography>
          </Box>
          <Box sx={{ gridArea: 'form' }}>
            <CalculatorForm onSubmitted={(result, input) => setSubmitted({ result, input })} />
          </Box>
          <List disablePadding sx={{ gridArea: 'benefits' }}>
            {BENEFITS.map((benefit) => (
              <ListItem key={benefit} disableGutters alignItems="flex-start">
                <ListItemIcon sx={{ minWidth: 34, mt: 0.5, color: 'secondary.main' }}>
                  <CheckCircleOutlineIcon fontSize="small" />
                </ListItemIcon>
                <ListItemText primary={benefit} />
              </ListItem>
            ))}
          </List>
        </Box>
      </Container>
    </Box>
  );
}
