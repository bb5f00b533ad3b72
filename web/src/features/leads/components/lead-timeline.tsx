import CallIcon from '@mui/icons-material/Call';
import EditNoteIcon from '@mui/icons-material/EditNote';
import EmailIcon from '@mui/icons-material/Email';
import HistoryIcon from '@mui/icons-material/History';
import StickyNote2Icon from '@mui/icons-material/StickyNote2';
import WebIcon from '@mui/icons-material/Web';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { COMMUNICATION_TYPE_LABELS, type TimelineEntry } from '@app/shared-types/leads';
import type { ReactNode } from 'react';
import { describeChanges, formatDateTime } from '../model';

const ICONS: Record<TimelineEntry['type'], ReactNode> = {
  note: <StickyNote2Icon fontSize="small" />,
  call: <CallIcon fontSize="small" />,
  whatsapp: <WhatsAppIcon fontSize="small" />,
  email: <EmailIcon fontSize="small" />,
  form_submission: <WebIcon fontSize="small" />,
  change: <HistoryIcon fontSize="small" />,
};

function entryLabel(entry: TimelineEntry): string {
  return entry.type === 'change' ? 'Change' : COMMUNICATION_TYPE_LABELS[entry.type];
}

/** A lead's history, newest first: communications, website submissions and field changes. */
export function LeadTimeline({ entries }: { entries: TimelineEntry[] }) {
  if (entries.length === 0) {
    return (
      <Stack direction="row" spacing={1} sx={{ color: 'text.secondary', alignItems: 'center', py: 1 }}>
        <EditNoteIcon fontSize="small" />
        <Typography variant="body2">Nothing here yet. Add a note after your first call.</Typography>
      </Stack>
    );
  }
  return (
    <Box component="ol" aria-label="Timeline" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {entries.map((entry) => {
        const changes = describeChanges(entry.changes);
        // A change entry's text repeats its changes in one line; the list reads better.
        const content = changes.length > 0 ? '' : entry.content;
        return (
          <Box
            component="li"
            key={entry.id}
            sx={{ display: 'flex', gap: 1.5, py: 1.5, '&:not(:last-of-type)': { borderBottom: 1, borderColor: 'divider' } }}
          >
            <Avatar
              sx={{
                width: 32,
                height: 32,
                bgcolor: entry.type === 'change' ? 'grey.200' : 'primary.light',
                color: entry.type === 'change' ? 'text.secondary' : 'primary.contrastText',
              }}
              aria-hidden
            >
              {ICONS[entry.type]}
            </Avatar>
            <Box sx={{ minWidth: 0, flex: 1 }}>
              <Typography variant="subtitle2" component="p">
                {entryLabel(entry)}
              </Typography>
              {content && (
                <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {content}
                </Typography>
              )}
              {changes.map((line) => (
                <Typography key={line} variant="body2">
                  {line}
                </Typography>
              ))}
              <Typography variant="caption" color="text.secondary">
                {entry.createdBy ? `${entry.createdBy} · ` : ''}
                <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
              </Typography>
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}
