import HistoryIcon from '@mui/icons-material/History';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import { ACTION_CARD_BUTTON_SX, ActionCard } from '../../../components/action-card';

/** Settings > System: where the audit log is opened. */
export function AuditLogCard({ href }: { href: string }) {
  return (
    <ActionCard
      title="Audit Log"
      description="Who changed what and when, with each field before and after."
      action={
        <Button component={RouterLink} to={href} variant="outlined" startIcon={<HistoryIcon />} sx={ACTION_CARD_BUTTON_SX}>
          Open Audit Log
        </Button>
      }
    />
  );
}
