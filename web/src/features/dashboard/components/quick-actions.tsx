import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import NoteAddIcon from '@mui/icons-material/NoteAdd';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import PostAddIcon from '@mui/icons-material/PostAdd';
import { Link as RouterLink } from 'react-router';
import type { DashboardLinks } from '../model';

export function QuickActions({ links }: { links: DashboardLinks }) {
  const actions = [
    { label: 'Add Customer', to: links.addCustomer, icon: <PersonAddIcon /> },
    { label: 'New Project', to: links.newProject, icon: <PostAddIcon /> },
    { label: 'Create Quote', to: links.createQuote, icon: <NoteAddIcon /> },
    { label: 'Mark Attendance', to: links.markAttendance, icon: <EventAvailableIcon />, action: links.markAttendanceAction },
  ];
  return (
    <Card component="section" aria-labelledby="quick-actions-title">
      <CardContent>
        <Typography id="quick-actions-title" variant="h5" component="h2" sx={{ mb: 2 }}>
          Quick Actions
        </Typography>
        <Grid container spacing={1.5}>
          {actions.map((action) => (
            <Grid key={action.label} size={{ xs: 12, sm: 6, lg: 3 }}>
              {action.action ? (
                <Button
                  variant="outlined"
                  startIcon={action.icon}
                  fullWidth
                  disabled={action.action.pending}
                  onClick={action.action.run}
                  sx={{ justifyContent: 'flex-start', py: 1.25 }}
                >
                  {action.label}
                </Button>
              ) : (
                <Button
                  component={RouterLink}
                  to={action.to}
                  variant="outlined"
                  startIcon={action.icon}
                  fullWidth
                  sx={{ justifyContent: 'flex-start', py: 1.25 }}
                >
                  {action.label}
                </Button>
              )}
            </Grid>
          ))}
        </Grid>
      </CardContent>
    </Card>
  );
}
