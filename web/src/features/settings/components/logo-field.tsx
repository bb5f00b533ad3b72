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
import { makePhotoCopies } from '../../../lib/photo-copies';
import { usePhotoUpload } from '../../../lib/use-photo-upload';
import { uploadCompanyLogo } from '../api/company-logo';

export const LOGO_HINT = 'JPEG, PNG or WebP. The website header and footer show it beside the name; saved with Save Changes.';

interface LogoFieldProps {
  /** The Formik path of the logo's URL ('company.companyLogo'). */
  name: string;
  label: string;
  /** Scales the chosen image (lib/photo-copies.ts); tests, whose jsdom cannot draw, hand in a ready copy. */
  prepare?: typeof makePhotoCopies;
}

/**
 * Settings > Company > Logo: the logo as it is (or 'No logo'), 'Upload logo'
 * and 'Remove logo'. A chosen image is checked, scaled in the browser like a
 * photo and its smallest copy uploaded and checked by the server; its URL then
 * becomes the field's value, saved with the other settings (and their version).
 */
export function LogoField({ name, label, prepare = makePhotoCopies }: LogoFieldProps) {
  const [field, , helpers] = useField<string>(name);
  const logo = field.value;
  // A logo keeps its transparency (PNG), so a transparent one sits on the dark footer without a white tile.
  const { step, error, onChoose } = usePhotoUpload({
    noun: 'logo',
    prepare,
    copies: { keepTransparency: true },
    upload: async (photo) => {
      await helpers.setValue(await uploadCompanyLogo(photo));
    },
  });

  return (
    <Grid size={12}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }} component="section" aria-label={label}>
        <Box
          sx={{
            width: 160,
            height: 72,
            flexShrink: 0,
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            display: 'grid',
            placeItems: 'center',
            bgcolor: 'background.default',
            overflow: 'hidden',
          }}
        >
          {logo ? (
            <Box component="img" src={logo} alt="Company logo" width={144} height={56} sx={{ width: 144, height: 56, objectFit: 'contain' }} />
          ) : (
            <Typography variant="body2" color="text.secondary">
              No logo
            </Typography>
          )}
        </Box>
        <Box sx={{ minWidth: 0, flexGrow: 1 }}>
          <Typography variant="subtitle2" component="p">
            {label}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1, mt: 0.5 }}>
            <ChooseFileButton icon={<AddPhotoAlternateOutlinedIcon />} accept={PHOTO_TYPES.join(',')} onChoose={onChoose} disabled={step !== null}>
              {logo ? 'Change logo' : 'Upload logo'}
            </ChooseFileButton>
            {logo && (
              <Button size="small" color="error" onClick={() => void helpers.setValue('')} disabled={step !== null}>
                Remove logo
              </Button>
            )}
          </Stack>
          <UploadStatus step={step} error={error} label="Uploading the logo" hint={LOGO_HINT} />
        </Box>
      </Stack>
    </Grid>
  );
}
