import Card from '@mui/material/Card';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { Department } from '../model';
import { ActiveChip } from './active-chip';
import { RowActions } from './row-actions';

const WIDE_ONLY = { display: { xs: 'none', md: 'table-cell' } } as const;

interface DepartmentTableProps {
  departments: readonly Department[];
  /** The head's name by employee id (an id not found shows as is). */
  headName: (employeeId: string) => string;
  onEdit: (department: Department) => void;
  onDelete: (department: Department) => void;
}

/** The departments: name (with the description under it on phones), description, head, status, and edit/delete. */
export function DepartmentTable({ departments, headName, onEdit, onDelete }: DepartmentTableProps) {
  return (
    <TableContainer component={Card} variant="outlined">
      <Table size="small" aria-label="Departments">
        <TableHead>
          <TableRow>
            <TableCell>Name</TableCell>
            <TableCell sx={WIDE_ONLY}>Description</TableCell>
            <TableCell sx={WIDE_ONLY}>Head of Department</TableCell>
            <TableCell>Status</TableCell>
            <TableCell align="right">Actions</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {departments.map((department) => (
            <TableRow key={department.id} hover>
              <TableCell component="th" scope="row" sx={{ fontWeight: 600, overflowWrap: 'break-word' }}>
                {department.name}
                {department.headOfDepartment && (
                  <Typography variant="body2" sx={{ display: { md: 'none' }, fontWeight: 400 }}>
                    Head: {headName(department.headOfDepartment)}
                  </Typography>
                )}
                {department.description && (
                  <Typography variant="body2" color="text.secondary" sx={{ display: { md: 'none' }, fontWeight: 400 }}>
                    {department.description}
                  </Typography>
                )}
              </TableCell>
              <TableCell sx={{ ...WIDE_ONLY, color: 'text.secondary', whiteSpace: 'pre-line' }}>{department.description || '—'}</TableCell>
              <TableCell sx={WIDE_ONLY}>{department.headOfDepartment ? headName(department.headOfDepartment) : '—'}</TableCell>
              <TableCell>
                <ActiveChip active={department.isActive} />
              </TableCell>
              <TableCell align="right">
                <RowActions record={department} name={department.name} onEdit={onEdit} onDelete={onDelete} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
