import MoreVertIcon from '@mui/icons-material/MoreVert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LEAD_STATUSES, type LeadStatus } from '@app/shared-types/constants';
import { formatINR } from '@app/shared-types/format';
import type { Lead } from '@app/shared-types/leads';
import { useState, type DragEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { serverMessage } from '../../../lib/api-errors';
import { useToast } from '../../../lib/toast';
import { useLeadAnalytics } from '../api/get-lead-analytics';
import { useLeads } from '../api/get-leads';
import { useUpdateLead } from '../api/update-lead';
import { formatBudget, type LeadFilters } from '../model';

/** Cards a column shows; the rest of a status is in the list, filtered by it. */
export const BOARD_COLUMN_SIZE = 25;

const DRAG_TYPE = 'application/x-lead-id';

interface LeadBoardProps {
  /** The list's filters (from the URL): the columns show the leads they let through. */
  filters: LeadFilters;
  onOpenLead: (id: string) => void;
  /** The list filtered by a status and the same filters (a column's 'See all'). */
  listHref: (status: LeadStatus) => string;
}

/** Whether the filters leave out some leads of a status: then the kept figures (per status, of every lead) do not serve. */
function narrows(filters: LeadFilters): boolean {
  return Boolean(filters.q.trim() || filters.source || filters.assignedTo || filters.projectType);
}

/** What the board says under a filtered column's total. */
export const SHOWN_TOTAL_NOTE = 'of the shown leads';

/**
 * The pipeline board: a column per status with its count and ₹ total (the
 * server's kept figures), the newest leads of the status as cards. The list's
 * filters apply to it (a status filter keeps its column): filtered by search,
 * source, assignee or project type, the kept figures (of every lead of a
 * status) cannot give the column's figures, so each column counts and sums the
 * cards it shows, and says so ('of the shown leads'). A card is
 * dragged to another column, or moved with its 'Move to…' menu (keyboard and
 * single pointer: WCAG 2.5.7); either saves the status through the lead's
 * versioned update, so a lead someone changed meanwhile is not overwritten.
 */
export function LeadBoard({ filters, onOpenLead, listHref }: LeadBoardProps) {
  const figures = useLeadAnalytics();
  const update = useUpdateLead();
  const { toast } = useToast();
  const [dragged, setDragged] = useState<Lead | null>(null);
  const [over, setOver] = useState<LeadStatus | null>(null);

  const move = (lead: Lead, status: LeadStatus) => {
    if (lead.status === status) return;
    update.mutate(
      { id: lead.id, version: lead.version, status },
      {
        onSuccess: () => toast({ title: `${lead.name} moved to ${status}` }),
        onError: (error) => toast({ variant: 'destructive', title: `Could not move ${lead.name}`, description: serverMessage(error) }),
      },
    );
  };

  const drop = (status: LeadStatus) => (event: DragEvent) => {
    event.preventDefault();
    setOver(null);
    if (dragged) move(dragged, status);
    setDragged(null);
  };

  return (
    <Box
      component="section"
      aria-label="Pipeline board"
      sx={{ display: 'grid', gridAutoFlow: 'column', gridAutoColumns: 'minmax(232px, 1fr)', gap: 1.5, overflowX: 'auto', pb: 1 }}
    >
      {(filters.status ? [filters.status] : LEAD_STATUSES).map((status) => (
        <BoardColumn
          key={status}
          status={status}
          filters={filters}
          kept={narrows(filters) ? undefined : (figures.data?.statusBreakdown.find((column) => column.status === status) ?? null)}
          over={over === status}
          onOver={(on) => setOver((current) => (on ? status : current === status ? null : current))}
          onDrop={drop(status)}
          onOpenLead={onOpenLead}
          onMove={move}
          onDrag={setDragged}
          listHref={listHref(status)}
        />
      ))}
    </Box>
  );
}

interface BoardColumnProps {
  status: LeadStatus;
  filters: LeadFilters;
  /** The status's kept figures (null while they load); undefined when filtered: the column sums its cards. */
  kept: { count: number; budget: number } | null | undefined;
  over: boolean;
  onOver: (over: boolean) => void;
  onDrop: (event: DragEvent) => void;
  onOpenLead: (id: string) => void;
  onMove: (lead: Lead, status: LeadStatus) => void;
  onDrag: (lead: Lead | null) => void;
  listHref: string;
}

/** One column: its count and ₹ total, and its own page of the status's leads under the filters (newest first). */
function BoardColumn({ status, filters, kept, over, onOver, onDrop, onOpenLead, onMove, onDrag, listHref }: BoardColumnProps) {
  const list = useLeads({ filters: { ...filters, status }, limit: BOARD_COLUMN_SIZE, cursor: undefined });
  const leads = list.data?.items ?? [];
  const more = Boolean(list.data?.nextCursor);
  // Filtered: the server's count of the filtered list where it keeps one, else the cards (and '+' when there are more); the total of the cards.
  const shown = list.data ? { count: list.data.total ?? leads.length, budget: leads.reduce((sum, lead) => sum + lead.budget, 0) } : null;
  const figure = kept === undefined ? shown : kept;
  const count = figure ? `${figure.count}${kept === undefined && list.data?.total === undefined && more ? '+' : ''}` : '…';
  return (
    <Paper
      component="section"
      aria-label={`${status} column`}
      variant="outlined"
      onDragOver={(event) => {
        if (!event.dataTransfer.types.includes(DRAG_TYPE)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'move';
        onOver(true);
      }}
      onDragLeave={() => onOver(false)}
      onDrop={onDrop}
      sx={{ p: 1.25, bgcolor: over ? 'action.hover' : 'grey.50', minHeight: 240 }}
    >
      <Stack direction="row" sx={{ alignItems: 'baseline', justifyContent: 'space-between' }}>
        <Typography component="h3" variant="subtitle2">
          {status} <Typography component="span" variant="body2" color="text.secondary">({count})</Typography>
        </Typography>
        <Typography variant="subtitle2" data-testid="column-total">
          {figure ? formatINR(figure.budget) : '…'}
        </Typography>
      </Stack>
      {kept === undefined && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ textAlign: 'right' }}>
          {SHOWN_TOTAL_NOTE}
        </Typography>
      )}
      <Box sx={{ mt: 1 }}>
        {list.isPending ? (
          <Typography variant="body2" color="text.secondary">
            Loading...
          </Typography>
        ) : list.isError ? (
          <Typography variant="body2" color="error">
            Could not load. {serverMessage(list.error)}
          </Typography>
        ) : (
          <>
            <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
              {leads.map((lead) => (
                <BoardCard key={lead.id} lead={lead} onOpen={() => onOpenLead(lead.id)} onMove={(to) => onMove(lead, to)} onDrag={onDrag} />
              ))}
            </Stack>
            {more || (figure && figure.count > leads.length) ? (
              <Link component={RouterLink} to={listHref} variant="body2" sx={{ display: 'block', mt: 1 }}>
                {figure && (kept !== undefined || list.data?.total !== undefined) ? `See all ${figure.count} in the list` : 'See all in the list'}
              </Link>
            ) : null}
          </>
        )}
      </Box>
    </Paper>
  );
}

