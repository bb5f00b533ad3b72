import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import { usePortalHref } from './portal-base';

export function BackToDashboard() {
  const href = usePortalHref();
  return (
    <Button component={RouterLink} to={href('')} variant="contained">
      Back to Dashboard
    </Button>
  );
}
