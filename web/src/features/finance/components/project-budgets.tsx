import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { marginPercent, type ProjectFinancial } from '@app/shared-types/finance';
import { formatMoney } from '@app/shared-types/format';
import { CardGrid } from '../../../components/record-card';
import { profitOrLoss } from '../model';

/** A label and an amount on one line, the amount never wrapping. */
export function Figure({ label, value, color }: { label: string; value: string; color?: string }) {
  return (
    <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: 600, whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums', color }}>
        {value}
      </Typography>
    </Stack>
  );
}

/** SPEC.md 9: the margin badge, profit / budget x 100 to one decimal. */
export function MarginBadge({ project }: { project: ProjectFinancial }) {
  const margin = marginPercent(project.profitMargin, project.budget);
  return <Chip size="small" color={margin > 0 ? 'success' : margin < 0 ? 'error' : 'default'} label={`${margin.toFixed(1)}% margin`} />;
}

/** One project's budget, income, expenses, profit or loss and margin, with its payment plan one click away. */
function ProjectBudgetCard({ project, onOpen }: { project: ProjectFinancial; onOpen: (project: ProjectFinancial) => void }) {
  const titleId = `project-budget-${project.projectId}`;
  const result = profitOrLoss(project.profitMargin);
  return (
    <Card component="article" variant="outlined" aria-labelledby={titleId} sx={{ display: 'flex', flexDirection: 'column' }}>
      <CardContent sx={{ flexGrow: 1, p: 2.5, '&:last-child': { pb: 2 } }}>
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'flex-start', mb: 1.5 }}>
          <Typography id={titleId} variant="h6" component="h3" sx={{ lineHeight: 1.3, overflowWrap: 'anywhere' }}>
            {project.projectName}
          </Typography>
          <MarginBadge project={project} />
        </Stack>
        <Stack spacing={0.5}>
          <Figure label="Budget" value={formatMoney(project.budget)} />
          <Figure label="Income" value={formatMoney(project.totalIncome)} color="success.main" />
          <Figure label="Expenses" value={formatMoney(project.totalExpenses)} color="error.main" />
          <Figure label={result.label} value={result.value} color={result.label === 'Loss' ? 'error.main' : 'success.main'} />
        </Stack>
        <Box sx={{ mt: 2 }}>
          <Button size="small" variant="outlined" onClick={() => onOpen(project)} aria-describedby={titleId}>
            Payment plan
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}

export function ProjectBudgetGrid({ projects, onOpen }: { projects: readonly ProjectFinancial[]; onOpen: (project: ProjectFinancial) => void }) {
  return (
    <CardGrid label="Project budgets">
      {projects.map((project) => (
        <ProjectBudgetCard key={project.projectId} project={project} onOpen={onOpen} />
      ))}
    </CardGrid>
  );
}
