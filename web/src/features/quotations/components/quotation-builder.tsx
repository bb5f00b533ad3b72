import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DifferenceIcon from '@mui/icons-material/Difference';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import HistoryIcon from '@mui/icons-material/History';
import LinkIcon from '@mui/icons-material/Link';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import SaveIcon from '@mui/icons-material/Save';
import SendIcon from '@mui/icons-material/Send';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { calendarDate, formatDate, formatMoney } from '@app/shared-types/format';
import {
  PDF_ERROR_DESCRIPTION,
  PDF_ERROR_TITLE,
  QUOTATION_PROJECT_TYPES,
  QUOTATION_REVISED_MESSAGE,
  QUOTATION_SAVED_MESSAGE,
  QUOTATION_STATUS_LABELS,
  effectiveStatus,
  quotationCreateSchema,
  type Quotation,
} from '@app/shared-types/quotations';
import { FormikProvider, setNestedObjectValues, useFormik, type FormikTouched } from 'formik';
import { useEffect, useState, type ReactNode } from 'react';
import { changedFields, useStaleSave } from '../../../components/stale-save';
import { FormField, FormShell, serverErrorsStatus } from '../../../components/form-fields';
import { FormDateField } from '../../../components/form-date-field';
import { serverMessage, staleCurrent } from '../../../lib/api-errors';
import { serverFieldErrors } from '../../../lib/form-errors';
import { useToast } from '../../../lib/toast';
import { useApproveQuotation } from '../api/approve-quotation';
import { useCreateVariation } from '../api/create-variation';
import { useCreateQuotation } from '../api/create-quotation';
import { downloadQuotationPdf } from '../api/download-quotation-pdf';
import { useDuplicateQuotation } from '../api/duplicate-quotation';
import type { QuotationDefaults } from '../api/get-quotation-defaults';
import { useSendQuotation } from '../api/send-quotation';
import { useUpdateQuotation } from '../api/update-quotation';
import {
  EDITABLE_STATUS_OPTIONS,
  QUOTATION_FIELD_LABELS,
  STATUS_COLORS,
  lowMarginMessage,
  lowMarginOf,
  newQuotationValues,
  quotationSummary,
  shareUrl,
  toQuotationFormValues,
  toQuotationInput,
  type ClientPrefill,
  type QuotationFormValues,
} from '../model';
import { ConfirmActionDialog } from '../../../components/confirm-action-dialog';
import { MarginPanel } from './margin-panel';
import { QuotationRows } from './quotation-rows';
import { QuotationTotals } from './quotation-totals';
import { RevisionHistoryDialog } from './revision-history-dialog';
import { ShareLinkDialog } from './share-link-dialog';

const PROJECT_TYPE_OPTIONS = [{ value: '', label: 'Not set' }, ...QUOTATION_PROJECT_TYPES.map((type) => ({ value: type, label: type }))];

function BuilderSection({ id, title, children, action }: { id: string; title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <Card component="section" aria-labelledby={id}>
      <CardContent sx={{ p: { xs: 2, md: 3 } }}>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 2, gap: 1, flexWrap: 'wrap' }}>
          <Typography id={id} variant="h6" component="h2">
            {title}
          </Typography>
          {action}
        </Stack>
        {children}
      </CardContent>
    </Card>
  );
}

interface QuotationBuilderProps {
  /** The quote as saved now (null: a new one); the form starts again from each newer version. */
  quote: Quotation | null;
  defaults: QuotationDefaults;
  /** A new quote's client details, from the lead or customer it is made for. */
  prefill?: ClientPrefill;
  /** Mark approved: managers and up. */
  canApprove: boolean;
  /** The site's origin, for the client's full link. */
  origin: string;
  /** A quote was saved (or sent, approved): the page shows it as saved now. */
  onSaved: (quote: Quotation) => void;
  /** A copy was made: the page opens it. */
  onOpen: (id: string) => void;
  onBack: () => void;
}

type Pending = { kind: 'save'; values: QuotationFormValues; then?: (saved: Quotation) => void } | { kind: 'send'; quote: Quotation };

/** The quote's summary fields that `current` (saved by someone else) has otherwise than the form. */
function quotationChanges(current: Quotation, values: QuotationFormValues) {
  return changedFields(quotationSummary(toQuotationFormValues(current)), quotationSummary(values), QUOTATION_FIELD_LABELS);
}

