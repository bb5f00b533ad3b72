import { useState, type ChangeEvent } from 'react';
import { serverMessage } from './api-errors';
import { checkPhotoFile, makePhotoCopies, type CopyOptions, type PreparedPhoto } from './photo-copies';

interface PhotoUploadOptions {
  /** What is being prepared, for the step shown ('Preparing the logo...'). */
  noun: string;
  /** Scales the chosen image (lib/photo-copies.ts); tests, whose jsdom cannot draw, hand in a ready copy. */
  prepare?: typeof makePhotoCopies;
  /** How the copies are made (a logo keeps its transparency). */
  copies?: CopyOptions;
  /** Sends the prepared copies and does what follows (sets a field, saves the record...). */
  upload: (photo: PreparedPhoto) => Promise<void>;
}

/**
 * The one flow of a single image chosen in the portal: checked by its first
 * bytes and size, scaled in the browser, uploaded; `step` says which part is
 * running, `error` why it failed (the server's message when it answered).
 * `onChoose` is the file input's change handler.
 */
export function usePhotoUpload({ noun, prepare = makePhotoCopies, copies, upload }: PhotoUploadOptions) {
  const [step, setStep] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const send = async (file: File) => {
    setError(null);
    try {
      setStep('Checking...');
      const problem = await checkPhotoFile(file);
      if (problem) throw new Error(problem);
      setStep(`Preparing the ${noun}...`);
      const photo = await (copies ? prepare(file, copies) : prepare(file));
      setStep('Uploading...');
      await upload(photo);
    } catch (failure) {
      setError(serverMessage(failure));
    } finally {
      setStep(null);
    }
  };

  const onChoose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared, so choosing the same file again is a change too.
    event.target.value = '';
    if (file) void send(file);
  };

  return { step, error, setError, onChoose };
}
