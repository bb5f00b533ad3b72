import BadgeOutlinedIcon from '@mui/icons-material/BadgeOutlined';
import BeachAccessOutlinedIcon from '@mui/icons-material/BeachAccessOutlined';
import CorporateFareOutlinedIcon from '@mui/icons-material/CorporateFareOutlined';
import HowToRegOutlinedIcon from '@mui/icons-material/HowToRegOutlined';
import Grid from '@mui/material/Grid';
import { ErrorState } from '../../../components/error-state';
import { StatCard } from '../../../components/stat-card';
import { serverMessage } from '../../../lib/api-errors';
import { useEmployeeStats } from '../api/get-employee-stats';

const iconSx = { color: 'primary.main', fontSize: 32, opacity: 0.8 } as const;

/** SPEC.md 2: the four cards (total, active, on leave, departments), from the server's kept counters. */
export function EmployeeStatCards() {
  const stats = useEmployeeStats();
  if (stats.isError) {
    return <ErrorState message={`Could not load the employee figures. ${serverMessage(stats.error)}`} onRetry={() => void stats.refetch()} />;
  }
  const data = stats.data;
  const cards = [
    { label: 'Total Employees', value: data?.total, icon: <BadgeOutlinedIcon sx={iconSx} /> },
    { label: 'Active', value: data?.active, icon: <HowToRegOutlinedIcon sx={iconSx} /> },
    { label: 'On Leave', value: data?.onLeave, icon: <BeachAccessOutlinedIcon sx={iconSx} /> },
    { label: 'Departments', value: data?.departments, icon: <CorporateFareOutlinedIcon sx={iconSx} /> },
  ];
  return (
    <Grid container spacing={2} component="section" aria-label="Employee figures">
      {cards.map((card) => (
        <Grid key={card.label} size={{ xs: 6, lg: 3 }}>
          <StatCard label={card.label} value={card.value?.toLocaleString('en-IN')} icon={card.icon} compact />
        </Grid>
      ))}
    </Grid>
  );
}
