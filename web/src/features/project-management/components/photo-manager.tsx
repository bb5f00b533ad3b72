import AddPhotoAlternateOutlinedIcon from '@mui/icons-material/AddPhotoAlternateOutlined';
import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MAX_PROJECT_PHOTOS, PHOTO_TYPES, type ProjectPhoto } from '@app/shared-types/photos';
import type { Project } from '@app/shared-types/projects';
import { useRef, useState, type ChangeEvent } from 'react';
import { PhotoImage } from '../../../components/photo-image';
import { useToast } from '../../../lib/toast';
import { serverMessage } from '../../../lib/api-errors';
import { useRemoveProjectPhoto } from '../api/remove-project-photo';
import { useSetCoverPhoto } from '../api/set-cover-photo';
import { useUploadProjectPhoto } from '../api/add-project-photo';
import { checkPhotoFile, makePhotoCopies } from '../../../lib/photo-copies';
import { ChooseFileButton } from '../../../components/choose-file-button';
import { ConfirmDeleteDialog } from '../../../components/confirm-delete-dialog';

const TOO_MANY_MESSAGE = `A project can have at most ${MAX_PROJECT_PHOTOS} photos. Remove one first.`;

/** One chosen file on its way in; it leaves the list once added. */
interface UploadJob {
  id: number;
  name: string;
  step: string;
  /** 0-100. */
  progress: number;
  error: string | null;
}

function photoLabel(index: number) {
  return index === 0 ? 'Photo 1 (cover)' : `Photo ${index + 1}`;
}

/**
 * The photos of a saved project: thumbnails with 'Make cover' and 'Remove',
 * and 'Add photos'. Each chosen file is checked by its first bytes and size,
 * scaled down to the kept widths in the browser and uploaded straight to
 * storage, one file at a time, with its progress and any error beside its
 * name. Not part of the form: a photo is saved the moment it is added.
 */
