import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { PageMeta } from './page-meta';

interface NotFoundProps {
  /** What is missing, e.g. 'Page not found.' */
  message: string;
  linkTo: string;
  linkLabel: string;
  /** The page <title> while this shows. */
  title?: string;
}

/** The one 'not found' screen: unknown routes, projects, posts and services. */
export function NotFound({ message, linkTo, linkLabel, title = 'Not found' }: NotFoundProps) {
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 10, md: 16 }, textAlign: 'center' }}>
      <PageMeta title={title} description={message} />
      <meta name="robots" content="noindex" />
      <Typography variant="overline" component="p" color="secondary.dark">
        404
      </Typography>
      <Typography variant="h2" component="h1" sx={{ mb: 4 }}>
        {message}
      </Typography>
      <Button component={RouterLink} to={linkTo} variant="contained" size="large">
        {linkLabel}
      </Button>
    </Container>
  );
}
