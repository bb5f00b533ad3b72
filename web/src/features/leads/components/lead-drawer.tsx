import CallIcon from '@mui/icons-material/Call';
import CloseIcon from '@mui/icons-material/Close';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EmailIcon from '@mui/icons-material/Email';
import RequestQuoteIcon from '@mui/icons-material/RequestQuote';
import HowToRegIcon from '@mui/icons-material/HowToReg';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatDate } from '@app/shared-types/format';
import { formatPhone, whatsappLink } from '@app/shared-types/phone';
import { LEAD_FIELD_LABELS, type Lead } from '@app/shared-types/leads';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { ConfirmDeleteDialog } from '../../../components/confirm-delete-dialog';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { ApiError } from '../../../lib/api-client';
import { useToast } from '../../../lib/toast';
import { useDeleteLead } from '../api/delete-lead';
import { isConflict, serverMessage, staleCurrent } from '../../../lib/api-errors';
import { changedFields, useStaleSave } from '../../../components/stale-save';
import { STALE_LEAD_MESSAGE } from '../api/errors';
import { useLead } from '../api/get-lead';
import { refreshLeadQueries } from '../api/refresh-lead-queries';
import { useUpdateLead } from '../api/update-lead';
import type { LeadChanges } from '../model';
import { telHref } from '../../../components/record-card';
import { AddCommunicationForm } from './add-communication-form';
import { ConvertLeadDialog } from './convert-lead-dialog';
import { LeadDetails } from './lead-details';
import { LeadQuickFields } from './lead-quick-fields';
import { LeadStatusChip } from './lead-status-chip';
import { LeadTimeline } from './lead-timeline';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ px: 3, py: 2.5 }}>
      <Typography variant="h6" component="h3" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function ContactLinks({ lead, quoteHref }: { lead: Lead; quoteHref?: string }) {
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
      <Button
        size="small"
        variant="contained"
        color="success"
        startIcon={<WhatsAppIcon />}
        href={whatsappLink(lead.phone)}
        target="_blank"
        rel="noopener noreferrer"
      >
        WhatsApp
      </Button>
      <Button size="small" variant="outlined" startIcon={<CallIcon />} href={telHref(lead.phone)}>
        Call
      </Button>
      {lead.email && (
        <Button size="small" variant="outlined" startIcon={<EmailIcon />} href={`mailto:${lead.email}`}>
          Email
        </Button>
      )}
      {quoteHref && (
        <Button size="small" variant="outlined" startIcon={<RequestQuoteIcon />} component={RouterLink} to={quoteHref}>
          Create quote
        </Button>
      )}
    </Stack>
  );
}

/** Where the portal shows a customer or a project (the page knows the portal's URLs). */
export interface ConversionLinks {
  customer: (id: string) => string;
  project: (id: string) => string;
  /** A new quotation for the lead (its details prefilled), when the page offers one. */
  quote?: (leadId: string) => string;
  /** The lead's quotations, each linking to the builder (a calculator lead's draft among them, issue 26). */
  quotes?: (leadId: string) => ReactNode;
}

/** A converted lead links to its customer and project; a Won one offers the conversion. */
function Conversion({ lead, links, onConvert }: { lead: Lead; links: ConversionLinks; onConvert: () => void }) {
  const { conversion } = lead;
  if (conversion) {
    return (
      <Alert severity="success" icon={<HowToRegIcon />} sx={{ mt: 2 }}>
        Converted to customer{' '}
        <Link component={RouterLink} to={links.customer(conversion.customerId)}>
          {conversion.customerName}
        </Link>
        {conversion.projectId && (
          <>
            {' '}with the project{' '}
            <Link component={RouterLink} to={links.project(conversion.projectId)}>
              {conversion.projectName}
            </Link>
          </>
        )}{' '}
        on {formatDate(conversion.convertedAt)} by {conversion.convertedBy}.
      </Alert>
    );
  }
  if (lead.status !== 'Won') return null;
  return (
    <Button sx={{ mt: 2 }} variant="contained" startIcon={<HowToRegIcon />} onClick={onConvert}>
      Convert to customer
    </Button>
  );
}