function BoardCard({ lead, onOpen, onMove, onDrag }: { lead: Lead; onOpen: () => void; onMove: (status: LeadStatus) => void; onDrag: (lead: Lead | null) => void }) {
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  return (
    <Card
      component="li"
      variant="outlined"
      aria-label={lead.name}
      draggable
      onDragStart={(event) => {
        event.dataTransfer.setData(DRAG_TYPE, lead.id);
        event.dataTransfer.effectAllowed = 'move';
        onDrag(lead);
      }}
      onDragEnd={() => onDrag(null)}
      sx={{ display: 'flex', alignItems: 'flex-start', cursor: 'grab' }}
    >
      {/* A div, not a button: a drag starts from anywhere on the card. */}
      <CardActionArea component="div" onClick={onOpen} sx={{ p: 1, minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {lead.name}
        </Typography>
        <Typography variant="body2">{formatBudget(lead.budget)}</Typography>
        <Typography variant="caption" color="text.secondary">
          {lead.source}
          {lead.assignedToName ? ` · ${lead.assignedToName}` : ''}
        </Typography>
      </CardActionArea>
      <IconButton size="small" aria-label={`Move ${lead.name} to…`} aria-haspopup="menu" onClick={(event) => setMenu(event.currentTarget)} sx={{ m: 0.5 }}>
        <MoreVertIcon fontSize="small" />
      </IconButton>
      <Menu anchorEl={menu} open={menu !== null} onClose={() => setMenu(null)}>
        {LEAD_STATUSES.filter((status) => status !== lead.status).map((status) => (
          <MenuItem
            key={status}
            onClick={() => {
              setMenu(null);
              onMove(status);
            }}
          >
            Move to {status}
          </MenuItem>
        ))}
      </Menu>
    </Card>
  );
}
