import Container from '@mui/material/Container';
import { useParams } from 'react-router';
import { PageMeta } from './page-meta';
import { serviceSeo } from '../../features/seo/model';
import { ServiceDetails } from '../../features/services/components/service-details';
import { findService } from '../../features/services/model';
import { NotFoundPage } from './not-found-page';

export function ServiceDetailPage() {
  const { slug } = useParams();
  const service = findService(slug);
  if (!service) return <NotFoundPage />;
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 4, md: 7 } }}>
      <PageMeta {...serviceSeo(service)} />
      <ServiceDetails service={service} />
    </Container>
  );
}
