import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import EditNoteIcon from '@mui/icons-material/EditNote';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatDate } from '@app/shared-types/format';
import { QUOTE_LINK_EXPIRED, QUOTE_LINK_INVALID, QUOTE_PAGE_OUTDATED, type ClientAnswerFields, type PublicQuotation } from '@app/shared-types/quotations';
import { useState } from 'react';
import { useParams } from 'react-router';
import { ErrorState } from '../components/error-state';
import { LoadingState } from '../components/loading-state';
import { PageMeta } from './site/page-meta';
import { useAnswerQuoteLink, type QuoteAnswer } from '../features/quotations/api/answer-quote-link';
import { quoteLinkPdfHref, useQuoteLink } from '../features/quotations/api/get-quote-link';
import { PublicAnswerDialog } from '../features/quotations/components/public-answer-dialog';
import { PublicQuotationView } from '../features/quotations/components/public-quotation-view';
import { ApiError } from '../lib/api-client';

/** What the client reads once they answered (and on coming back). */
function outcomeOf(quote: PublicQuotation): { severity: 'success' | 'info' | 'warning'; text: string } | null {
  const response = quote.response;
  if (quote.status === 'approved') {
    return { severity: 'success', text: response ? `This quotation was approved by ${response.name} on ${formatDate(response.at)}.` : 'This quotation has been approved.' };
  }
  if (quote.status === 'rejected') return { severity: 'warning', text: 'This quotation is no longer open. Please contact us for an updated quote.' };
  if (response?.action === 'changes_requested') {
    return { severity: 'info', text: `${response.name} asked for changes on ${formatDate(response.at)}. We will send an updated quote; you can still approve this one.` };
  }
  return null;
}

/**
 * What the client reads on a quote not open for their answer yet: one whose
 * figures changed after it was sent (a new revision, shown here, that we send
 * again), or one sent again after that.
 */
function revisionNoticeOf(quote: PublicQuotation): string | null {
  const revised = quote.revisedAt ? `This quotation was revised on ${formatDate(quote.revisedAt)}: the figures below are the new ones.` : null;
  if (quote.status === 'draft') return `${revised ?? 'This quotation is being updated.'} We will send it to you again to approve.`;
  if (quote.status === 'sent' && revised) return `${revised} Please review them before you approve.`;
  return null;
}

/**
 * /q/:token: the quote the firm sent, for the client (no sign-in, not indexed):
 * the sheet, its PDF, and Approve or Request changes with their name. An
 * answer carries the version of the quote on screen: one changed since is
 * refused (409) and shown again.
 */
export function QuoteLinkPage() {
  const token = useParams().token ?? '';
  const query = useQuoteLink(token);
  const answer = useAnswerQuoteLink();
  const [asking, setAsking] = useState<QuoteAnswer | null>(null);
  const [thanks, setThanks] = useState<string | null>(null);

  const submit = async (kind: QuoteAnswer, input: ClientAnswerFields) => {
    const shown = query.data;
    if (!shown) throw new Error(QUOTE_PAGE_OUTDATED);
    try {
      await answer.mutateAsync({ token, answer: kind, input: { ...input, version: shown.version } });
    } catch (error) {
      // Already answered, changed or closed meanwhile: show the quote as it is now, and say why.
      if (error instanceof ApiError && error.status === 409) void query.refetch();
      throw new Error(error instanceof ApiError ? (error.body?.error ?? 'Something went wrong. Please try again.') : 'Something went wrong. Please try again.');
    }
    setAsking(null);
    setThanks(kind === 'approve' ? `Thank you, ${input.name}. Your approval has been recorded.` : `Thank you, ${input.name}. Your request for changes has been sent; we will get back to you with an updated quote.`);
  };

  let content;
  if (query.isPending) content = <LoadingState label="Loading your quotation..." />;
  else if (query.isError) {
    const status = query.error instanceof ApiError ? query.error.status : 0;
    if (status === 404 || status === 410) {
      content = (
        <Alert severity={status === 410 ? 'warning' : 'error'} sx={{ my: 4 }}>
          <Typography component="h1" variant="h6">
            {status === 410 ? 'Quotation expired' : 'Link not valid'}
          </Typography>
          {status === 410 ? QUOTE_LINK_EXPIRED : QUOTE_LINK_INVALID}
        </Alert>
      );
    } else content = <ErrorState message="We could not load this quotation. Please try again." onRetry={() => void query.refetch()} />;
  } else {
    const quote = query.data;
    const outcome = outcomeOf(quote);
    const notice = revisionNoticeOf(quote);
    const open = quote.status === 'sent';
    content = (
      <PublicQuotationView
        quote={quote}
        notices={
          (notice || outcome) && (
            <Stack spacing={2}>
              {notice && <Alert severity="info">{notice}</Alert>}
              {outcome && <Alert severity={outcome.severity}>{outcome.text}</Alert>}
            </Stack>
          )
        }
        actions={
          <Stack spacing={2}>
            {thanks && (
              <Alert severity="success" role="status">
                {thanks}
              </Alert>
            )}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
              <Button variant="outlined" startIcon={<PictureAsPdfIcon />} href={quoteLinkPdfHref(token)} download>
                Download PDF
              </Button>
              {open && (
                <>
                  <Button variant="contained" color="success" startIcon={<CheckCircleOutlineIcon />} onClick={() => setAsking('approve')}>
                    Approve
                  </Button>
                  <Button variant="outlined" startIcon={<EditNoteIcon />} onClick={() => setAsking('request-changes')}>
                    Request changes
                  </Button>
                </>
              )}
            </Stack>
          </Stack>
        }
      />
    );
  }

  return (
    <Container maxWidth="md" sx={{ py: { xs: 2, sm: 5 }, px: { xs: 1.5, sm: 3 } }}>
      <PageMeta title="Your quotation" description="The quotation we prepared for you: review it, download the PDF, approve it or ask for changes." />
      <meta name="robots" content="noindex, nofollow" />
      {content}
      <PublicAnswerDialog
        key={asking ?? 'closed'}
        open={asking !== null}
        title={asking === 'approve' ? 'Approve this quotation' : 'Request changes'}
        intro={asking === 'approve' ? 'Approving tells us to start: we will call you to schedule the next steps.' : 'Tell us what you would like changed and we will send an updated quote.'}
        submitLabel={asking === 'approve' ? 'Approve' : 'Send request'}
        commentLabel={asking === 'approve' ? 'Comment (optional)' : 'What should we change? (optional)'}
        onSubmit={(input) => submit(asking ?? 'approve', input)}
        onClose={() => setAsking(null)}
      />
    </Container>
  );
}
