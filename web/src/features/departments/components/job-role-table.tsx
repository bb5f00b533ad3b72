import Card from '@mui/material/Card';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { JobRole } from '../model';
import { ActiveChip } from './active-chip';
import { RowActions } from './row-actions';

const WIDE_ONLY = { display: { xs: 'none', md: 'table-cell' } } as const;

interface JobRoleTableProps {
  jobRoles: readonly JobRole[];
  /** A department's name by id. */
  departmentName: (departmentId: string) => string;
  onEdit: (jobRole: JobRole) => void;
  onDelete: (jobRole: JobRole) => void;
}

/** The job roles: name, department, description, status, and edit/delete. */
export function JobRoleTable({ jobRoles, departmentName, onEdit, onDelete }: JobRoleTableProps) {
  return (
    <TableContainer component={Card} variant="outlined">
      <Table size="small" aria-label="Job roles">
        <TableHead>
          <TableRow>
            <TableCell>Job Role</TableCell>
            <TableCell>Department</TableCell>
            <TableCell sx={WIDE_ONLY}>Description</TableCell>
            <TableCell>Status</TableCell>
            <TableCell align="right">Actions</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {jobRoles.map((role) => (
            <TableRow key={role.id} hover>
              <TableCell component="th" scope="row" sx={{ fontWeight: 600, overflowWrap: 'break-word' }}>
                {role.name}
                {role.description && (
                  <Typography variant="body2" color="text.secondary" sx={{ display: { md: 'none' }, fontWeight: 400 }}>
                    {role.description}
                  </Typography>
                )}
              </TableCell>
              <TableCell>{departmentName(role.departmentId)}</TableCell>
              <TableCell sx={{ ...WIDE_ONLY, color: 'text.secondary', whiteSpace: 'pre-line' }}>{role.description || '—'}</TableCell>
              <TableCell>
                <ActiveChip active={role.isActive} />
              </TableCell>
              <TableCell align="right">
                <RowActions record={role} name={role.name} onEdit={onEdit} onDelete={onDelete} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
