import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import EmailIcon from '@mui/icons-material/Email';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lighten } from '@mui/material/styles';
import { LEAD_STATUSES, type LeadStatus } from '@app/shared-types/constants';
import type { Lead } from '@app/shared-types/leads';
import { whatsappLink } from '@app/shared-types/phone';
import { useState, type MouseEvent } from 'react';
import { useToast } from '../../../lib/toast';
import { useBulkUpdateLeads } from '../api/bulk-update-leads';
import { useAssignees, type AssigneeOption } from '../api/get-assignees';
import { serverMessage } from '../../../lib/api-errors';
import { mailtoForLeads, plural, updatedSummary } from '../model';
import { WhatsAppLinksDialog } from './whatsapp-links-dialog';

type MenuKind = 'assign' | 'status';

interface BulkActionBarProps {
  selected: Lead[];
  onDone: () => void;
}

/** Actions on the selected leads: assign and status are saved on the server; messaging opens WhatsApp or a mail draft. */
export function BulkActionBar({ selected, onDone }: BulkActionBarProps) {
  const { toast } = useToast();
  const bulkUpdate = useBulkUpdateLeads();
  const [menu, setMenu] = useState<{ kind: MenuKind; anchor: HTMLElement } | null>(null);
  const [whatsappLeads, setWhatsappLeads] = useState<Lead[]>([]);
  const count = selected.length;
  const assignees = useAssignees();

  /** SPEC.md 8: any action with nothing selected says so. */
  const requireSelection = () => {
    if (count > 0) return true;
    toast({ variant: 'destructive', title: 'No leads selected', description: 'Tick the leads in the table first.' });
    return false;
  };

  const openMenu = (kind: MenuKind) => (event: MouseEvent<HTMLElement>) => {
    if (requireSelection()) setMenu({ kind, anchor: event.currentTarget });
  };

  const update = async (change: { assignee: AssigneeOption } | { status: LeadStatus }) => {
    setMenu(null);
    try {
      const ids = selected.map((lead) => lead.id);
      const result = await bulkUpdate.mutateAsync('assignee' in change ? { ids, assignedTo: change.assignee.value } : { ids, status: change.status });
      const description =
        'assignee' in change ? `Assigned to ${change.assignee.label}` : `Status changed to ${change.status}`;
      const missing = result.notFound.length > 0 ? `. ${plural(result.notFound.length, 'lead', 'leads')} no longer exist.` : '';
      const unchanged = result.conflicted.length > 0 ? `. ${plural(result.conflicted.length, 'lead was', 'leads were')} not changed: someone else was editing ${result.conflicted.length === 1 ? 'it' : 'them'}. Try again.` : '';
      toast({ title: updatedSummary(result.updated.length), description: description + missing + unchanged });
      onDone();
    } catch (error) {
      toast({ variant: 'destructive', title: 'Failed to update leads', description: serverMessage(error) });
    }
  };

  const openWhatsApp = () => {
    if (!requireSelection()) return;
    const [only] = selected;
    if (selected.length === 1 && only) window.open(whatsappLink(only.phone), '_blank', 'noopener,noreferrer');
    else setWhatsappLeads(selected);
  };

  const openEmail = () => {
    if (!requireSelection()) return;
    const { href, skipped } = mailtoForLeads(selected);
    if (!href) {
      toast({ variant: 'destructive', title: 'No email addresses', description: 'None of the selected leads has an email address.' });
      return;
    }
    if (skipped > 0) {
      toast({ title: 'Email draft opened', description: `${plural(skipped, 'lead has', 'leads have')} no email address and ${skipped === 1 ? 'was' : 'were'} left out.` });
    }
    window.location.assign(href);
  };

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label="Bulk actions"
      sx={(theme) => ({
        // Stays in view under the portal's app bar while rows are ticked further down the table.
        position: 'sticky',
        top: { xs: 64, sm: 72 },
        zIndex: 3,
        px: 2,
        py: 1.25,
        // Opaque, so rows scrolling under it do not show through.
        bgcolor: count > 0 ? lighten(theme.palette.primary.main, 0.93) : 'background.paper',
        borderColor: count > 0 ? 'primary.light' : 'divider',
      })}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
        <Typography variant="body2" sx={{ fontWeight: 600, minWidth: 96 }} aria-live="polite">
          {count > 0 ? `${count} selected` : 'Select leads to act on them'}
        </Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', '& .MuiButton-root': { px: 1.75 } }}>
          <Button size="small" variant="outlined" endIcon={<ArrowDropDownIcon />} onClick={openMenu('assign')} disabled={bulkUpdate.isPending}>
            Assign to
          </Button>
          <Button size="small" variant="outlined" endIcon={<ArrowDropDownIcon />} onClick={openMenu('status')} disabled={bulkUpdate.isPending}>
            Change status
          </Button>
          <Button size="small" variant="outlined" color="success" startIcon={<WhatsAppIcon />} onClick={openWhatsApp}>
            WhatsApp
          </Button>
          <Button size="small" variant="outlined" startIcon={<EmailIcon />} onClick={openEmail}>
            Email
          </Button>
          {count > 0 && (
            <Button size="small" onClick={onDone}>
              Clear selection
            </Button>
          )}
        </Stack>
      </Stack>
      <Menu anchorEl={menu?.anchor} open={menu !== null} onClose={() => setMenu(null)}>
        {menu?.kind === 'assign' &&
          assignees.map((assignee) => (
            <MenuItem key={assignee.value} onClick={() => void update({ assignee })}>
              {assignee.label}
            </MenuItem>
          ))}
        {menu?.kind === 'status' &&
          LEAD_STATUSES.map((status) => (
            <MenuItem key={status} onClick={() => void update({ status })}>
              {status}
            </MenuItem>
          ))}
      </Menu>
      <WhatsAppLinksDialog leads={whatsappLeads} onClose={() => setWhatsappLeads([])} />
    </Paper>
  );
}
