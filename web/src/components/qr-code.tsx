import Box from '@mui/material/Box';
import { generate } from 'lean-qr';
import { toSvgDataURL } from 'lean-qr/extras/svg';
import { useMemo } from 'react';

/**
 * A QR code drawn in the browser (lean-qr, a few KiB, only in the portal's
 * chunks) as an <img> of an SVG data URL: `text` never leaves the page.
 */
export function QrCode({ text, label, size = 200 }: { text: string; label: string; size?: number }) {
  const src = useMemo(() => toSvgDataURL(generate(text), { on: 'black', off: 'white', pad: 4 }), [text]);
  return (
    <Box
      component="img"
      src={src}
      alt={label}
      width={size}
      height={size}
      sx={{ display: 'block', imageRendering: 'pixelated', border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'common.white' }}
    />
  );
}
