import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import { PageHeader } from '../../components/page-header';
import { PageMeta } from './page-meta';
import { STATIC_PAGE_SEO } from '../../features/seo/model';
import { ServiceCard } from '../../features/services/components/service-card';
import { SERVICE_DETAILS } from '../../features/services/model';

export function ServicesPage() {
  return (
    <>
      <PageMeta {...STATIC_PAGE_SEO.services} />
      <PageHeader
        eyebrow="What we do"
        title="Our Services"
        subtitle="Whether you need a complete home, a new office or a second opinion on your plans, we have a way to help."
      />
      <Container maxWidth="lg" sx={{ py: { xs: 5, md: 8 } }}>
        <Box sx={{ display: 'grid', gap: { xs: 3, md: 4 }, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' } }}>
          {SERVICE_DETAILS.map((service) => (
            <ServiceCard key={service.slug} service={service} />
          ))}
        </Box>
      </Container>
    </>
  );
}
