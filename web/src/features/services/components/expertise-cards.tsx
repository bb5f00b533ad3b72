import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import { Link as RouterLink } from 'react-router';
import { SERVICES } from '@app/shared-types/constants';
import { EXPERTISE_SLUGS, SERVICE_SUMMARIES } from '../summaries';

/** The home page's three expertise areas, each linking to its service page. */
export function ExpertiseCards() {
  const services = EXPERTISE_SLUGS.flatMap((slug) => {
    const service = SERVICES.find((candidate) => candidate.slug === slug);
    return service ? [{ ...service, summary: SERVICE_SUMMARIES[slug] }] : [];
  });
  return (
    <Box sx={{ display: 'grid', gap: { xs: 3, md: 4 }, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, minmax(0, 1fr))' } }}>
      {services.map((service, index) => (
        <Card key={service.slug} component="article" sx={{ p: { xs: 3, md: 4 }, display: 'flex', flexDirection: 'column' }}>
          <Typography
            aria-hidden
            sx={{
              fontFamily: (theme) => theme.typography.h1.fontFamily,
              fontSize: '2.5rem',
              lineHeight: 1,
              color: 'secondary.main',
              mb: 3,
            }}
          >
            {String(index + 1).padStart(2, '0')}
          </Typography>
          <Typography variant="h3" component="h3" sx={{ mb: 1.5 }}>
            {service.title}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3, flexGrow: 1 }}>
            {service.summary}
          </Typography>
          <Link
            component={RouterLink}
            to={`/services/${service.slug}`}
            sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75, fontWeight: 600 }}
          >
            Explore {service.title}
            <ArrowForwardIcon fontSize="small" aria-hidden />
          </Link>
        </Card>
      ))}
    </Box>
  );
}
