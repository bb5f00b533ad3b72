import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

interface SectionPanelProps {
  title: string;
  message: string;
  /** A short label above the title, e.g. 'Coming soon'. */
  eyebrow?: ReactNode;
  action?: ReactNode;
}

/** A plain message in place of a section: coming soon, no access, not found. */
export function SectionPanel({ title, message, eyebrow, action }: SectionPanelProps) {
  return (
    <Card sx={{ maxWidth: 640, mx: 'auto', mt: { xs: 2, md: 6 } }}>
      <CardContent sx={{ p: { xs: 3, md: 5 }, textAlign: 'center' }}>
        {eyebrow && <Box sx={{ mb: 1.5 }}>{eyebrow}</Box>}
        <Typography variant="h3" component="h1" sx={{ mb: 1.5 }}>
          {title}
        </Typography>
        <Typography color="text.secondary">{message}</Typography>
        {action && <Box sx={{ mt: 3 }}>{action}</Box>}
      </CardContent>
    </Card>
  );
}
