import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import PlaceIcon from '@mui/icons-material/Place';
import { useEffect, useState } from 'react';
import { useNearViewport } from '../../../hooks/use-near-viewport';
import { mapReachable } from '../api/map-reachable';
import { mapEmbedUrl, mapLinkUrl } from '../model';

/**
 * The office on Google Maps. When the visitor scrolls near it, the page first
 * checks that Google answers, and only then inserts the iframe: the page never
 * waits on the third party, and when Google is unreachable (offline, blocked,
 * a firewall) the placeholder stays instead of the browser's broken-frame
 * page. The plain link always works. `checkReachable` is handed in by tests.
 */
export function OfficeMap({ query, checkReachable = mapReachable }: { query: string; checkReachable?: typeof mapReachable }) {
  const { ref, near } = useNearViewport<HTMLDivElement>('200px');
  const [reachable, setReachable] = useState<boolean | null>(null);
  useEffect(() => {
    if (!near) return;
    const controller = new AbortController();
    void checkReachable(mapEmbedUrl(query), controller.signal).then((answer) => {
      if (!controller.signal.aborted) setReachable(answer);
    });
    return () => controller.abort();
  }, [near, query, checkReachable]);
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
          aria-hidden={reachable !== false}
          sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center', color: 'text.secondary', textAlign: 'center', p: 3 }}
        >
          <Box>
            <PlaceIcon sx={{ fontSize: 40, color: 'secondary.main' }} />
            <Box sx={{ mt: 1 }}>{query}</Box>
            {reachable === false && <Box sx={{ mt: 1, fontSize: '0.875rem' }}>The map could not be loaded here. Open it in Google Maps below.</Box>}
          </Box>
        </Box>
        {near && reachable && (
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