function LeadDrawerContent({
  id,
  onClose,
  canDelete,
  conversionLinks,
}: {
  id: string;
  onClose: () => void;
  canDelete: boolean;
  conversionLinks: ConversionLinks;
}) {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const detail = useLead(id);
  const updateLead = useUpdateLead();
  const deleteLead = useDeleteLead();
  /** After a stale save: the fields someone else changed meanwhile. */
  const stale = useStaleSave<Lead>();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [converting, setConverting] = useState(false);

  if (detail.isPending) return <LoadingState label="Loading lead..." />;
  if (detail.isError) {
    const missing = detail.error instanceof ApiError && detail.error.status === 404;
    return (
      <Box sx={{ px: 3 }}>
        <ErrorState
          message={missing ? 'This lead no longer exists.' : `Could not load the lead. ${serverMessage(detail.error)}`}
          onRetry={missing ? undefined : () => void detail.refetch()}
        />
      </Box>
    );
  }

  const { lead, timeline } = detail.data;

  const save = async (changes: LeadChanges) => {
    try {
      await updateLead.mutateAsync({ id: lead.id, version: lead.version, ...changes });
      toast({ title: 'Lead updated', description: lead.name });
    } catch (error) {
      if (isConflict(error)) {
        // Also a 409 without the lead (converted meanwhile): the notice then lists no fields.
        const current = staleCurrent<Lead>(error, lead.id);
        stale.show({ message: STALE_LEAD_MESSAGE, current, changes: current ? changedFields(current, { ...lead, ...changes }, LEAD_FIELD_LABELS) : [] });
      }
      else toast({ variant: 'destructive', title: 'Failed to update lead', description: serverMessage(error) });
      throw error;
    }
  };

  /** Refetches this lead (and the list, which may show the same change). */
  const reload = async () => {
    stale.clear();
    await refreshLeadQueries(queryClient);
  };

  const remove = async () => {
    try {
      await deleteLead.mutateAsync(lead.id);
      setConfirmDelete(false);
      toast({ title: 'Lead deleted', description: lead.name });
      onClose();
    } catch (error) {
      setConfirmDelete(false);
      const forbidden = error instanceof ApiError && error.status === 403;
      toast({
        variant: 'destructive',
        title: 'Failed to delete lead',
        description: forbidden ? 'Only managers and admins can delete leads.' : serverMessage(error),
      });
    }
  };

  const busy = updateLead.isPending || stale.isStale;

  return (
    <>
      <Box sx={{ px: 3, pb: 2 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5, flexWrap: 'wrap' }}>
          <LeadStatusChip status={lead.status} />
          <Typography variant="body2" color="text.secondary">
            {formatPhone(lead.phone)}
          </Typography>
        </Stack>
        <ContactLinks lead={lead} quoteHref={conversionLinks.quote?.(lead.id)} />
        <Conversion lead={lead} links={conversionLinks} onConvert={() => setConverting(true)} />
        <ConvertLeadDialog lead={lead} open={converting} onClose={() => setConverting(false)} onReload={() => void reload()} />
      </Box>
      {stale.isStale && <Box sx={{ mx: 3 }}>{stale.notice('lead', () => void reload())}</Box>}
      {conversionLinks.quotes && (
        <>
          <Divider />
          <Section title="Quotations">{conversionLinks.quotes(lead.id)}</Section>
        </>
      )}
      <Divider />
      <Section title="Follow-up">
        <LeadQuickFields lead={lead} onSave={save} disabled={busy} />
      </Section>
      <Divider />
      <Section title="Details">
        <LeadDetails lead={lead} onSave={save} disabled={busy} />
      </Section>
      <Divider />
      <Section title="Timeline">
        <AddCommunicationForm leadId={lead.id} />
        <Box sx={{ mt: 2 }}>
          <LeadTimeline entries={timeline} />
        </Box>
      </Section>
      {canDelete && (
        <>
          <Divider />
          <Box sx={{ px: 3, py: 2.5 }}>
            <Button color="error" startIcon={<DeleteOutlineIcon />} onClick={() => setConfirmDelete(true)}>
              Delete lead
            </Button>
          </Box>
          <ConfirmDeleteDialog
            open={confirmDelete}
            title="Delete this lead?"
            message={`${lead.name} and the lead's whole timeline will be deleted. This cannot be undone.`}
            pending={deleteLead.isPending}
            onCancel={() => setConfirmDelete(false)}
            onConfirm={() => void remove()}
          />
        </>
      )}
    </>
  );
}

/**
 * The lead detail panel, opened from the table or by ?lead=<id> in the URL.
 * `canDelete`: the signed-in role may delete leads (the UI hides what it cannot do).
 */
export function LeadDrawer({
  id,
  onClose,
  canDelete,
  conversionLinks,
}: {
  id: string | null;
  onClose: () => void;
  canDelete: boolean;
  conversionLinks: ConversionLinks;
}) {
  const detail = useLead(id);
  const title = detail.data?.lead.name ?? 'Lead';
  return (
    <Drawer
      anchor="right"
      open={id !== null}
      onClose={onClose}
      slotProps={{
        paper: { sx: { width: { xs: '100%', sm: 560 } }, role: 'dialog', 'aria-labelledby': 'lead-drawer-title' },
      }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', px: 3, pt: 2, pb: 1 }}>
        <Typography id="lead-drawer-title" variant="h4" component="h2" sx={{ overflowWrap: 'anywhere' }}>
          {title}
        </Typography>
        <IconButton onClick={onClose} aria-label="Close lead details" edge="end">
          <CloseIcon />
        </IconButton>
      </Stack>
      {id !== null && <LeadDrawerContent key={id} id={id} onClose={onClose} canDelete={canDelete} conversionLinks={conversionLinks} />}
    </Drawer>
  );
}
