import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

interface StatCardProps {
  label: string;
  /** Undefined while loading: a skeleton stands in for the number. */
  value: ReactNode | undefined;
  /** A second line under the value, e.g. 'this month: ₹1,20,000'. */
  hint?: ReactNode;
  icon?: ReactNode;
  /** Two to a row on phones: a smaller figure there, and no icon. */
  compact?: boolean;
}

/** One figure with its label, as the dashboard and the section headers show them. */
export function StatCard({ label, value, hint, icon, compact = false }: StatCardProps) {
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardContent sx={compact ? { p: { xs: 1.5, sm: 2 }, '&:last-child': { pb: { xs: 1.5, sm: 3 } } } : undefined}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start', justifyContent: 'space-between' }}>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2" color="text.secondary" component="h3">
              {label}
            </Typography>
            <Typography
              variant="h4"
              component="p"
              sx={(theme) => ({
                mt: 0.5,
                fontWeight: 600,
                ...(compact ? { fontSize: { xs: '1.1rem', sm: theme.typography.h4.fontSize }, overflowWrap: 'anywhere' } : {}),
              })}
            >
              {value === undefined ? <Skeleton width={64} aria-label={`Loading ${label}`} /> : value}
            </Typography>
            {hint && (
              <Typography variant="caption" color="text.secondary">
                {hint}
              </Typography>
            )}
          </Box>
          {icon && (
            <Box aria-hidden="true" sx={compact ? { display: { xs: 'none', sm: 'block' } } : undefined}>
              {icon}
            </Box>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
