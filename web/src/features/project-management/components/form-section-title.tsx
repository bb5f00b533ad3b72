import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A heading between groups of fields in a form's grid. */
export function FormSectionTitle({ children }: { children: ReactNode }) {
  return (
    <Grid size={12}>
      <Typography variant="overline" component="h3" color="text.secondary" sx={{ display: 'block', mt: 1, lineHeight: 2 }}>
        {children}
      </Typography>
    </Grid>
  );
}
