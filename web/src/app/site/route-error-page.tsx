import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';

/**
 * Last-resort screen when a page fails to render or its code cannot load
 * (typically a deploy replaced the chunk this tab was about to fetch).
 * The website shows it from its layout's error boundary; the portal's routes
 * from theirs (RouteErrorElement).
 */
export function RouteErrorPage({ notFound = false }: { notFound?: boolean }) {
  return (
    <Container maxWidth="sm" sx={{ py: 16, textAlign: 'center' }}>
      <title>Something went wrong</title>
      <Typography variant="h2" component="h1" sx={{ mb: 2 }}>
        {notFound ? 'Page not found.' : 'Something went wrong.'}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        Please reload the page. If it keeps happening, call or WhatsApp us and we will help right away.
      </Typography>
      <Button variant="contained" size="large" onClick={() => window.location.reload()}>
        Reload page
      </Button>
      <Button href="/" size="large" sx={{ ml: 2 }}>
        Back to home
      </Button>
    </Container>
  );
}
