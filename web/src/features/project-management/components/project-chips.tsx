import Chip from '@mui/material/Chip';
import type { ProjectStatus } from '@app/shared-types/constants';
import { PROJECT_STATUS_LABELS, type ProjectPriority } from '@app/shared-types/projects';
import { PRIORITY_COLORS, PRIORITY_LABELS, STATUS_COLORS } from '../model';

export function ProjectStatusChip({ status }: { status: ProjectStatus }) {
  return <Chip size="small" label={PROJECT_STATUS_LABELS[status]} color={STATUS_COLORS[status]} />;
}

/** Says 'priority' too, so 'High' is not read as anything else. */
export function ProjectPriorityChip({ priority }: { priority: ProjectPriority }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      label={`${PRIORITY_LABELS[priority]} priority`}
      color={PRIORITY_COLORS[priority]}
    />
  );
}
