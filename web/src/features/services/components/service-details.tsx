import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import { Link as RouterLink } from 'react-router';
import type { ServiceDetail } from '../model';
import { Img } from '../../../components/img';

export function ServiceDetails({ service }: { service: ServiceDetail }) {
  return (
    <Box component="article">
      <Button component={RouterLink} to="/services" startIcon={<ArrowBackIcon />} sx={{ mb: 3, ml: -1.5 }}>
        All services
      </Button>
      <Grid container spacing={{ xs: 4, md: 8 }}>
        <Grid size={{ xs: 12, md: 7 }}>
          <Typography variant="overline" component="p" color="secondary.dark">
            Our services
          </Typography>
          <Typography variant="h1" sx={{ mb: 2 }}>
            {service.title}
          </Typography>
          <Typography
            variant="subtitle1"
            color="text.secondary"
            sx={{ mb: 4, fontSize: '1.25rem' }}
          >
            {service.blurb}
          </Typography>
          {service.paragraphs.map((paragraph) => (
            <Typography key={paragraph.slice(0, 24)} sx={{ mb: 2.5 }}>
              {paragraph}
            </Typography>
          ))}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 4 }}>
            <Button component={RouterLink} to="/calculator" variant="contained" size="large">
              Get Free Estimate
            </Button>
            <Button component={RouterLink} to="/projects" variant="outlined" size="large">
              See our projects
            </Button>
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <Img
            src={service.image}
            alt=""
            width={800}
            height={600}
            sx={{ display: 'block', width: '100%', height: 'auto', aspectRatio: '4 / 3', objectFit: 'cover', borderRadius: 4, mb: 3, bgcolor: '#E9E1D6' }}
          />
          <Paper variant="outlined" sx={{ p: { xs: 3, md: 4 }, borderRadius: 4 }}>
            <Typography variant="h4" component="h2" sx={{ mb: 1 }}>
              What’s included
            </Typography>
            <List dense disablePadding>
              {service.included.map((item) => (
                <ListItem key={item} disableGutters alignItems="flex-start">
                  <ListItemIcon sx={{ minWidth: 34, mt: 0.75, color: 'secondary.main' }}>
                    <CheckCircleOutlineIcon fontSize="small" />
                  </ListItemIcon>
                  <ListItemText primary={item} slotProps={{ primary: { sx: { fontSize: '1rem' } } }} />
                </ListItem>
              ))}
            </List>
          </Paper>
        </Grid>
      </Grid>
    </Box>
  );
}
