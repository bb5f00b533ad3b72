import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { AuditEntry } from '@app/shared-types/audit';
import { formatDateTime } from '@app/shared-types/format';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { ChangesTable } from '../../../components/changes-table';
import { actionLabel, actorLabel, diffRows, entityLabel, entryTitle, isMasked, knownNames, recordName } from '../model';

interface AuditEntryListProps {
  entries: readonly AuditEntry[];
  /** The URL of the screen that opens a record, or null where the portal has none. */
  recordHref: (entity: string, id: string) => string | null;
  /** A field path's label where the portal names it (the Settings screen's labels); undefined: spelled out from the path. */
  fieldLabel?: (entity: string, path: string) => string | undefined;
}

/**
 * Audit entries, newest first: when, who (by name), what (the entity and the
 * record's name, linked to it) and the action; each opens into its before/after. A table on wide
 * screens, cards on phones.
 */
export function AuditEntryList({ entries, recordHref, fieldLabel }: AuditEntryListProps) {
  const narrow = useMediaQuery(useTheme().breakpoints.down('md'));
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const props = (entry: AuditEntry) => ({ entry, open: open.has(entry.id), onToggle: () => toggle(entry.id), recordHref, fieldLabel });

  if (narrow) {
    return (
      <Stack component="section" aria-label="Audit entries" spacing={1.5}>
        {entries.map((entry) => (
          <EntryCard key={entry.id} {...props(entry)} />
        ))}
      </Stack>
    );
  }
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label="Audit entries">
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: 48 }} />
            <TableCell>When</TableCell>
            <TableCell>Who</TableCell>
            <TableCell>Entity</TableCell>
            <TableCell>Action</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {entries.map((entry) => (
            <EntryRows key={entry.id} {...props(entry)} />
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

interface EntryProps {
  entry: AuditEntry;
  open: boolean;
  onToggle: () => void;
  recordHref: AuditEntryListProps['recordHref'];
  fieldLabel: AuditEntryListProps['fieldLabel'];
}

const toggleLabel = (open: boolean) => (open ? 'Hide changes' : 'Show changes');
const diffId = (entry: AuditEntry) => `audit-diff-${entry.id}`;

function EntryRows({ entry, open, onToggle, recordHref, fieldLabel }: EntryProps) {
  return (
    <>
      <TableRow hover sx={{ '& > td': { borderBottom: open ? 'none' : undefined } }}>
        <TableCell>
          <IconButton size="small" aria-label={toggleLabel(open)} aria-expanded={open} aria-controls={diffId(entry)} onClick={onToggle}>
            {open ? <ExpandLessIcon /> : <ExpandMoreIcon />}
          </IconButton>
        </TableCell>
        <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.at)}</TableCell>
        <TableCell>
          <Who actor={entry.actor} />
        </TableCell>
        <TableCell>
          <What entry={entry} recordHref={recordHref} />
        </TableCell>
        <TableCell>
          <ActionChip entry={entry} />
        </TableCell>
      </TableRow>
      <TableRow>
        <TableCell colSpan={5} sx={{ py: 0, borderBottom: open ? undefined : 'none' }}>
          <Collapse in={open} unmountOnExit>
            <Box id={diffId(entry)} sx={{ py: 1.5, pl: 6 }}>
              <EntryDiff entry={entry} fieldLabel={fieldLabel} />
            </Box>
          </Collapse>
        </TableCell>
      </TableRow>
    </>
  );
}

function EntryCard({ entry, open, onToggle, recordHref, fieldLabel }: EntryProps) {
  const titleId = `audit-entry-${entry.id}`;
  return (
    <Card component="article" variant="outlined" aria-labelledby={titleId}>
      <CardContent sx={{ '&:last-child': { pb: 1.5 } }}>
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}>
          <Box sx={{ minWidth: 0 }}>
            <Typography id={titleId} sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {entryTitle(entry)}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {formatDateTime(entry.at)}
            </Typography>
          </Box>
          <ActionChip entry={entry} />
        </Stack>
        <Stack spacing={0.5} sx={{ mt: 1 }}>
          <Line label="Who">
            <Who actor={entry.actor} />
          </Line>
          <Line label="Record">
            <What entry={entry} recordHref={recordHref} />
          </Line>
        </Stack>
        <Button size="small" sx={{ mt: 1, ml: -1 }} startIcon={open ? <ExpandLessIcon /> : <ExpandMoreIcon />} aria-expanded={open} aria-controls={diffId(entry)} onClick={onToggle}>
          {toggleLabel(open)}
        </Button>
        <Collapse in={open} unmountOnExit>
          <Box id={diffId(entry)} sx={{ pt: 1 }}>
            <EntryDiff entry={entry} fieldLabel={fieldLabel} />
          </Box>
        </Collapse>
      </CardContent>
    </Card>
  );
}

function Line({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack direction="row" spacing={1} sx={{ minWidth: 0 }}>
      <Typography variant="body2" color="text.secondary" sx={{ width: 56, flexShrink: 0 }}>
        {label}
      </Typography>
      <Box sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>{children}</Box>
    </Stack>
  );
}

function Who({ actor }: { actor: AuditEntry['actor'] }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="body2">{actorLabel(actor)}</Typography>
      {actor.name && actor.email && (
        <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {actor.email}
        </Typography>
      )}
    </Box>
  );
}

function What({ entry, recordHref }: { entry: AuditEntry; recordHref: AuditEntryListProps['recordHref'] }) {
  const href = recordHref(entry.entity, entry.entityId);
  const name = recordName(entry);
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="body2">{entityLabel(entry.entity)}</Typography>
      <Typography variant="caption" component="div" sx={{ overflowWrap: 'anywhere' }}>
        {href ? (
          <Link component={RouterLink} to={href} underline="hover" aria-label={`Open ${entityLabel(entry.entity)} ${name}`}>
            {name}
          </Link>
        ) : (
          name
        )}
      </Typography>
    </Box>
  );
}

function ActionChip({ entry }: { entry: AuditEntry }) {
  const color = entry.action === 'delete' ? 'error' : entry.action === 'create' ? 'success' : entry.action === 'reveal' ? 'warning' : 'default';
  return <Chip size="small" variant="outlined" color={color} label={actionLabel(entry.action)} />;
}

/** A value of the diff: masked personal data says so instead of showing dots alone. */
function DiffValue({ value }: { value: string }) {
  if (!isMasked(value)) return <>{value}</>;
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, color: 'text.secondary' }}>
      <LockOutlinedIcon sx={{ fontSize: 16 }} aria-hidden />
      <span>{value} (masked)</span>
    </Box>
  );
}

/** An entry's before and after, field by field. */
function EntryDiff({ entry, fieldLabel }: { entry: AuditEntry; fieldLabel: AuditEntryListProps['fieldLabel'] }) {
  const rows = diffRows(entry.changes, (path) => fieldLabel?.(entry.entity, path), knownNames(entry));
  if (rows.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        No field changes were recorded.
      </Typography>
    );
  }
  return (
    <ChangesTable
      label={`Changes of ${entityLabel(entry.entity)} ${recordName(entry)}`}
      columns={['Before', 'After']}
      rows={rows.map((row) => ({ id: row.path, label: row.label, first: <DiffValue value={row.before} />, second: <DiffValue value={row.after} /> }))}
      sx={{ width: '100%', tableLayout: 'fixed', typography: 'body2', '& th:first-of-type': { width: '30%' }, '& th, & td': { py: 0.5, borderBottom: 1, borderColor: 'divider' } }}
    />
  );
}
