import AddAPhotoOutlinedIcon from '@mui/icons-material/AddAPhotoOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { EmployeeRecord } from '@app/shared-types/employees';
import { PHOTO_TYPES } from '@app/shared-types/photos';
import { useFormikContext } from 'formik';
import { ChooseFileButton } from '../../../components/choose-file-button';
import { UploadStatus } from '../../../components/upload-status';
import { serverMessage } from '../../../lib/api-errors';
import { makePhotoCopies } from '../../../lib/photo-copies';
import { usePhotoUpload } from '../../../lib/use-photo-upload';
import { useToast } from '../../../lib/toast';
import { useRemoveProfilePhoto, useUploadProfilePhoto } from '../api/profile-photo';
import { EmployeeAvatar } from './employee-badges';

export const SAVE_FIRST_HINT = 'Save first, then add a photo.';
export const UNSAVED_CHANGES_HINT = 'Save or cancel your changes first, then change the photo.';

interface ProfilePhotoFieldProps {
  employee: EmployeeRecord;
  /** Told the employee as saved now (a new version) after the photo changed. */
  onSaved: (saved: EmployeeRecord) => void;
  /** Set while the form around has unsaved changes: a photo change would make them stale. */
  locked?: boolean;
  /** Scales the chosen image (lib/photo-copies.ts); tests, whose jsdom cannot draw, hand in a ready copy. */
  prepare?: typeof makePhotoCopies;
}

/**
 * An employee's profile photo: the photo (or their initials), 'Upload photo'
 * and 'Remove photo'. A chosen image is checked by its first bytes and size,
 * scaled in the browser like a project photo (lib/photo-copies.ts, JPEG, EXIF
 * dropped) and its 480 px copy uploaded straight to storage; the server checks
 * it again and saves it at once, not with the form.
 */
export function ProfilePhotoField({ employee, onSaved, locked = false, prepare = makePhotoCopies }: ProfilePhotoFieldProps) {
  const { toast } = useToast();
  const upload = useUploadProfilePhoto();
  const remove = useRemoveProfilePhoto();
  const { step, error, setError, onChoose } = usePhotoUpload({
    noun: 'photo',
    prepare,
    upload: async (photo) => {
      const saved = await upload.mutateAsync({ id: employee.id, photo });
      toast({ title: 'Profile photo saved', description: saved.name });
      onSaved(saved);
    },
  });
  const busy = step !== null || remove.isPending;

  const onRemove = async () => {
    setError(null);
    try {
      const saved = await remove.mutateAsync(employee.id);
      toast({ title: 'Profile photo removed', description: saved.name });
      onSaved(saved);
    } catch (failure) {
      setError(serverMessage(failure));
    }
  };

  return (
    <Grid size={12}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }} component="section" aria-label="Profile photo">
        <EmployeeAvatar name={employee.name} picture={employee.profilePicture} size={72} />
        <Box sx={{ minWidth: 0, flexGrow: 1 }}>
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
            <ChooseFileButton icon={<AddAPhotoOutlinedIcon />} accept={PHOTO_TYPES.join(',')} onChoose={onChoose} disabled={busy || locked}>
              {employee.profilePicture ? 'Change photo' : 'Upload photo'}
            </ChooseFileButton>
            {employee.profilePicture && (
              <Button size="small" color="error" onClick={() => void onRemove()} disabled={busy || locked}>
                Remove photo
              </Button>
            )}
          </Stack>
          <UploadStatus
            step={step}
            error={error}
            label="Uploading the profile photo"
            hint={locked ? UNSAVED_CHANGES_HINT : 'JPEG, PNG or WebP. Saved as soon as it is chosen; the cards show it instead of the initials.'}
          />
        </Box>
      </Stack>
    </Grid>
  );
}

/**
 * The photo field in the employee dialog's form: for an employee being added,
 * a hint; for a saved one, the field, locked while the form has unsaved
 * changes (a saved photo gives the employee a new version, and the form
 * starts again from it through `onSaved`).
 */
export function ProfilePhotoFormField({
  employee,
  onSaved,
  prepare,
}: {
  employee: EmployeeRecord | null;
  onSaved: (saved: EmployeeRecord) => void;
  prepare?: typeof makePhotoCopies;
}) {
  const { dirty } = useFormikContext();
  if (!employee) {
    return (
      <Grid size={12}>
        <Typography variant="body2" color="text.secondary">
          Profile photo: {SAVE_FIRST_HINT}
        </Typography>
      </Grid>
    );
  }
  return <ProfilePhotoField employee={employee} onSaved={onSaved} locked={dirty} prepare={prepare} />;
}
