import Chip from '@mui/material/Chip';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import IconButton from '@mui/material/IconButton';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import type { EmployeeRecord } from '@app/shared-types/employees';
import { CardGrid } from '../../../components/record-card';
import { PersonSummary } from './person-summary';

export interface EmployeeCardActions {
  onView: (employee: EmployeeRecord) => void;
  /** Whether the signed-in person may edit this employee (role rules); no Edit button otherwise. */
  canEdit: (employee: EmployeeRecord) => boolean;
  canDelete: (employee: EmployeeRecord) => boolean;
  onEdit: (employee: EmployeeRecord) => void;
  onDelete: (employee: EmployeeRecord) => void;
}

/** One employee in the grid: photo or initials, name, position, department, role, status, how to reach them. */
export function EmployeeCard({ employee, actions }: { employee: EmployeeRecord; actions: EmployeeCardActions }) {
  const titleId = `employee-${employee.id}-name`;
  return (
    <Card
      component="article"
      variant="outlined"
      aria-labelledby={titleId}
      sx={{ height: '100%', display: 'flex', flexDirection: 'column', opacity: employee.status === 'active' ? 1 : 0.85 }}
    >
      <CardContent sx={{ flexGrow: 1, p: 2.5, '&:last-child': { pb: 2.5 } }}>
        <PersonSummary
          person={employee}
          titleId={titleId}
          chips={
            <>
              {employee.accessRequestedAt && employee.status === 'inactive' && <Chip size="small" color="warning" label="Access request" />}
              {/* First-start sample data: Settings > System removes it (issue 25). */}
              {employee.isSample && <Chip size="small" variant="outlined" label="Sample data" />}
            </>
          }
        />
      </CardContent>
      <CardActions sx={{ px: 2.5, pb: 2, pt: 0, justifyContent: 'space-between' }}>
        <Button size="small" variant="outlined" startIcon={<VisibilityOutlinedIcon />} onClick={() => actions.onView(employee)} aria-describedby={titleId}>
          Details
        </Button>
        {/* Icons beside Details: three labelled buttons do not fit a card's width. */}
        <Stack direction="row" spacing={0.5}>
          {actions.canEdit(employee) && (
            <Tooltip title="Edit">
              <IconButton size="small" color="primary" onClick={() => actions.onEdit(employee)} aria-label="Edit" aria-describedby={titleId}>
                <EditOutlinedIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
          {actions.canDelete(employee) && (
            <Tooltip title="Delete">
              <IconButton size="small" color="error" onClick={() => actions.onDelete(employee)} aria-label="Delete" aria-describedby={titleId}>
                <DeleteOutlineIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
        </Stack>
      </CardActions>
    </Card>
  );
}

/** The employee cards. */
export function EmployeeGrid({ employees, actions }: { employees: readonly EmployeeRecord[]; actions: EmployeeCardActions }) {
  return (
    <CardGrid label="Employees">
      {employees.map((employee) => (
        <EmployeeCard key={employee.id} employee={employee} actions={actions} />
      ))}
    </CardGrid>
  );
}
