import NotificationsIcon from '@mui/icons-material/Notifications';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { BellNotification } from '@app/shared-types/notifications';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useBell, useBellActions } from '../api/notifications';
import { badgeCount, timeAgo } from '../model';

/**
 * The header's bell: the signed-in user's unread count (kept by the server,
 * polled every minute and on window focus) and, opened, the newest
 * notifications with their time. Choosing one marks it read and opens what it
 * is about; 'Mark all read' clears the count. `hrefOf` turns a notification's
 * portal path into a URL under the portal's base.
 */
export function NotificationBell({ hrefOf, now = Date.now }: { hrefOf: (link: string) => string; now?: () => number }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const bell = useBell();
  const { read, readAll } = useBellActions();
  const navigate = useNavigate();
  const unread = bell.data?.unreadCount ?? 0;
  const items = bell.data?.items ?? [];
  const label = unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';

  const open = (item: BellNotification) => {
    if (!item.read) read.mutate(item.id);
    setAnchor(null);
    void navigate(hrefOf(item.link));
  };

  return (
    <>
      <Tooltip title="Notifications">
        <IconButton aria-label={label} aria-haspopup="dialog" aria-expanded={anchor !== null} onClick={(event) => setAnchor(event.currentTarget)}>
          <Badge badgeContent={unread > 0 ? badgeCount(unread) : undefined} color="error">
            <NotificationsIcon />
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { role: 'dialog', 'aria-label': 'Notifications', sx: { width: 360, maxWidth: 'calc(100vw - 24px)' } } }}
      >
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', px: 2, py: 1.25 }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
            Notifications
          </Typography>
          <Button size="small" onClick={() => readAll.mutate()} disabled={unread === 0 || readAll.isPending}>
            Mark all read
          </Button>
        </Stack>
        <Divider />
        {bell.isPending ? (
          <Typography sx={{ p: 2 }} color="text.secondary">
            Loading...
          </Typography>
        ) : bell.error ? (
          <Typography sx={{ p: 2 }} color="error">
            Could not load notifications.
          </Typography>
        ) : items.length === 0 ? (
          <Typography sx={{ p: 2 }} color="text.secondary">
            No notifications yet.
          </Typography>
        ) : (
          <List dense disablePadding sx={{ maxHeight: 420, overflowY: 'auto' }}>
            {items.map((item) => (
              <ListItemButton key={item.id} onClick={() => open(item)} sx={{ alignItems: 'flex-start', gap: 1.5, py: 1 }}>
                <Box
                  aria-hidden
                  sx={{ mt: 0.9, width: 8, height: 8, borderRadius: '50%', flexShrink: 0, bgcolor: item.read ? 'transparent' : 'primary.main' }}
                />
                <ListItemText
                  primary={item.title}
                  secondary={`${timeAgo(item.createdAt, now())}${item.read ? '' : ' · unread'}`}
                  slotProps={{ primary: { sx: { fontWeight: item.read ? 400 : 600, overflowWrap: 'anywhere' } } }}
                />
              </ListItemButton>
            ))}
          </List>
        )}
      </Popover>
    </>
  );
}
