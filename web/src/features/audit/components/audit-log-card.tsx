import HistoryIcon from '@mui/icons-material/History';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';

/** Settings > System: where the audit log is opened. */
export function AuditLogCard({ href }: { href: string }) {
  return (
    <Card variant="outlined">
      <CardContent sx={{ '&:last-child': { pb: 2 } }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
          <div>
            <Typography variant="h6" component="h2">
              Audit Log
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Who changed what and when, with each field before and after.
            </Typography>
          </div>
          <Button component={RouterLink} to={href} variant="outlined" startIcon={<HistoryIcon />} sx={{ flexShrink: 0, alignSelf: { xs: 'flex-start', sm: 'auto' } }}>
            Open Audit Log
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
