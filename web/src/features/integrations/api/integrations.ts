import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { IntegrationPlatform, IntegrationUpdate } from '@app/shared-types/integrations';
import { api, unwrap } from '../../../lib/api-client';

export const INTEGRATIONS_KEY = 'integrations';

/** Settings > Integrations (admin and superadmin): one per platform, secrets as set or not, health. */
export function getIntegrationsQueryOptions() {
  return queryOptions({ queryKey: [INTEGRATIONS_KEY], queryFn: () => unwrap(api.integrations.$get()) });
}

export function useIntegrations() {
  return useQuery(getIntegrationsQueryOptions());
}

/** Saves one platform's integration; blank secrets keep the stored ones. */
export function useSaveIntegration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ platform, update }: { platform: IntegrationPlatform; update: IntegrationUpdate }) =>
      unwrap(api.integrations[':platform'].$put({ param: { platform }, json: update })),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: [INTEGRATIONS_KEY] }),
  });
}

/** 'Send test event': a signed sample through the webhook's real path. */
export function useSendTestEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (platform: IntegrationPlatform) => unwrap(api.integrations[':platform']['test-event'].$post({ param: { platform } })),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: [INTEGRATIONS_KEY] }),
  });
}

/** 'Regenerate': a new verify token (Meta, WhatsApp); the old one is refused from then on. */
export function useRegenerateToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (platform: IntegrationPlatform) => unwrap(api.integrations[':platform']['regenerate-token'].$post({ param: { platform } })),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: [INTEGRATIONS_KEY] }),
  });
}
