import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LEAD_FIELD_LABELS, type BulkImportResult, type ImportRowOutcome } from '@app/shared-types/leads';
import type { ReactNode } from 'react';
import { cellText, type ParsedImportRow } from '../import-parsing';
import { plural } from '../model';

/** Rows listed per group; the rest are counted. */
const SHOWN_ROWS = 100;

type Outcome<S extends ImportRowOutcome['status']> = Extract<ImportRowOutcome, { status: S }>;

function Group({ title, count, color, children }: { title: string; count: number; color: 'success' | 'error' | 'warning'; children: ReactNode }) {
  if (count === 0) return null;
  return (
    <Box component="section" aria-label={title} sx={{ mt: 2.5 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="h6" component="h3">
          {title}
        </Typography>
        <Chip size="small" color={color} label={count} />
      </Stack>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, border: 1, borderColor: 'divider', borderRadius: 2, maxHeight: 280, overflowY: 'auto' }}>
        {children}
      </Box>
      {count > SHOWN_ROWS && (
        <Typography variant="caption" color="text.secondary">
          and {count - SHOWN_ROWS} more
        </Typography>
      )}
    </Box>
  );
}

function Row({ line, title, children }: { line: number; title: string; children?: ReactNode }) {
  return (
    <Box component="li" sx={{ px: 1.5, py: 1, '&:not(:last-of-type)': { borderBottom: 1, borderColor: 'divider' } }}>
      <Typography variant="body2">
        <Box component="span" sx={{ color: 'text.secondary', mr: 1 }}>
          Line {line}
        </Box>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

interface ImportPreviewProps {
  result: BulkImportResult;
  rows: readonly ParsedImportRow[];
  includeDuplicates: ReadonlySet<number>;
  onToggleDuplicate: (index: number, include: boolean) => void;
}

/** The dry run's answer in three groups: rows to import, invalid rows and why, duplicates of an existing phone. */
export function ImportPreview({ result, rows, includeDuplicates, onToggleDuplicate }: ImportPreviewProps) {
  const valid = result.rows.filter((row): row is Outcome<'valid'> => row.status === 'valid');
  const invalid = result.rows.filter((row): row is Outcome<'invalid'> => row.status === 'invalid');
  const duplicates = result.rows.filter((row): row is Outcome<'duplicate'> => row.status === 'duplicate');
  const lineOf = (index: number) => rows[index]?.line ?? index + 1;
  const parsedTitle = (index: number) => {
    const row = rows[index]?.row;
    return [cellText(row?.name), cellText(row?.phone)].filter(Boolean).join(' · ') || '(empty row)';
  };

  return (
    <Box>
      <Typography>
        {plural(valid.length, 'lead', 'leads')} ready to import
        {invalid.length > 0 && `, ${plural(invalid.length, 'invalid row', 'invalid rows')}`}
        {duplicates.length > 0 && `, ${plural(duplicates.length, 'duplicate', 'duplicates')} (skipped unless you tick them)`}.
      </Typography>

      <Group title="Ready to import" count={valid.length} color="success">
        {valid.slice(0, SHOWN_ROWS).map((row) => (
          <Row key={row.index} line={lineOf(row.index)} title={`${row.lead.name} · ${row.lead.phone}`}>
            <Typography variant="caption" color="text.secondary">
              {[row.lead.source, row.lead.projectType, row.lead.location].filter(Boolean).join(' · ')}
            </Typography>
          </Row>
        ))}
      </Group>

      <Group title="Invalid rows" count={invalid.length} color="error">
        {invalid.slice(0, SHOWN_ROWS).map((row) => (
          <Row key={row.index} line={lineOf(row.index)} title={parsedTitle(row.index)}>
            {Object.entries(row.errors).map(([field, message]) => (
              <Typography key={field} variant="caption" color="error" component="p">
                {LEAD_FIELD_LABELS[field] ?? field}: {message}
              </Typography>
            ))}
          </Row>
        ))}
      </Group>

      <Group title="Already in the CRM" count={duplicates.length} color="warning">
        {duplicates.slice(0, SHOWN_ROWS).map((row) => (
          <Row key={row.index} line={lineOf(row.index)} title={`${row.lead.name} · ${row.lead.phone}`}>
            <Typography variant="caption" color="text.secondary" component="p">
              {row.reason}
            </Typography>
            {row.existing && (
              <FormControlLabel
                control={
                  <Checkbox
                    size="small"
                    checked={includeDuplicates.has(row.index)}
                    onChange={(event) => onToggleDuplicate(row.index, event.target.checked)}
                  />
                }
                label={<Typography variant="body2">Add to existing lead's timeline ({row.existing.name})</Typography>}
              />
            )}
          </Row>
        ))}
      </Group>
    </Box>
  );
}
