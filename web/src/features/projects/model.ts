import type { ProjectPhoto } from '@app/shared-types/photos';
import { PUBLIC_PROJECT_STATUSES, PUBLIC_PROJECT_STATUS_LABELS, type PublicProjectStatus } from '@app/shared-types/constants';

/** The projects page filter: every project, or one status. */
export type ProjectFilter = 'all' | PublicProjectStatus;

export const PROJECT_FILTERS: readonly { value: ProjectFilter; label: string }[] = [
  { value: 'all', label: 'All Projects' },
  ...PUBLIC_PROJECT_STATUSES.map((status) => ({ value: status, label: PUBLIC_PROJECT_STATUS_LABELS[status] })),
];

function isPublicStatus(value: string): value is PublicProjectStatus {
  return PUBLIC_PROJECT_STATUSES.some((status) => status === value);
}

/** Reads the ?status= search parameter; anything unknown means all projects. */
export function parseProjectFilter(value: string | null): ProjectFilter {
  return value && isPublicStatus(value) ? value : 'all';
}

/** Badge colours: finished green, ongoing amber, upcoming grey (all with readable text). */
export const STATUS_BADGE: Record<PublicProjectStatus, { label: string; bg: string; fg: string }> = {
  finished: { label: PUBLIC_PROJECT_STATUS_LABELS.finished, bg: '#2E7D4F', fg: '#FFFFFF' },
  ongoing: { label: PUBLIC_PROJECT_STATUS_LABELS.ongoing, bg: '#F0B429', fg: '#2A1E05' },
  upcoming: { label: PUBLIC_PROJECT_STATUS_LABELS.upcoming, bg: '#5F6368', fg: '#FFFFFF' },
};

/** 'Villa • 5,200 sq ft' (SPEC.md section 2). */
export function categoryAndArea(project: { category: string; area: string }): string {
  return `${project.category} • ${project.area}`;
}

/** The gallery of a project: its photos (the first is the cover). */
export function galleryImages(project: { images: ProjectPhoto[] }): ProjectPhoto[] {
  return project.images.filter((photo) => photo.url !== '');
}