export function PhotoManager({ project }: { project: Project }) {
  const { toast } = useToast();
  const upload = useUploadProjectPhoto();
  const removePhoto = useRemoveProjectPhoto();
  const setCover = useSetCoverPhoto();
  const [jobs, setJobs] = useState<UploadJob[]>([]);
  const [removing, setRemoving] = useState<ProjectPhoto | null>(null);
  const [removeOpen, setRemoveOpen] = useState(false);
  const nextJobId = useRef(1);
  const busy = removePhoto.isPending || setCover.isPending;
  const uploading = jobs.some((job) => job.error === null);

  const updateJob = (id: number, change: Partial<UploadJob>) =>
    setJobs((current) => current.map((job) => (job.id === id ? { ...job, ...change } : job)));

  /** Runs one file through check, copies and upload; true when the photo was added. */
  const addOne = async (id: number, file: File): Promise<boolean> => {
    try {
      updateJob(id, { step: 'Checking...', progress: 5 });
      const problem = await checkPhotoFile(file);
      if (problem) throw new Error(problem);
      updateJob(id, { step: 'Preparing copies...', progress: 15 });
      const photo = await makePhotoCopies(file);
      updateJob(id, { step: 'Uploading...', progress: 30 });
      await upload.mutateAsync({
        projectId: project.id,
        photo,
        onProgress: (done) => updateJob(id, { progress: 30 + Math.round(done * 70) }),
      });
      setJobs((current) => current.filter((job) => job.id !== id));
      return true;
    } catch (error) {
      updateJob(id, { step: 'Not added', progress: 0, error: serverMessage(error) });
      return false;
    }
  };

  const addFiles = async (files: File[]) => {
    const room = MAX_PROJECT_PHOTOS - project.images.length - jobs.filter((job) => job.error === null).length;
    const queued = files.map((file, index) => ({
      job: {
        id: nextJobId.current++,
        name: file.name,
        step: index < room ? 'Waiting...' : 'Not added',
        progress: 0,
        error: index < room ? null : TOO_MANY_MESSAGE,
      },
      file,
    }));
    setJobs((current) => [...current, ...queued.map((item) => item.job)]);
    let added = 0;
    // One at a time: decoding a large photo takes a lot of memory on a phone.
    for (const { job, file } of queued) {
      if (job.error === null && (await addOne(job.id, file))) added++;
    }
    if (added > 0) toast({ title: added === 1 ? 'Photo added' : `${added} photos added`, description: project.name });
  };

  const onChoose = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    // Cleared, so choosing the same file again is a change too.
    event.target.value = '';
    if (files.length > 0) void addFiles(files);
  };

  const makeCover = async (photo: ProjectPhoto) => {
    try {
      await setCover.mutateAsync({ projectId: project.id, photoId: photo.id });
      toast({ title: 'Cover photo changed', description: project.name });
    } catch (error) {
      toast({ variant: 'destructive', title: 'Error changing the cover photo', description: serverMessage(error) });
    }
  };

  const remove = async (photo: ProjectPhoto) => {
    try {
      await removePhoto.mutateAsync({ projectId: project.id, photoId: photo.id });
      toast({ title: 'Photo removed', description: project.name });
    } catch (error) {
      toast({ variant: 'destructive', title: 'Error removing photo', description: serverMessage(error) });
    } finally {
      setRemoveOpen(false);
    }
  };

  return (
    <Box component="section" aria-label="Photos">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1.5, flexWrap: 'wrap', rowGap: 1 }}>
        <Typography variant="body2" color="text.secondary">
          {project.images.length === 0
            ? 'No photos yet. The first photo is the cover.'
            : `${project.images.length} of ${MAX_PROJECT_PHOTOS} photos. The first is the cover.`}{' '}
          Photos are saved as soon as they are added or changed.
        </Typography>
        <ChooseFileButton
          icon={<AddPhotoAlternateOutlinedIcon />}
          accept={PHOTO_TYPES.join(',')}
          multiple
          onChoose={onChoose}
          disabled={project.images.length >= MAX_PROJECT_PHOTOS}
        >
          Add photos
        </ChooseFileButton>
      </Stack>

      {jobs.length > 0 && (
        <Stack component="ul" spacing={1} aria-label="Photo uploads" sx={{ listStyle: 'none', p: 0, m: 0, mb: 1.5 }}>
          {jobs.map((job) => (
            <Box component="li" key={job.id} sx={{ border: 1, borderColor: job.error ? 'error.light' : 'divider', borderRadius: 2, px: 1.5, py: 1 }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <Typography variant="body2" sx={{ fontWeight: 600, flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                  {job.name}
                </Typography>
                <Typography variant="caption" color={job.error ? 'error' : 'text.secondary'}>
                  {job.step}
                </Typography>
                {job.error && (
                  <IconButton
                    size="small"
                    aria-label={`Dismiss ${job.name}`}
                    onClick={() => setJobs((current) => current.filter((item) => item.id !== job.id))}
                  >
                    <CloseIcon fontSize="small" />
                  </IconButton>
                )}
              </Stack>
              {job.error ? (
                <Typography variant="body2" color="error" role="alert">
                  {job.error}
                </Typography>
              ) : (
                <LinearProgress
                  variant="determinate"
                  value={job.progress}
                  aria-label={`Uploading ${job.name}`}
                  sx={{ mt: 0.75, height: 6, borderRadius: 3 }}
                />
              )}
            </Box>
          ))}
        </Stack>
      )}

      {project.images.length > 0 && (
        <Box
          component="ul"
          aria-label="Project photos"
          sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fill, minmax(172px, 1fr))' }}
        >
          {project.images.map((photo, index) => {
            const labelId = `photo-${photo.id}-label`;
            return (
              <Box component="li" key={photo.id} sx={{ border: 1, borderColor: 'divider', borderRadius: 2, overflow: 'hidden', bgcolor: 'background.paper' }}>
                <Box sx={{ position: 'relative' }}>
                  <PhotoImage
                    photo={photo}
                    alt={photoLabel(index)}
                    sizes="180px"
                    width={180}
                    height={120}
                    sx={{ display: 'block', width: '100%', height: 110, objectFit: 'cover', bgcolor: 'action.hover' }}
                  />
                  {index === 0 && <Chip label="Cover" size="small" color="primary" sx={{ position: 'absolute', top: 6, left: 6 }} />}
                </Box>
                <Typography id={labelId} variant="caption" color="text.secondary" sx={{ display: 'block', px: 1, pt: 0.5 }}>
                  {photoLabel(index)}
                </Typography>
                <Stack direction="row" sx={{ px: 0.5, pb: 0.5, justifyContent: 'space-between' }}>
                  {index > 0 ? (
                    <Button size="small" onClick={() => void makeCover(photo)} disabled={busy} aria-describedby={labelId}>
                      Make cover
                    </Button>
                  ) : (
                    <span />
                  )}
                  <Button
                    size="small"
                    color="error"
                    onClick={() => {
                      setRemoving(photo);
                      setRemoveOpen(true);
                    }}
                    disabled={busy}
                    aria-describedby={labelId}
                  >
                    Remove
                  </Button>
                </Stack>
              </Box>
            );
          })}
        </Box>
      )}

      {uploading && (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
          Photos are saved as they arrive; closing this dialog does not stop an upload.
        </Typography>
      )}

      <ConfirmDeleteDialog
        open={removeOpen}
        title="Remove this photo?"
        message={`The photo will be deleted from ${project.name}${project.showOnWebsite ? ' and from the website' : ''}. This cannot be undone.`}
        action="Remove"
        pending={removePhoto.isPending}
        onCancel={() => setRemoveOpen(false)}
        onConfirm={() => removing && void remove(removing)}
      />
    </Box>
  );
}
