import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { formatDate, formatMoney } from '@app/shared-types/format';
import { Link as RouterLink } from 'react-router';
import { LoadingState } from '../../../components/loading-state';
import { useClientResponses } from '../api/get-client-responses';

/** The dashboard's 'Client responses': the latest answers clients gave through their links; each opens the quote. */
export function ClientResponsesCard({ quoteHref }: { quoteHref: (id: string) => string }) {
  const responses = useClientResponses(5);
  const items = responses.data?.items ?? [];
  let content;
  if (responses.isPending) content = <LoadingState label="Loading client responses..." />;
  else if (responses.isError) content = <Typography color="text.secondary">Could not load the client responses.</Typography>;
  else if (items.length === 0) content = <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>No client has answered a quote yet</Typography>;
  else
    content = (
      <List disablePadding>
        {items.map((quote) => {
          const answer = quote.responses.at(-1);
          const approved = answer?.action === 'approved';
          return (
            <ListItem key={quote.id} disablePadding divider>
              <ListItemButton component={RouterLink} to={quoteHref(quote.id)} sx={{ borderRadius: 2, gap: 1 }}>
                <ListItemText
                  primary={`${quote.clientDetails.name} · ${formatMoney(quote.grandTotal)}`}
                  secondary={[quote.quotationNumber, answer && `${answer.name}, ${formatDate(answer.at, 'short')}`, answer?.comment && `“${answer.comment}”`].filter(Boolean).join(' · ')}
                  slotProps={{ primary: { sx: { fontWeight: 600 } } }}
                />
                <Chip size="small" color={approved ? 'success' : 'info'} label={approved ? 'Approved' : 'Changes requested'} />
              </ListItemButton>
            </ListItem>
          );
        })}
      </List>
    );
  return (
    <Card component="section" aria-labelledby="client-responses-title">
      <CardContent>
        <Typography id="client-responses-title" variant="h5" component="h2" sx={{ mb: 1 }}>
          Client responses
        </Typography>
        {content}
      </CardContent>
    </Card>
  );
}
