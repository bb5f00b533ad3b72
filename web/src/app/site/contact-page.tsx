import Card from '@mui/material/Card';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { PageHeader } from '../../components/page-header';
import { PageMeta } from './page-meta';
import { STATIC_PAGE_SEO } from '../../features/seo/model';
import { ContactForm } from '../../features/contact/components/contact-form';
import { ContactInfo } from '../../features/contact/components/contact-info';
import { OfficeMap } from '../../features/contact/components/office-map';
import { useSiteInfo } from '../../features/site-info/api/get-site-info';
import { LoadingState } from '../../components/loading-state';
import { island } from '../../lib/island';

// Its code (React, MUI, the form library: ~200 KiB gzip) comes with the first touch, focus or key on it, not at load:
// hydrating it at load blocked a phone's main thread for a second (issue 25: TBT <= 100 ms). Typed text is kept (islands/typed-values.ts).
const ContactFormIsland = island('contact-form', ContactForm, 'interaction');
/** The map's iframe goes in when the visitor nears it (and Google answers). */
const OfficeMapIsland = island('office-map', OfficeMap, 'visible');

export function ContactPage() {
  const { data: site } = useSiteInfo();
  return (
    <>
      <PageMeta {...STATIC_PAGE_SEO.contact} />
      <PageHeader
        eyebrow="Get in touch"
        title="Contact Us"
        subtitle="Planning a new home, an office or a makeover? Tell us about it, or drop by the studio for a coffee and a chat."
      />
      <Container maxWidth="lg" sx={{ py: { xs: 5, md: 8 } }}>
        <Grid container spacing={{ xs: 5, md: 6 }}>
          <Grid size={{ xs: 12, md: 5 }}>
            {site ? <ContactInfo site={site} /> : <LoadingState label="Loading contact details..." />}
          </Grid>
          <Grid size={{ xs: 12, md: 7 }}>
            <Card sx={{ p: { xs: 2.5, sm: 4 } }}>
              <Typography variant="h3" component="h2" sx={{ mb: 1 }}>
                Send us a message
              </Typography>
              <Typography color="text.secondary" sx={{ mb: 3 }}>
                We reply within one working day.
              </Typography>
              <ContactFormIsland />
            </Card>
          </Grid>
          {site && (
            <Grid size={12}>
              <Typography variant="h3" component="h2" sx={{ mb: 2 }}>
                Find the studio
              </Typography>
              <OfficeMapIsland query={site.mapQuery} />
            </Grid>
          )}
        </Grid>
      </Container>
    </>
  );
}