/**
 * The Pixel-Perfect Quotation Builder's sheet: client and quotation details,
 * the item table, totals, the staff-only margin, notes, and Save, Export PDF,
 * Send to client, Mark approved, Duplicate and History. Validates with the
 * shared schema (messages under the fields, per row too); a stale save shows
 * what changed and offers Reload; the margin guard asks before sending low.
 */
export function QuotationBuilder({ quote, defaults, prefill, canApprove, origin, onSaved, onOpen, onBack }: QuotationBuilderProps) {
  const { toast } = useToast();
  const create = useCreateQuotation();
  const update = useUpdateQuotation();
  const send = useSendQuotation();
  const approve = useApproveQuotation();
  const duplicate = useDuplicateQuotation();
  const vary = useCreateVariation();
  const stale = useStaleSave<Quotation>();
  const [lowMargin, setLowMargin] = useState<{ marginPercent: number; threshold: number; pending: Pending } | null>(null);
  const [link, setLink] = useState<string | null>(null);
  const [history, setHistory] = useState(false);
  const [approving, setApproving] = useState(false);
  const [exporting, setExporting] = useState(false);
  const today = calendarDate();

  /** Saves the values; the saved quote, or null when it was refused (and explained). */
  async function persist(values: QuotationFormValues, confirmLowMargin: boolean, then?: (saved: Quotation) => void): Promise<Quotation | null> {
    formik.setStatus(undefined);
    // Saving, however it was asked for (Save, Export PDF, Send, the margin question): a new quote's move to its URL is no discard.
    formik.setSubmitting(true);
    try {
      const input = toQuotationInput(values, confirmLowMargin);
      const saved = quote ? await update.mutateAsync({ ...input, id: quote.id, version: quote.version }) : await create.mutateAsync(input);
      // Repriced after it was sent: the server made it a new revision in draft, to be sent again.
      const revised = quote?.status === 'sent' && saved.status === 'draft' && saved.revisedAt !== quote.revisedAt;
      toast({ title: QUOTATION_SAVED_MESSAGE, description: revised ? `${saved.quotationNumber}: ${QUOTATION_REVISED_MESSAGE}` : saved.quotationNumber });
      then?.(saved);
      onSaved(saved);
      return saved;
    } catch (error) {
      const low = lowMarginOf(error);
      if (low) {
        setLowMargin({ ...low, pending: { kind: 'save', values, then } });
        return null;
      }
      const fields = serverFieldErrors(error);
      if (fields) formik.setStatus(serverErrorsStatus(fields));
      if (quote) stale.caught(error, staleCurrent<Quotation>(error, quote.id), (current) => quotationChanges(current, values));
      toast({ variant: 'destructive', title: 'Error saving quotation', description: serverMessage(error) });
      return null;
    } finally {
      formik.setSubmitting(false);
    }
  }

  const formik = useFormik<QuotationFormValues>({
    initialValues: quote ? toQuotationFormValues(quote) : newQuotationValues(today, defaults.validityDays, defaults.notes, prefill),
    validationSchema: quotationCreateSchema,
    validateOnChange: false,
    onSubmit: async (values) => {
      await persist(values, false);
    },
  });

  // A newer version of this quote (saved, sent, approved here, or reloaded after a stale save): the form starts from it.
  const version = quote?.version;
  const { resetForm } = formik;
  useEffect(() => {
    if (quote) resetForm({ values: toQuotationFormValues(quote) });
    // Only when the version changes: the quote object is new on every refetch.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [version, resetForm]);

  /** The quote as saved now with these values: saved first when new or changed (validation messages shown when invalid). */
  const savedNow = async (then?: (saved: Quotation) => void): Promise<Quotation | null> => {
    if (quote && !formik.dirty) return quote;
    const errors = await formik.validateForm();
    if (Object.keys(errors).length > 0) {
      void formik.setTouched(setNestedObjectValues<FormikTouched<QuotationFormValues>>(formik.values, true), false);
      toast({ variant: 'destructive', title: 'Error saving quotation', description: 'Check the fields marked in red.' });
      return null;
    }
    return persist(formik.values, false, then);
  };

  const exportPdf = async () => {
    setExporting(true);
    try {
      const saved = await savedNow();
      if (!saved) return;
      await downloadQuotationPdf(saved.id, saved.quotationNumber);
    } catch (error) {
      console.error('PDF export failed', error);
      toast({ variant: 'destructive', title: PDF_ERROR_TITLE, description: PDF_ERROR_DESCRIPTION });
    } finally {
      setExporting(false);
    }
  };

  const sendNow = async (target: Quotation, confirmLowMargin: boolean) => {
    try {
      const result = await send.mutateAsync({ id: target.id, version: target.version, confirmLowMargin });
      setLink(shareUrl(origin, result.sharePath));
      // The server emails the client the link and the PDF (the outbox) when they have an address; the link is here to copy as well.
      const emailed = target.status !== 'sent' && result.quotation.clientDetails.email;
      toast({
        title: 'Quotation sent',
        description: emailed ? `${result.quotation.quotationNumber}: emailed to ${emailed} with the PDF; the link is below to copy too.` : `${result.quotation.quotationNumber}: copy the link for the client.`,
      });
      onSaved(result.quotation);
    } catch (error) {
      const low = lowMarginOf(error);
      if (low) {
        setLowMargin({ ...low, pending: { kind: 'send', quote: target } });
        return;
      }
      stale.caught(error, staleCurrent<Quotation>(error, target.id), (current) => quotationChanges(current, formik.values));
      // A field the quote needs before it goes out (its project type): shown under that field.
      const fields = serverFieldErrors(error);
      if (fields) formik.setStatus(serverErrorsStatus(fields));
      toast({ variant: 'destructive', title: 'Error sending quotation', description: fields ? Object.values(fields).join(' ') : serverMessage(error) });
    }
  };

  const sendToClient = async () => {
    const saved = await savedNow();
    if (saved) await sendNow(saved, false);
  };

  const confirmLow = async () => {
    if (!lowMargin) return;
    const { pending } = lowMargin;
    setLowMargin(null);
    if (pending.kind === 'save') await persist(pending.values, true, pending.then);
    else await sendNow(pending.quote, true);
  };

  const markApproved = async () => {
    if (!quote) return;
    try {
      const result = await approve.mutateAsync({ id: quote.id, version: quote.version });
      setApproving(false);
      toast({ title: 'Quotation approved', description: `${result.quotation.quotationNumber}: the project${result.demandTransactionId ? ' and its advance demand were' : ' was'} created.` });
      onSaved(result.quotation);
    } catch (error) {
      setApproving(false);
      toast({ variant: 'destructive', title: 'Error approving quotation', description: serverMessage(error) });
    }
  };

  const startVariation = async () => {
    if (!quote) return;
    try {
      const varied = await vary.mutateAsync({ id: quote.id, version: quote.version });
      toast({ title: 'Variation created', description: `${varied.quotationNumber}: edit it and send it to the client to approve.` });
      onSaved(varied);
    } catch (error) {
      stale.caught(error, staleCurrent<Quotation>(error, quote.id), (current) => quotationChanges(current, formik.values));
      toast({ variant: 'destructive', title: 'Error creating variation', description: serverMessage(error) });
    }
  };

  const copy = async () => {
    if (!quote) return;
    try {
      const copied = await duplicate.mutateAsync(quote.id);
      toast({ title: 'Quotation duplicated', description: `${copied.quotationNumber} is a new draft.` });
      onOpen(copied.id);
    } catch (error) {
      toast({ variant: 'destructive', title: 'Error duplicating quotation', description: serverMessage(error) });
    }
  };

  const status = quote ? effectiveStatus(quote, today) : null;
  const busy = formik.isSubmitting || create.isPending || update.isPending || send.isPending || stale.isStale;
  const open = quote === null || quote.status === 'draft' || quote.status === 'sent';
  const canMarkApproved = canApprove && quote !== null && open;
  // An approved or rejected quote is not sent again (the server refuses); a copy of it can be.
  const canSend = open;
  // Approved: locked (issue 25); a change is a variation the client approves again.
  const locked = quote?.status === 'approved';
  const varying = quote?.variation && !locked ? quote.variation : null;
  // A variation's last answer is the approval of the version it changes: not this one's.
  const lastResponse = varying ? null : quote?.responses.at(-1);

  return (
    <FormikProvider value={formik}>
      <FormShell>
        <Stack spacing={2.5}>
          <Stack spacing={1.5}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
              <IconButton onClick={onBack} aria-label="All quotations" edge="start">
                <ArrowBackIcon />
              </IconButton>
              <Typography variant="h5" component="h2" sx={{ fontFamily: quote ? 'monospace' : undefined }}>
                {quote ? quote.quotationNumber : 'New quotation'}
              </Typography>
              {status && <Chip size="small" color={STATUS_COLORS[status]} label={QUOTATION_STATUS_LABELS[status]} />}
              {formik.dirty && (
                <Typography variant="body2" color="text.secondary">
                  Unsaved changes
                </Typography>
              )}
            </Stack>
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }} role="toolbar" aria-label="Quotation actions">
              {locked ? (
                <Button variant="contained" startIcon={<DifferenceIcon />} onClick={() => void startVariation()} disabled={vary.isPending || stale.isStale}>
                  {vary.isPending ? 'Creating...' : 'Create variation'}
                </Button>
              ) : (
                <Button type="submit" variant="contained" startIcon={<SaveIcon />} disabled={busy}>
                  {formik.isSubmitting ? 'Saving...' : 'Save'}
                </Button>
              )}
              <Button variant="outlined" startIcon={<PictureAsPdfIcon />} onClick={() => void exportPdf()} disabled={busy || exporting}>
                {exporting ? 'Exporting...' : 'Export PDF'}
              </Button>
              {quote?.shareToken && (
                <Button variant="outlined" startIcon={<LinkIcon />} onClick={() => setLink(shareUrl(origin, `/q/${quote.shareToken}`))}>
                  Client link
                </Button>
              )}
              {/* Not yet sent, or back in draft (a new revision, pulled back): the link it has approves nothing until it is sent. */}
              {canSend && (!quote?.shareToken || quote.status === 'draft') && (
                <Button variant="outlined" startIcon={<SendIcon />} onClick={() => void sendToClient()} disabled={busy}>
                  {send.isPending ? 'Sending...' : 'Send to client'}
                </Button>
              )}
              {canMarkApproved && (
                <Button variant="outlined" color="success" startIcon={<TaskAltIcon />} onClick={() => setApproving(true)} disabled={busy || formik.dirty}>
                  Mark approved
                </Button>
              )}
              {quote && (
                <>
                  <Button startIcon={<ContentCopyIcon />} onClick={() => void copy()} disabled={duplicate.isPending}>
                    Duplicate
                  </Button>
                  <Button startIcon={<HistoryIcon />} onClick={() => setHistory(true)}>
                    History{quote.revisionCount > 0 ? ` (${quote.revisionCount})` : ''}
                  </Button>
                </>
              )}
            </Stack>
          </Stack>

          {stale.notice('quotation', (current) => current && onSaved(current))}
          {locked && (
            <Alert severity="info">
              This quotation is approved and locked. To change it, create a variation: the client approves it through the same link, and its total becomes the project&apos;s budget.
            </Alert>
          )}
          {varying && (
            <Alert severity="warning">
              Variation of the quotation approved at {formatMoney(varying.grandTotal)}
              {varying.approvedBy ? ` by ${varying.approvedBy}` : ''} (revision {varying.revision} in History). Send it to the client: once they approve it, the project&apos;s budget moves to
              the new total.
            </Alert>
          )}
          {lastResponse && (
            <Alert severity={lastResponse.action === 'approved' ? 'success' : 'info'}>
              {lastResponse.action === 'approved' ? 'Approved' : 'Changes requested'} by {lastResponse.name} on {formatDate(lastResponse.at)}
              {lastResponse.comment ? `: “${lastResponse.comment}”` : '.'}
            </Alert>
          )}

          <BuilderSection id="quotation-client-title" title="Client details">
            <Grid container spacing={2}>
              <FormField name="clientDetails.name" label="Client name" required size={{ xs: 12, sm: 6, md: 4 }} disabled={locked} />
              <FormField name="clientDetails.phone" label="Phone" required size={{ xs: 12, sm: 6, md: 4 }} disabled={locked} />
              <FormField name="clientDetails.email" label="Email" size={{ xs: 12, sm: 6, md: 4 }} disabled={locked} />
              <FormField name="clientDetails.projectType" label="Project type" kind="select" options={PROJECT_TYPE_OPTIONS} size={{ xs: 12, sm: 6, md: 4 }} disabled={locked} />
              <FormField name="clientDetails.community" label="Community" size={{ xs: 12, sm: 6, md: 4 }} disabled={locked} />
              <FormField name="clientDetails.address" label="Address" kind="multiline" size={{ xs: 12, md: 6 }} disabled={locked} />
              <FormField name="clientDetails.siteAddress" label="Site address" kind="multiline" size={{ xs: 12, md: 6 }} disabled={locked} />
            </Grid>
          </BuilderSection>

          <BuilderSection id="quotation-details-title" title="Quotation details">
            <Grid container spacing={2}>
              {quote && (
                <Grid size={{ xs: 12, sm: 6, md: 3 }}>
                  <Typography variant="caption" color="text.secondary" component="div">
                    Quotation number
                  </Typography>
                  <Typography sx={{ fontWeight: 600, fontFamily: 'monospace' }}>{quote.quotationNumber}</Typography>
                </Grid>
              )}
              <FormDateField name="quotationDate" label="Quotation date" size={{ xs: 6, md: 3 }} disabled={locked} />
              <FormDateField name="validUntil" label="Valid until" size={{ xs: 6, md: 3 }} disabled={locked} />
              {quote?.status === 'approved' ? (
                <Grid size={{ xs: 12, sm: 6, md: 3 }}>
                  <Typography variant="caption" color="text.secondary" component="div">
                    Status
                  </Typography>
                  <Typography sx={{ fontWeight: 600 }}>
                    Approved{quote.approvedBy ? ` by ${quote.approvedBy}` : ''}
                    {quote.approvedAt ? ` on ${formatDate(quote.approvedAt, 'short')}` : ''}
                  </Typography>
                </Grid>
              ) : (
                <FormField name="status" label="Status" kind="select" options={EDITABLE_STATUS_OPTIONS} size={{ xs: 12, sm: 6, md: 3 }} disabled={locked} />
              )}
              <FormField name="title" label="Title" placeholder="e.g. 3BHK interiors, Gachibowli" size={12} disabled={locked} />
            </Grid>
          </BuilderSection>

          <BuilderSection id="quotation-items-title" title="Items">
            <QuotationRows locked={locked} />
          </BuilderSection>

          <Grid container spacing={2.5}>
            <Grid size={{ xs: 12, md: 7 }}>
              <BuilderSection id="quotation-notes-title" title="Notes">
                <Grid container>
                  <FormField name="notes" label="Notes and terms" kind="multiline" rows={8} size={12} disabled={locked} />
                </Grid>
              </BuilderSection>
            </Grid>
            <Grid size={{ xs: 12, md: 5 }}>
              <Stack spacing={2.5}>
                <BuilderSection id="quotation-totals-title" title="Totals">
                  <QuotationTotals locked={locked} />
                </BuilderSection>
                <MarginPanel saved={quote} threshold={defaults.marginThreshold} />
              </Stack>
            </Grid>
          </Grid>
          {!locked && (
            <Box>
              <Button type="submit" variant="contained" size="large" startIcon={<SaveIcon />} disabled={busy}>
                {formik.isSubmitting ? 'Saving...' : 'Save'}
              </Button>
            </Box>
          )}
        </Stack>
      </FormShell>

      <ConfirmActionDialog
        open={lowMargin !== null}
        title="Send below the margin threshold?"
        message={lowMargin ? lowMarginMessage(lowMargin) : ''}
        confirmLabel="Send anyway"
        onCancel={() => setLowMargin(null)}
        onConfirm={() => void confirmLow()}
      />
      <ConfirmActionDialog
        open={approving}
        title="Mark this quotation approved?"
        message="Use this when the client approved by phone or in person. The project and its advance demand are created."
        confirmLabel="Mark approved"
        pending={approve.isPending}
        onCancel={() => setApproving(false)}
        onConfirm={() => void markApproved()}
      />
      <ShareLinkDialog url={link} clientName={formik.values.clientDetails.name} clientPhone={formik.values.clientDetails.phone} onClose={() => setLink(null)} />
      {quote && <RevisionHistoryDialog open={history} quote={quote} onClose={() => setHistory(false)} />}
    </FormikProvider>
  );
}
