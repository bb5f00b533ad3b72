import AttachFileIcon from '@mui/icons-material/AttachFile';
import DownloadOutlinedIcon from '@mui/icons-material/DownloadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  ATTACHMENT_TYPES,
  MAX_ATTACHMENTS,
  attachmentUploadRequestSchema,
  attachmentUrl,
  type Attachment,
  type AttachmentType,
  type Transaction,
} from '@app/shared-types/finance';
import { useState, type ChangeEvent } from 'react';
import { ValidationError } from 'yup';
import { ChooseFileButton } from '../../../components/choose-file-button';
import { ConfirmDeleteDialog } from '../../../components/confirm-delete-dialog';
import { serverMessage } from '../../../lib/api-errors';
import { useToast } from '../../../lib/toast';
import { useRemoveTransactionAttachment, useUploadTransactionAttachment, type AttachmentUploadStep } from '../api/transaction-attachments';

export const ATTACHMENT_TYPE_LABELS: Record<AttachmentType, string> = { 'application/pdf': 'PDF', 'image/jpeg': 'JPEG', 'image/png': 'PNG' };
const TOO_MANY_MESSAGE = `A transaction can have at most ${MAX_ATTACHMENTS} attachments. Remove one first.`;
const STEP_LABELS: Record<AttachmentUploadStep, string> = { requesting: 'Preparing...', uploading: 'Uploading...', adding: 'Adding...' };

/** 512 B, 120 KB, 2.4 MB. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** Why a chosen file cannot be attached (the shared messages), or null; checked before any request. */
export function checkAttachmentFile(file: File): string | null {
  try {
    attachmentUploadRequestSchema.validateSync({ name: file.name, contentType: file.type, size: file.size });
    return null;
  } catch (error) {
    return error instanceof ValidationError ? error.message : serverMessage(error);
  }
}

/**
 * The receipts and invoices of a saved transaction: each with its type, size,
 * a download link and 'Remove', and 'Attach receipt or invoice'. A chosen
 * file is checked (type and size) in the browser, uploaded straight to the
 * storage with a signed form, then added. Not part of the form: an
 * attachment is saved the moment it is added or removed.
 */
export function AttachmentManager({ transaction }: { transaction: Transaction }) {
  const { toast } = useToast();
  const upload = useUploadTransactionAttachment();
  const remove = useRemoveTransactionAttachment();
  const [step, setStep] = useState<AttachmentUploadStep | null>(null);
  const [uploadingName, setUploadingName] = useState('');
  const [removing, setRemoving] = useState<Attachment | null>(null);
  const [removeOpen, setRemoveOpen] = useState(false);
  // The transaction as the last add or remove answered it, until the refreshed list brings a newer copy.
  const [answered, setAnswered] = useState<{ over: Transaction; saved: Transaction } | null>(null);
  const shown = answered?.over === transaction ? answered.saved : transaction;
  const attachments = shown.attachments;
  const full = attachments.length >= MAX_ATTACHMENTS;

  const add = async (file: File) => {
    const problem = full ? TOO_MANY_MESSAGE : checkAttachmentFile(file);
    if (problem) {
      toast({ variant: 'destructive', title: 'Error adding attachment', description: problem });
      return;
    }
    setUploadingName(file.name);
    try {
      const saved = await upload.mutateAsync({
        transactionId: transaction.id,
        file,
        name: file.name,
        contentType: file.type as AttachmentType,
        onStep: setStep,
      });
      setAnswered({ over: transaction, saved });
      toast({ title: 'Attachment added', description: file.name });
    } catch (error) {
      toast({ variant: 'destructive', title: 'Error adding attachment', description: serverMessage(error) });
    } finally {
      setStep(null);
    }
  };

  const onChoose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared, so choosing the same file again is a change too.
    event.target.value = '';
    if (file) void add(file);
  };

  const confirmRemove = async (attachment: Attachment) => {
    try {
      const saved = await remove.mutateAsync({ transactionId: transaction.id, attachmentId: attachment.id });
      setAnswered({ over: transaction, saved });
      toast({ title: 'Attachment removed', description: attachment.name });
    } catch (error) {
      toast({ variant: 'destructive', title: 'Error removing attachment', description: serverMessage(error) });
    } finally {
      setRemoveOpen(false);
    }
  };

  return (
    <Box component="section" aria-label="Attachments">
      <Stack direction="row" useFlexGap sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1.5, flexWrap: 'wrap', columnGap: 2, rowGap: 1 }}>
        <Typography variant="body2" color="text.secondary">
          {attachments.length === 0 ? 'No receipts or invoices yet.' : `${attachments.length} of ${MAX_ATTACHMENTS} attachments.`} PDF, JPEG or PNG up to 10 MB,
          saved as soon as added; visible to staff only.
        </Typography>
        <ChooseFileButton icon={<AttachFileIcon />} accept={ATTACHMENT_TYPES.join(',')} onChoose={onChoose} disabled={full || upload.isPending}>
          Attach receipt or invoice
        </ChooseFileButton>
      </Stack>

      {upload.isPending && (
        <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 2, px: 1.5, py: 1, mb: 1.5 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Typography variant="body2" sx={{ fontWeight: 600, flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
              {uploadingName}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {step ? STEP_LABELS[step] : STEP_LABELS.requesting}
            </Typography>
          </Stack>
          <LinearProgress aria-label={`Uploading ${uploadingName}`} sx={{ mt: 0.75, height: 6, borderRadius: 3 }} />
        </Box>
      )}

      {attachments.length > 0 && (
        <Stack component="ul" spacing={1} aria-label="Transaction attachments" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {attachments.map((attachment) => {
            const nameId = `attachment-${attachment.id}-name`;
            return (
              <Box
                component="li"
                key={attachment.id}
                sx={{ border: 1, borderColor: 'divider', borderRadius: 2, px: 1.5, py: 1, display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}
              >
                <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                  <Typography id={nameId} variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                    {attachment.name}
                  </Typography>
                  <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                    {ATTACHMENT_TYPE_LABELS[attachment.contentType]} · {formatFileSize(attachment.size)}
                  </Typography>
                </Box>
                <Button
                  size="small"
                  component="a"
                  href={attachmentUrl(transaction.id, attachment.id)}
                  download={attachment.name}
                  startIcon={<DownloadOutlinedIcon />}
                  aria-describedby={nameId}
                >
                  Download
                </Button>
                <Button
                  size="small"
                  color="error"
                  onClick={() => {
                    setRemoving(attachment);
                    setRemoveOpen(true);
                  }}
                  disabled={remove.isPending}
                  aria-describedby={nameId}
                >
                  Remove
                </Button>
              </Box>
            );
          })}
        </Stack>
      )}

      <ConfirmDeleteDialog
        open={removeOpen}
        title="Remove this attachment?"
        message={`${removing?.name ?? 'The file'} will be deleted from ${transaction.transactionId}. This cannot be undone.`}
        action="Remove"
        pending={remove.isPending}
        onCancel={() => setRemoveOpen(false)}
        onConfirm={() => removing && void confirmRemove(removing)}
      />
    </Box>
  );
}
