import AddPhotoAlternateOutlinedIcon from '@mui/icons-material/AddPhotoAlternateOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PHOTO_TYPES } from '@app/shared-types/photos';
import { useField } from 'formik';
import { ChooseFileButton } from '../../../components/choose-file-button';
import { UploadStatus } from '../../../components/upload-status';
import { FormTextField } from '../../../components/form-fields';
import { makePhotoCopies } from '../../../lib/photo-copies';
import { usePhotoUpload } from '../../../lib/use-photo-upload';
import { uploadBlogImage } from '../api/upload-blog-image';

interface FeaturedImageFieldProps {
  name: string;
  /** Scales the chosen image (lib/photo-copies.ts); tests, whose jsdom cannot draw, hand in a ready copy. */
  prepare?: typeof makePhotoCopies;
}

/**
 * The cover of a post: the image as the blog will show it, 'Upload image'
 * (checked and scaled in the browser, uploaded and checked by the server; its
 * URL becomes the field's value, saved with the post), 'Remove', and the
 * address itself for an image hosted elsewhere (https).
 */
export function FeaturedImageField({ name, prepare = makePhotoCopies }: FeaturedImageFieldProps) {
  const [field, , helpers] = useField<string>(name);
  const url = field.value.trim();
  const showable = url.startsWith('/') || url.startsWith('https://');
  const { step, error, onChoose } = usePhotoUpload({
    noun: 'image',
    prepare,
    upload: async (photo) => {
      await helpers.setValue(await uploadBlogImage(photo));
    },
  });

  return (
    <Grid size={12}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} component="section" aria-label="Featured image">
        <Box
          sx={{ width: { xs: '100%', sm: 228 }, aspectRatio: '1200 / 630', flexShrink: 0, border: 1, borderColor: 'divider', borderRadius: 1, display: 'grid', placeItems: 'center', bgcolor: '#E9E1D6', overflow: 'hidden' }}
        >
          {showable ? (
            <Box component="img" src={url} alt="Featured image" width={228} height={120} sx={{ width: '100%', height: '100%', objectFit: 'cover' }} />
          ) : (
            <Typography variant="body2" color="text.secondary">
              No featured image
            </Typography>
          )}
        </Box>
        <Box sx={{ minWidth: 0, flexGrow: 1 }}>
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1, mb: 1.5 }}>
            <ChooseFileButton icon={<AddPhotoAlternateOutlinedIcon />} accept={PHOTO_TYPES.join(',')} onChoose={onChoose} disabled={step !== null}>
              {url ? 'Change image' : 'Upload image'}
            </ChooseFileButton>
            {url && (
              <Button size="small" color="error" onClick={() => void helpers.setValue('')} disabled={step !== null}>
                Remove image
              </Button>
            )}
          </Stack>
          <Box sx={{ mb: 1 }}>
            <UploadStatus step={step} error={error} label="Uploading the image" />
          </Box>
          <FormTextField name={name} label="Featured Image" fullWidth size="small" placeholder="/uploads/... or https://..." helperText="JPEG, PNG or WebP; the cover on the blog list and at the top of the post" />
        </Box>
      </Stack>
    </Grid>
  );
}
