import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** The sx of an ActionCard's button: beside the text from `sm` up, under it on phones. */
export const ACTION_CARD_BUTTON_SX = { flexShrink: 0, alignSelf: { xs: 'flex-start', sm: 'auto' } } as const;

/**
 * A card of a settings page that offers one action: its title and what it
 * does, with the button beside (under, on a phone); `children` go after the
 * content (a confirmation dialog).
 */
export function ActionCard({ title, description, action, children }: { title: string; description: string; action: ReactNode; children?: ReactNode }) {
  return (
    <Card variant="outlined">
      <CardContent sx={{ '&:last-child': { pb: 2 } }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
          <div>
            <Typography variant="h6" component="h2">
              {title}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {description}
            </Typography>
          </div>
          {action}
        </Stack>
      </CardContent>
      {children}
    </Card>
  );
}
