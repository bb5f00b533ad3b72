import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

interface SectionHeadingProps {
  title: ReactNode;
  /** Small capitals line above the title. */
  eyebrow?: string;
  subtitle?: ReactNode;
  /** The heading level in the page outline; h2 unless the heading is the page's title. */
  component?: 'h1' | 'h2' | 'h3';
  align?: 'left' | 'center';
  id?: string;
}

export function SectionHeading({ title, eyebrow, subtitle, component = 'h2', align = 'left', id }: SectionHeadingProps) {
  const centered = align === 'center';
  return (
    <Box sx={{ mb: { xs: 4, md: 6 }, textAlign: align, maxWidth: centered ? 720 : 'none', mx: centered ? 'auto' : 0 }}>
      {eyebrow && (
        <Typography variant="overline" component="p" color="secondary.dark" sx={{ mb: 1 }}>
          {eyebrow}
        </Typography>
      )}
      <Typography variant={component === 'h1' ? 'h1' : 'h2'} component={component} id={id}>
        {title}
      </Typography>
      {subtitle && (
        <Typography variant="subtitle1" component="p" color="text.secondary" sx={{ mt: 2 }}>
          {subtitle}
        </Typography>
      )}
    </Box>
  );
}
