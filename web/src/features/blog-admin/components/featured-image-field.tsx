import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import { useFormikContext } from 'formik';
import { FormTextField } from '../../../components/form-fields';

/** The cover of a post: its address, and the image as the blog will show it. */
export function FeaturedImageField({ name }: { name: string }) {
  const { values } = useFormikContext<Record<string, string>>();
  const url = (values[name] ?? '').trim();
  const showable = url.startsWith('/') || url.startsWith('https://');
  return (
    <Grid size={12}>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexDirection: { xs: 'column', sm: 'row' } }}>
        <Box sx={{ flex: 1, width: '100%' }}>
          <FormTextField name={name} label="Featured Image" fullWidth placeholder="/uploads/... or https://..." helperText="The cover on the blog list and at the top of the post" />
        </Box>
        {showable && (
          <Box component="img" src={url} alt="Featured image preview" width={192} height={101} sx={{ width: 192, height: 'auto', aspectRatio: '1200 / 630', objectFit: 'cover', borderRadius: 1, bgcolor: '#E9E1D6', flexShrink: 0 }} />
        )}
      </Box>
    </Grid>
  );
}
