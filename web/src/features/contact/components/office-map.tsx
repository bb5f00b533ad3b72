import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import PlaceIcon from '@mui/icons-material/Place';
import { useNearViewport } from '../../../hooks/use-near-viewport';
import { mapEmbedUrl, mapLinkUrl } from '../model';

/**
 * The office on Google Maps. The iframe is inserted only when the visitor
 * scrolls near it, so the page never waits on (or breaks without) the third party;
 * the plain link always works.
 */
export function OfficeMap({ query }: { query: string }) {
  const { ref, near } = useNearViewport<HTMLDivElement>('200px');
  return (
    <Box>
      <Box
        ref={ref}
        sx={{
          position: 'relative',
          height: { xs: 320, md: 420 },
          borderRadius: 4,
          overflow: 'hidden',
          bgcolor: '#E9E1D6',
          border: 1,
          borderColor: 'divider',
        }}
      >
        <Box
          aria-hidden
          sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center', color: 'text.secondary', textAlign: 'center', p: 3 }}
        >
          <Box>
            <PlaceIcon sx={{ fontSize: 40, color: 'secondary.main' }} />
            <Box sx={{ mt: 1 }}>{query}</Box>
          </Box>
        </Box>
        {near && (
          <Box
            component="iframe"
            title="Office location map"
            loading="lazy"
            src={mapEmbedUrl(query)}
            referrerPolicy="no-referrer-when-downgrade"
            sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', border: 0 }}
          />
        )}
      </Box>
      <Link
        href={mapLinkUrl(query)}
        target="_blank"
        rel="noopener noreferrer"
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mt: 1.5, fontWeight: 600 }}
      >
        Open in Google Maps
        <OpenInNewIcon sx={{ fontSize: 16 }} aria-hidden />
      </Link>
    </Box>
  );
}
