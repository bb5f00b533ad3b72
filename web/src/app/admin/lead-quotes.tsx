import Box from '@mui/material/Box';
import { calendarDate } from '@app/shared-types/format';
import { PagedList, usePagedItems } from '../../components/paged-list';
import { useLeadQuotations } from '../../features/quotations/api/get-lead-quotations';
import { QuoteLine } from './project-sections';

/** A lead's quotations in its drawer (issue 26: a calculator lead's draft is here to review, edit and send), each opening in the builder. */
export function LeadQuotes({ leadId, quoteHref }: { leadId: string; quoteHref: (quoteId: string) => string }) {
  const list = useLeadQuotations(leadId, 5);
  const items = usePagedItems(list);
  const today = calendarDate();
  return (
    <PagedList list={list} items={items} noun="quotes" emptyMessage="No quotation for this lead yet." compact>
      <Box component="ul" aria-label="Quotations of the lead" sx={{ m: 0, p: 0, display: 'grid', gap: 1.25 }}>
        {items.map((quote) => (
          <QuoteLine key={quote.id} quote={quote} today={today} href={quoteHref(quote.id)} />
        ))}
      </Box>
    </PagedList>
  );
}
