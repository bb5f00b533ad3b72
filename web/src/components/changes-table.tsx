import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';

export interface ChangeRow {
  /** Unique among the rows when labels may repeat (a field path); the label otherwise. */
  id?: string;
  label: string;
  first: ReactNode;
  second: ReactNode;
}

interface ChangesTableProps {
  /** The table's accessible name ('What changed'). */
  label: string;
  /** The headings of the two value columns ('Saved by someone else' / 'Yours', 'Then' / 'Now'). */
  columns: [string, string];
  rows: ChangeRow[];
  sx?: SxProps<Theme>;
}

/**
 * A field-by-field comparison of two versions of a record: the stale-save
 * explanation, a quote's revision comparison and an audit entry's before/after.
 * Long values wrap (anywhere, keeping their line breaks) instead of widening the table.
 */
export function ChangesTable({ label, columns, rows, sx }: ChangesTableProps) {
  return (
    <Box component="table" aria-label={label} sx={[{ borderCollapse: 'collapse', '& th, & td': { textAlign: 'left', pr: 2, verticalAlign: 'top', overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' } }, ...(Array.isArray(sx) ? sx : [sx])]}>
      <thead>
        <tr>
          <th scope="col">Field</th>
          <th scope="col">{columns[0]}</th>
          <th scope="col">{columns[1]}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.id ?? row.label}>
            <th scope="row">{row.label}</th>
            <td>{row.first}</td>
            <td>{row.second}</td>
          </tr>
        ))}
      </tbody>
    </Box>
  );
}
