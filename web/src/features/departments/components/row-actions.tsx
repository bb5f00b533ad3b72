import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';

interface RowActionsProps<T> {
  record: T;
  /** 'Sales': read in 'Edit Sales' and 'Delete Sales'. */
  name: string;
  onEdit: (record: T) => void;
  onDelete: (record: T) => void;
}

/** Edit and Delete of one table row, named by the row's record for screen readers and tests. */
export function RowActions<T>({ record, name, onEdit, onDelete }: RowActionsProps<T>) {
  return (
    <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
      <Tooltip title="Edit">
        <IconButton size="small" aria-label={`Edit ${name}`} onClick={() => onEdit(record)}>
          <EditOutlinedIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title="Delete">
        <IconButton size="small" color="error" aria-label={`Delete ${name}`} onClick={() => onDelete(record)}>
          <DeleteOutlineIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    </Stack>
  );
}
