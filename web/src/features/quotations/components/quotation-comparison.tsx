import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Quotation } from '@app/shared-types/quotations';
import { ChangesTable } from '../../../components/changes-table';
import { compareQuotations, isUnchanged, type Change } from '../model';

function ChangeTable({ label, changes }: { label: string; changes: Change[] }) {
  return (
    <ChangesTable
      label={label}
      columns={['Then', 'Now']}
      rows={changes.map((change) => ({ label: change.label, first: change.before, second: change.after }))}
      sx={{ width: '100%', '& th, & td': { py: 0.5, borderBottom: 1, borderColor: 'divider', overflowWrap: 'anywhere' } }}
    />
  );
}

function Part({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Box component="section" aria-label={title}>
      <Typography variant="subtitle2" component="h4" sx={{ mb: 0.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** What changed from a kept version to the quote as saved now: details, rows added, removed and changed (old -> new), totals. */
export function QuotationComparison({ before, after }: { before: Quotation; after: Quotation }) {
  const comparison = compareQuotations(before, after);
  if (isUnchanged(comparison)) return <Typography color="text.secondary">Nothing changed since this version.</Typography>;
  return (
    <Stack spacing={2}>
      {comparison.details.length > 0 && (
        <Part title="Details">
          <ChangeTable label="Details changed" changes={comparison.details} />
        </Part>
      )}
      {comparison.added.length > 0 && (
        <Part title="Rows added">
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {comparison.added.map((row, index) => (
              <li key={`${row}-${index}`}>{row}</li>
            ))}
          </Box>
        </Part>
      )}
      {comparison.removed.length > 0 && (
        <Part title="Rows removed">
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {comparison.removed.map((row, index) => (
              <li key={`${row}-${index}`}>{row}</li>
            ))}
          </Box>
        </Part>
      )}
      {comparison.changed.map((row, index) => (
        <Part key={`${row.label}-${index}`} title={`Changed: ${row.label}`}>
          <ChangeTable label={`${row.label} changes`} changes={row.changes} />
        </Part>
      ))}
      {comparison.totals.length > 0 && (
        <Part title="Totals">
          <ChangeTable label="Totals changed" changes={comparison.totals} />
        </Part>
      )}
    </Stack>
  );
}
