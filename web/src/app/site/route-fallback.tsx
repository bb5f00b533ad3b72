import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

/** Shown only while the first route's code loads on a cold start. */
export function RouteFallback() {
  return (
    <Box role="status" aria-label="Loading" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }}>
      <CircularProgress aria-hidden />
    </Box>
  );
}
