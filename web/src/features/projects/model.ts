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

/** How far (px) a finger must move sideways for the gallery to read a swipe. */
export const SWIPE_MIN_PX = 40;

/**
 * The photo a key opens in a gallery of `count` photos showing `index`: the
 * arrows go round (right after the last is the first), Home and End go to the
 * ends; null for any other key (the browser keeps it).
 */
export function galleryStep(key: string, index: number, count: number): number | null {
  if (count < 2) return null;
  if (key === 'ArrowRight') return (index + 1) % count;
  if (key === 'ArrowLeft') return (index - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}
