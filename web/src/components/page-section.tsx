import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import type { ReactNode } from 'react';

/** The page band every public page is built from: vertical rhythm and the content width. */
export function PageSection({
  children,
  tone = 'default',
  maxWidth = 'lg',
  labelledBy,
}: {
  children: ReactNode;
  tone?: 'default' | 'paper' | 'sand';
  maxWidth?: 'sm' | 'md' | 'lg';
  labelledBy?: string;
}) {
  const bgcolor = tone === 'paper' ? 'background.paper' : tone === 'sand' ? '#EFE6DA' : 'transparent';
  return (
    <Box component="section" aria-labelledby={labelledBy} sx={{ bgcolor, py: { xs: 7, md: 11 } }}>
      <Container maxWidth={maxWidth}>{children}</Container>
    </Box>
  );
}
