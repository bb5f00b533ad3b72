import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import type { DirectoryEntry } from '@app/shared-types/employees';
import { CardGrid } from '../../../components/record-card';
import { PersonSummary } from './person-summary';

/** A colleague as the staff directory shows them (PRODUCT.md: no salary, no personal data): who, where, how to reach them. */
function DirectoryCard({ entry }: { entry: DirectoryEntry }) {
  const titleId = `directory-${entry.id}-name`;
  return (
    <Card component="article" variant="outlined" aria-labelledby={titleId} sx={{ height: '100%' }}>
      <CardContent sx={{ p: 2.5, '&:last-child': { pb: 2.5 } }}>
        <PersonSummary person={entry} titleId={titleId} />
      </CardContent>
    </Card>
  );
}

/** The staff directory's cards (read-only). */
export function DirectoryGrid({ entries }: { entries: readonly DirectoryEntry[] }) {
  return (
    <CardGrid label="Staff directory">
      {entries.map((entry) => (
        <DirectoryCard key={entry.id} entry={entry} />
      ))}
    </CardGrid>
  );
}
