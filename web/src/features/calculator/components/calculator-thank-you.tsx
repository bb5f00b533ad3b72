import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import type { CalculatorResult } from '@app/shared-types/api';
import { CALLBACK_PROMISE_HOURS } from '@app/shared-types/constants';
import { formatINR } from '@app/shared-types/format';
import type { EstimateInput } from '@app/shared-types/pricing';
import { whatsappLink } from '@app/shared-types/phone';
import { useEffect, useRef } from 'react';
import { CALL_EXPECTATIONS, estimateBasis, whatsappFollowUpText } from '../model';

interface CalculatorThankYouProps {
  name: string;
  /** What was sent: the band and options the estimate is explained by. */
  input: EstimateInput;
  result: CalculatorResult;
  /** The firm's WhatsApp number; the chat button waits for it. */
  phone?: string;
  onSubmitAnother: () => void;
}

export function CalculatorThankYou({ name, input, result, phone, onSubmitAnother }: CalculatorThankYouProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    // The form is gone: take keyboard and screen-reader users to what replaced it.
    headingRef.current?.focus();
  }, []);

  const figures = [
    { label: 'Cost per sq ft', value: `${formatINR(result.costPerSqft)} / sq ft` },
    { label: 'Design fee', value: formatINR(result.designFee) },
    { label: 'Estimated duration', value: result.duration },
  ];

  return (
    <Box sx={{ maxWidth: 880, mx: 'auto' }}>
      <Box sx={{ textAlign: 'center', mb: { xs: 4, md: 6 } }}>
        <CheckCircleOutlineIcon sx={{ fontSize: 56, color: 'success.main', mb: 2 }} aria-hidden />
        <Typography variant="h1" ref={headingRef} tabIndex={-1} sx={{ outline: 'none', mb: 2 }}>
          Thank You, {name}!
        </Typography>
        <Typography variant="subtitle1" color="text.secondary">
          Our team will contact you within {CALLBACK_PROMISE_HOURS} hours.
        </Typography>
      </Box>

      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1.1fr 1fr' } }}>
        <Card sx={{ p: { xs: 3, md: 4 }, bgcolor: 'primary.main', color: 'primary.contrastText' }}>
          <Typography variant="overline" component="h2" sx={{ opacity: 0.8 }}>
            Indicative estimate
          </Typography>
          <Typography
            sx={{
              fontFamily: (theme) => theme.typography.h1.fontFamily,
              fontSize: { xs: '1.9rem', sm: '2.4rem' },
              fontWeight: 600,
              lineHeight: 1.2,
              my: 1.5,
            }}
          >
            {formatINR(result.minCost)} – {formatINR(result.maxCost)}
          </Typography>
          <Box component="dl" sx={{ m: 0, mt: 3, display: 'grid', gap: 1.5 }}>
            {figures.map((figure) => (
              <Box
                key={figure.label}
                sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, borderTop: '1px solid rgba(255,255,255,0.2)', pt: 1.5 }}
              >
                <Typography component="dt" sx={{ opacity: 0.85 }}>
                  {figure.label}
                </Typography>
                <Typography component="dd" sx={{ m: 0, fontWeight: 700, textAlign: 'right' }}>
                  {figure.value}
                </Typography>
              </Box>
            ))}
          </Box>
          <Typography variant="body2" sx={{ mt: 3, opacity: 0.9 }}>
            {estimateBasis(input, result)}
          </Typography>
          <Typography variant="body2" sx={{ mt: 1.5, opacity: 0.85 }}>
            This is an indicative range. Your final quote follows a site visit and a detailed design discussion.
          </Typography>
        </Card>

        <Card sx={{ p: { xs: 3, md: 4 } }}>
          <Typography variant="h4" component="h2" sx={{ mb: 1 }}>
            What to expect on the call
          </Typography>
          <List disablePadding>
            {CALL_EXPECTATIONS.map((item) => (
              <ListItem key={item} disableGutters alignItems="flex-start">
                <ListItemIcon sx={{ minWidth: 34, mt: 0.5, color: 'secondary.main' }}>
                  <CheckCircleOutlineIcon fontSize="small" />
                </ListItemIcon>
                <ListItemText primary={item} />
              </ListItem>
            ))}
          </List>
        </Card>
      </Box>

      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 4, justifyContent: 'center' }}>
        {phone && (
          <Button
            component="a"
            href={whatsappLink(phone, whatsappFollowUpText(name))}
            target="_blank"
            rel="noopener noreferrer"
            variant="contained"
            size="large"
            startIcon={<WhatsAppIcon />}
            sx={{ bgcolor: '#157A3C', '&:hover': { bgcolor: '#0F6330' } }}
          >
            Chat on WhatsApp Now
          </Button>
        )}
        <Button variant="outlined" size="large" onClick={onSubmitAnother}>
          Submit Another Project
        </Button>
      </Stack>
    </Box>
  );
}
