import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import type { SettingsAnswer } from '@app/shared-types/settings';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorState } from '../../components/error-state';
import { LoadingState } from '../../components/loading-state';
import { ResourceHeader } from '../../components/paged-list';
import { AuditLogCard } from '../../features/audit/components/audit-log-card';
import { useSession } from '../../features/auth/api/get-session';
import { BackupsPanel } from '../../features/backups/components/backups-panel';
import { getSettingsQueryOptions, updateSettings, useSettings } from '../../features/settings/api/settings';
import { refreshSiteInfo } from '../../features/site-info/api/get-site-info';
import { refreshEmployeeQueries } from '../../features/employees/api/refresh-employee-queries';
import { SampleDataCard } from '../../features/settings/components/sample-data-card';
import { SettingsForm } from '../../features/settings/components/settings-form';
import { EmailTools } from '../../features/notifications/components/email-tools';
import { parseSettingsTab, toSettingsUpdate, type SettingsPageTab } from '../../features/settings/model';
import { IntegrationsPanel } from '../../features/integrations/components/integrations-panel';
import { serverMessage } from '../../lib/api-errors';
import { withParam, useUrlSearchParams } from '../../lib/url-params';
import { usePortalHref } from './portal-base';
import { useAdminRouteHandle } from './sections';

/**
 * System Settings (admin and superadmin): the six groups as tabs (?tab=, Company
 * by default) over one form. The form keeps the settings as loaded while it is
 * open, so a background refetch never resets what is being typed; a save (or
 * Reload after a stale one) starts it again from the settings as saved.
 */
export function SettingsPage() {
  const heading = useAdminRouteHandle()?.section?.heading ?? 'System Settings';
  const [searchParams, setSearchParams] = useUrlSearchParams();
  const tab = parseSettingsTab(searchParams);
  const queryClient = useQueryClient();
  const query = useSettings();
  const { data: session } = useSession();
  const [loaded, setLoaded] = useState<SettingsAnswer | null>(null);
  if (query.data && loaded === null) setLoaded(query.data);

  const startFrom = (settings: SettingsAnswer) => {
    queryClient.setQueryData(getSettingsQueryOptions().queryKey, settings);
    void refreshSiteInfo(queryClient);
    setLoaded(settings);
  };
  const href = usePortalHref();
  const changeTab = (value: SettingsPageTab) => setSearchParams((current) => withParam(current, 'tab', value, 'company'));

  return (
    <Stack spacing={3}>
      <ResourceHeader title={heading} subtitle="The company's details, email, notifications, security, business defaults and the system." actions={null} />
      {loaded ? (
        <SettingsForm
          key={loaded.version}
          settings={loaded}
          tab={tab}
          onTabChange={changeTab}
          save={(values) => updateSettings(toSettingsUpdate(values))}
          onLoaded={startFrom}
        />
      ) : query.error ? (
        <ErrorState message={`Could not load the settings. ${serverMessage(query.error)}`} onRetry={() => void query.refetch()} />
      ) : (
        <LoadingState label="Loading settings..." />
      )}
      {tab === 'system' && <AuditLogCard href={href('audit')} />}
      {tab === 'system' && <SampleDataCard refresh={refreshEmployeeQueries} />}
      {tab === 'email' && loaded && <EmailTools />}
      {tab === 'integrations' && loaded && (
        <Box role="tabpanel" id="settings-tab-panel" aria-labelledby="settings-tab-integrations">
          <IntegrationsPanel />
        </Box>
      )}
      {tab === 'system' && <BackupsPanel superadmin={session?.user.role === 'superadmin'} />}
    </Stack>
  );
}
