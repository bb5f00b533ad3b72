import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useFormikContext } from 'formik';
import { useDeferredValue, useState } from 'react';
import { FormTextField } from '../../../components/form-fields';
import { MarkdownContent } from '../../../components/markdown-content';

/**
 * The post body: Markdown typed on the left, the page as visitors will see it
 * on the right (the same renderer as the public post page). On a phone the
 * two are tabs, Write and Preview.
 */
export function MarkdownEditor({ name, label }: { name: string; label: string }) {
  const { values } = useFormikContext<Record<string, string>>();
  const markdown = useDeferredValue(values[name] ?? '');
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'));
  const [tab, setTab] = useState<'write' | 'preview'>('write');
  const showWrite = wide || tab === 'write';
  const showPreview = wide || tab === 'preview';
  return (
    <Grid size={12}>
      {!wide && (
        <Tabs value={tab} onChange={(_event, value: 'write' | 'preview') => setTab(value)} aria-label="Write or preview" sx={{ mb: 1 }}>
          <Tab value="write" label="Write" />
          <Tab value="preview" label="Preview" />
        </Tabs>
      )}
      <Grid container spacing={2}>
        {showWrite && (
          <Grid size={{ xs: 12, md: 6 }}>
            <FormTextField
              name={name}
              label={label}
              required
              multiline
              minRows={16}
              maxRows={30}
              fullWidth
              helperText="Markdown: ## Heading, **bold**, *italic*, - list, [link text](/calculator), ![image](https://...)"
              slotProps={{ htmlInput: { spellCheck: true, style: { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: 14 } } }}
            />
          </Grid>
        )}
        {showPreview && (
          <Grid size={{ xs: 12, md: 6 }}>
            <Box
              component="section"
              aria-label="Preview"
              sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, height: '100%', minHeight: 200, maxHeight: 640, overflowY: 'auto', bgcolor: 'background.paper' }}
            >
              <Typography variant="overline" color="text.secondary" component="p" sx={{ lineHeight: 2 }}>
                Preview
              </Typography>
              {markdown.trim() ? (
                <MarkdownContent markdown={markdown} preview sx={{ fontSize: '1rem' }} />
              ) : (
                <Typography color="text.secondary">Nothing to preview yet.</Typography>
              )}
            </Box>
          </Grid>
        )}
      </Grid>
    </Grid>
  );
}
