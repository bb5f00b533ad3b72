import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

export interface LeadListItem {
  id: string;
  href: string;
  primary: string;
  secondary: ReactNode;
  /** E.g. an 'overdue' chip, at the row's end. */
  badge?: ReactNode;
}

interface LeadListCardProps {
  title: string;
  /** Shown beside the title when given (the list may show fewer rows than there are). */
  count?: number;
  items: LeadListItem[];
  emptyText: string;
  action?: ReactNode;
}

/** A titled list of leads on the dashboard; each row opens the lead in the CRM. */
export function LeadListCard({ title, count, items, emptyText, action }: LeadListCardProps) {
  const titleId = `${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-title`;
  return (
    <Card component="section" aria-labelledby={titleId} sx={{ height: '100%' }}>
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
          <Typography id={titleId} variant="h5" component="h2">
            {title}
          </Typography>
          {count !== undefined && <Chip size="small" color="primary" label={count} aria-label={`${count} in total`} />}
          <Stack sx={{ flexGrow: 1, alignItems: 'flex-end' }}>{action}</Stack>
        </Stack>
        {items.length === 0 ? (
          <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
            {emptyText}
          </Typography>
        ) : (
          <List disablePadding>
            {items.map((item) => (
              <ListItem key={item.id} disablePadding divider>
                <ListItemButton component={RouterLink} to={item.href} sx={{ borderRadius: 2, gap: 1 }}>
                  <ListItemText
                    primary={item.primary}
                    secondary={item.secondary}
                    slotProps={{ primary: { sx: { fontWeight: 600 } } }}
                  />
                  {item.badge}
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
}
