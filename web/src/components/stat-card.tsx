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
}

/** One figure with its label, as the dashboard and the section headers show them. */
export function StatCard({ label, value, hint, icon }: StatCardProps) {
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardContent>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start', justifyContent: 'space-between' }}>
          <div>
            <Typography variant="body2" color="text.secondary" component="h3">
              {label}
            </Typography>
            <Typography variant="h4" component="p" sx={{ mt: 0.5, fontWeight: 600 }}>
              {value === undefined ? <Skeleton width={64} aria-label={`Loading ${label}`} /> : value}
            </Typography>
            {hint && (
              <Typography variant="caption" color="text.secondary">
                {hint}
              </Typography>
            )}
          </div>
          {icon && <div aria-hidden="true">{icon}</div>}
        </Stack>
      </CardContent>
    </Card>
  );
}
