import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { whatsappLink } from '@app/shared-types/phone';
import { useState } from 'react';

interface ShareLinkDialogProps {
  /** The full link; null closes the dialog. */
  url: string | null;
  clientName: string;
  clientPhone: string;
  onClose: () => void;
}

/** The client's link after sending: to copy, or to send on WhatsApp. */
export function ShareLinkDialog({ url, clientName, clientPhone, onClose }: ShareLinkDialogProps) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  const message = url ? `Hello ${clientName}, here is your quotation: ${url}` : '';
  return (
    <Dialog open={url !== null} onClose={onClose} aria-labelledby="share-link-title" fullWidth maxWidth="sm">
      <DialogTitle id="share-link-title">Client link</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>The client opens this link to see the quotation, download the PDF and approve it or ask for changes.</DialogContentText>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <TextField label="Link" value={url ?? ''} fullWidth size="small" slotProps={{ htmlInput: { readOnly: true }, inputLabel: { shrink: true } }} onFocus={(event) => event.target.select()} />
          <Button variant="outlined" startIcon={<ContentCopyIcon />} onClick={() => void copy()} sx={{ flexShrink: 0 }}>
            {copied ? 'Copied' : 'Copy link'}
          </Button>
        </Stack>
      </DialogContent>
      <DialogActions>
        {clientPhone && (
          <Button color="success" startIcon={<WhatsAppIcon />} href={whatsappLink(clientPhone, message)} target="_blank" rel="noopener noreferrer">
            Send on WhatsApp
          </Button>
        )}
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
