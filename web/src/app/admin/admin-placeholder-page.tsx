import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';

/** Stands in for the admin portal (a later issue) in its own lazy chunk. */
export function AdminPlaceholderPage() {
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 3, textAlign: 'center' }}>
      <title>Admin portal</title>
      <meta name="robots" content="noindex" />
      <Box>
        <Typography variant="h2" component="h1" sx={{ mb: 2 }}>
          Admin portal
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 4 }}>
          Sign-in arrives soon.
        </Typography>
        <Button component={RouterLink} to="/" variant="contained">
          Back to home
        </Button>
      </Box>
    </Box>
  );
}
