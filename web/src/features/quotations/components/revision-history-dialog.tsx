import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { formatDate, formatMoney } from '@app/shared-types/format';
import type { Quotation } from '@app/shared-types/quotations';
import { useState } from 'react';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { PagedList, usePagedItems } from '../../../components/paged-list';
import { serverMessage } from '../../../lib/api-errors';
import { useRevision } from '../api/get-revision';
import { useRevisions } from '../api/get-revisions';
import { QuotationComparison } from './quotation-comparison';
import { QuotationSummary } from './quotation-summary';

const when = (at: string) => `${formatDate(at, 'short')}, ${new Date(at).toLocaleTimeString('en-IN', { timeZone: 'Asia/Kolkata', hour: '2-digit', minute: '2-digit' })}`;

/** History: the kept versions (newest first); one opens read only, or compared with the quote as saved now. */
export function RevisionHistoryDialog({ open, quote, onClose }: { open: boolean; quote: Quotation; onClose: () => void }) {
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const list = useRevisions(quote.id, open);
  const revisions = usePagedItems(list);
  const [chosen, setChosen] = useState<number | null>(null);
  const [view, setView] = useState<'version' | 'compare'>('version');
  const revision = useRevision(quote.id, chosen);

  const close = () => {
    setChosen(null);
    setView('version');
    onClose();
  };

  let content;
  if (chosen === null)
    content = (
      <PagedList list={list} items={revisions} noun="history" errorMessage="Could not load the history." emptyMessage="No earlier versions yet: each save keeps the version it replaces." compact>
        <List aria-label="Earlier versions" disablePadding>
          {revisions.map((item) => (
            <ListItemButton key={item.revision} onClick={() => setChosen(item.revision)} divider>
              <ListItemText
                primary={`Revision ${item.revision} · ${formatMoney(item.quotation.grandTotal)}`}
                secondary={`Replaced ${when(item.replacedAt)} by ${item.replacedBy}`}
              />
            </ListItemButton>
          ))}
        </List>
      </PagedList>
    );
  else if (revision.isPending) content = <LoadingState label="Loading version..." />;
  else if (revision.isError) content = <ErrorState message={`Could not load this version. ${serverMessage(revision.error)}`} onRetry={() => void revision.refetch()} />;
  else
    content = (
      <Stack spacing={2}>
        <Typography variant="body2" color="text.secondary">
          Revision {revision.data.revision}, replaced {when(revision.data.replacedAt)} by {revision.data.replacedBy}
        </Typography>
        <Tabs value={view} onChange={(_event, value: 'version' | 'compare') => setView(value)} aria-label="Revision view">
          <Tab value="version" label="This version" />
          <Tab value="compare" label="Compare with current" />
        </Tabs>
        {view === 'version' ? <QuotationSummary quote={revision.data.quotation} /> : <QuotationComparison before={revision.data.quotation} after={quote} />}
      </Stack>
    );

  return (
    <Dialog open={open} onClose={close} aria-labelledby="revision-history-title" fullWidth maxWidth="md" fullScreen={fullScreen}>
      <DialogTitle id="revision-history-title">History of {quote.quotationNumber}</DialogTitle>
      <DialogContent dividers>{content}</DialogContent>
      <DialogActions>
        {chosen !== null && (
          <Button startIcon={<ArrowBackIcon />} onClick={() => setChosen(null)} sx={{ mr: 'auto' }}>
            All versions
          </Button>
        )}
        <Button onClick={close}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
