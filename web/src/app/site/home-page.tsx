import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { keyframes } from '@mui/material/styles';
import InstagramIcon from '@mui/icons-material/Instagram';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import { whatsappLink } from '@app/shared-types/phone';
import { Link as RouterLink } from 'react-router';
import { HeroImage } from '../../components/hero-image';
import { PageMeta } from './page-meta';
import { homeSeo } from '../../features/seo/model';
import { PageSection } from '../../components/page-section';
import { SectionHeading } from '../../components/section-heading';
import { ReelGallery } from '../../features/reels/components/reel-gallery';
import { ExpertiseCards } from '../../features/services/components/expertise-cards';
import { useSiteInfo } from '../../features/site-info/api/get-site-info';
import { island } from '../../lib/island';

/** The reels' embed script loads as the visitor nears them: the island's code comes then too. */
const ReelGalleryIsland = island('reel-gallery', ReelGallery, 'visible');

/**
 * From all but transparent, not 0: text at opacity 0 is not painted, so the browser would count the
 * heading as the page's largest paint (LCP) only once it faded in; at 0.01 it is painted with the
 * page's first frame, unseen, and the fade only shows it.
 */
const riseIn = keyframes`
  from { opacity: 0.01; transform: translateY(24px); }
  to { opacity: 1; transform: none; }
`;

/** SPEC.md 2: the heading after 100 ms, the actions after 800 ms (CSS only, no script); nothing moves for visitors who ask for reduced motion. */
const entrance = (delayMs: number) => ({
  animation: `${riseIn} 900ms cubic-bezier(0.2, 0.7, 0.2, 1) ${delayMs}ms both`,
  '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
});

/** The home page's hero: web/public/images/hero.svg and its own size (its viewBox). */
export const HERO_IMAGE = { src: '/images/hero.svg', width: 1920, height: 1080 };

const PROCESS = [
  { title: 'Consult', text: 'A free call and site visit to understand your space, style and budget.' },
  { title: 'Design', text: 'Layouts, 3D views and a material palette you approve room by room.' },
  { title: 'Build', text: 'One accountable team on site, with weekly photo updates and quality checks.' },
  { title: 'Handover', text: 'A snag-free finish, warranties and care guides for everything we built.' },
];

export function HomePage() {
  const { data: site } = useSiteInfo();

  return (
    <>
      <PageMeta {...homeSeo()} />

      <Box
        component="section"
        aria-labelledby="hero-title"
        sx={{
          position: 'relative',
          minHeight: { xs: 'calc(100svh - 64px)', md: 'calc(100svh - 72px)' },
          display: 'flex',
          alignItems: 'center',
          color: 'common.white',
          backgroundColor: '#2B2420',
          overflow: 'hidden',
          // The shade over the photo that keeps the white heading readable.
          '&::after': {
            content: '""',
            position: 'absolute',
            inset: 0,
            zIndex: 1,
            backgroundImage: 'linear-gradient(100deg, rgba(18, 24, 23, 0.86) 0%, rgba(18, 24, 23, 0.62) 55%, rgba(18, 24, 23, 0.35) 100%)',
          },
        }}
      >
        {/* A vector image (14 KB) is sharp at every width, so it has no smaller copies to offer as a srcset. */}
        <HeroImage src={HERO_IMAGE.src} width={HERO_IMAGE.width} height={HERO_IMAGE.height} />
        <Container maxWidth="lg" sx={{ position: 'relative', zIndex: 2, py: { xs: 10, md: 14 } }}>
          <Box sx={{ maxWidth: 720 }}>
            <Box sx={entrance(100)}>
              <Typography variant="overline" component="p" sx={{ color: '#E8C9A8', mb: 2 }}>
                Interior design studio · Hyderabad
              </Typography>
              <Typography variant="h1" id="hero-title" sx={{ mb: 3 }}>
                Crafting Spaces That Inspire
              </Typography>
              <Typography
                component="p"
                sx={{ fontSize: { xs: '1.125rem', md: '1.35rem' }, lineHeight: 1.6, color: 'rgba(255,255,255,0.86)', mb: 5 }}
              >
                Transform your vision into reality with our premium interior design services.
              </Typography>
            </Box>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={entrance(800)}>
              <Button component={RouterLink} to="/calculator" variant="contained" color="secondary" size="large">
                Get Free Estimate
              </Button>
              {site && (
                <Button
                  component="a"
                  href={whatsappLink(site.companyPhone)}
                  target="_blank"
                  rel="noopener noreferrer"
                  variant="outlined"
                  size="large"
                  startIcon={<WhatsAppIcon />}
                  sx={{
                    color: 'common.white',
                    borderColor: 'rgba(255,255,255,0.6)',
                    '&:hover': { borderColor: 'common.white', bgcolor: 'rgba(255,255,255,0.08)' },
                  }}
                >
                  Chat on WhatsApp
                </Button>
              )}
            </Stack>
          </Box>
        </Container>
      </Box>

      <PageSection labelledBy="expertise-title">
        <SectionHeading
          id="expertise-title"
          eyebrow="What we do"
          title="Our Expertise"
          subtitle="From a single room to a complete villa or a 60-seat office, one studio takes your project from the first sketch to the final handover."
        />
        <ExpertiseCards />
      </PageSection>

      <PageSection tone="sand" labelledBy="process-title">
        <SectionHeading id="process-title" eyebrow="How we work" title="From first call to handover" />
        <Box
          component="ol"
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            display: 'grid',
            gap: { xs: 4, md: 5 },
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
          }}
        >
          {PROCESS.map((step, index) => (
            <Box component="li" key={step.title} sx={{ borderTop: 2, borderColor: 'secondary.main', pt: 2.5 }}>
              <Typography variant="overline" component="p" color="secondary.dark">
                Step {index + 1}
              </Typography>
              <Typography variant="h4" component="h3" sx={{ mb: 1 }}>
                {step.title}
              </Typography>
              <Typography color="text.secondary">{step.text}</Typography>
            </Box>
          ))}
        </Box>
      </PageSection>

      <PageSection labelledBy="reels-title">
        <Box
          sx={{
            display: 'flex',
            flexDirection: { xs: 'column', md: 'row' },
            alignItems: { xs: 'flex-start', md: 'flex-end' },
            justifyContent: 'space-between',
            gap: 3,
            mb: { xs: 4, md: 6 },
          }}
        >
          <Box sx={{ maxWidth: 640 }}>
            <Typography variant="overline" component="p" color="secondary.dark" sx={{ mb: 1 }}>
              On Instagram
            </Typography>
            <Typography variant="h2" id="reels-title">
              See Our Work in Action
            </Typography>
            <Typography variant="subtitle1" color="text.secondary" sx={{ mt: 2 }}>
              Short walkthroughs of homes and workplaces we have designed across Hyderabad.
            </Typography>
          </Box>
          {site?.social.instagram && (
            <Button
              component="a"
              href={site.social.instagram}
              target="_blank"
              rel="noopener noreferrer"
              variant="outlined"
              size="large"
              startIcon={<InstagramIcon />}
              sx={{ flexShrink: 0 }}
            >
              Follow us on Instagram
            </Button>
          )}
        </Box>
        {site && <ReelGalleryIsland reels={site.reels} />}
      </PageSection>
    </>
  );
}
