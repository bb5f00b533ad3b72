import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SettingsAnswer, SettingsUpdate } from '@app/shared-types/settings';
import { api, unwrap } from '../../../lib/api-client';
import { isConflict } from '../../../lib/api-errors';

export const SETTINGS_KEY = 'settings';

/** Every System Settings field (admin and superadmin), with whether an SMTP password is stored. */
export function getSettings() {
  return unwrap(api.settings.$get());
}

export function getSettingsQueryOptions() {
  return queryOptions({ queryKey: [SETTINGS_KEY], queryFn: getSettings });
}

export function useSettings() {
  return useQuery(getSettingsQueryOptions());
}

/** Saves the whole object with the version it was read at; 409 (with `current`) when someone saved meanwhile. */
export async function updateSettings(update: SettingsUpdate) {
  return (await unwrap(api.settings.$put({ json: update }))).settings;
}

/** The settings as saved now, which a stale save's 409 carries as `current`; undefined for any other error. */
export function staleSettings(error: unknown): SettingsAnswer | undefined {
  if (!isConflict(error) || typeof error.body !== 'object' || error.body === null || !('current' in error.body)) return undefined;
  const current: unknown = error.body.current;
  if (typeof current !== 'object' || current === null || !('version' in current) || typeof current.version !== 'number') return undefined;
  return current as SettingsAnswer;
}
