import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import { whatsappLink } from '@app/shared-types/phone';
import type { Lead } from '@app/shared-types/leads';

/** One WhatsApp chat per selected lead: browsers allow only one new tab per click. */
export function WhatsAppLinksDialog({ leads, onClose }: { leads: Lead[]; onClose: () => void }) {
  return (
    <Dialog open={leads.length > 0} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="whatsapp-links-title">
      <DialogTitle id="whatsapp-links-title">Message on WhatsApp</DialogTitle>
      <DialogContent dividers sx={{ p: 0 }}>
        <List dense>
          {leads.map((lead) => (
            <ListItem
              key={lead.id}
              secondaryAction={
                <Button
                  size="small"
                  color="success"
                  startIcon={<WhatsAppIcon />}
                  href={whatsappLink(lead.phone)}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`WhatsApp ${lead.name}`}
                >
                  Open
                </Button>
              }
            >
              <ListItemText primary={lead.name} secondary={lead.phone} />
            </ListItem>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
