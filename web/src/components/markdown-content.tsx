import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { renderMarkdown } from '@app/shared-types/markdown';
import { useMemo, type MouseEvent } from 'react';
import { useNavigate } from 'react-router';

/** How a post's body reads: the public post page and the editor's preview share it. */
const articleSx: SxProps<Theme> = {
  fontSize: '1.075rem',
  lineHeight: 1.8,
  overflowWrap: 'break-word',
  '& h1': { typography: 'h2', mt: 5, mb: 2 },
  '& h2': { typography: 'h3', mt: 5, mb: 2 },
  '& h3': { typography: 'h4', mt: 4, mb: 1.5 },
  '& h4, & h5, & h6': { typography: 'h5', mt: 3, mb: 1 },
  '& p': { mt: 0, mb: 2.5 },
  '& ul, & ol': { pl: 3, mb: 2.5 },
  '& li': { mb: 1 },
  '& a': { color: 'primary.main' },
  '& img': { maxWidth: '100%', height: 'auto', borderRadius: 2 },
  '& blockquote': { borderLeft: 4, borderColor: 'secondary.main', m: 0, mb: 2.5, pl: 2.5, color: 'text.secondary' },
  '& pre': { overflowX: 'auto', p: 2, bgcolor: '#EFE8DE', borderRadius: 2 },
  '& table': { borderCollapse: 'collapse', mb: 2.5, display: 'block', overflowX: 'auto' },
  '& th, & td': { border: 1, borderColor: 'divider', px: 1.5, py: 0.75 },
};

/**
 * A post's Markdown, rendered by the one safe renderer (shared-types/markdown:
 * raw HTML escaped, unsafe links dropped, rel="noopener" on every link). A
 * link to a page of this site moves within the app instead of reloading it;
 * in a `preview` no link is followed.
 */
export function MarkdownContent({ markdown, preview = false, sx }: { markdown: string; preview?: boolean; sx?: SxProps<Theme> }) {
  const html = useMemo(() => renderMarkdown(markdown), [markdown]);
  const navigate = useNavigate();
  const followInside = (event: MouseEvent<HTMLElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = (event.target as HTMLElement).closest('a');
    // An editor's preview shows links; following one would leave the editor.
    if (link && preview) {
      event.preventDefault();
      return;
    }
    const href = link?.getAttribute('href');
    if (!link || !href || link.target || !href.startsWith('/') || href.startsWith('//')) return;
    event.preventDefault();
    void navigate(href);
  };
  return (
    <Box
      className="markdown-content"
      // Safe by construction: renderMarkdown never lets HTML, scripts or unsafe links through.
      dangerouslySetInnerHTML={{ __html: html }}
      onClick={followInside}
      sx={[articleSx, ...(Array.isArray(sx) ? sx : [sx])]}
    />
  );
}
