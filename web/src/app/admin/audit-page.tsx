import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router';
import { FilterCard, PagedList, ResourceHeader, usePagedItems } from '../../components/paged-list';
import { useAuditLog } from '../../features/audit/api/get-audit-log';
import { AuditEntryList } from '../../features/audit/components/audit-entry-list';
import { AuditFilters } from '../../features/audit/components/audit-filters';
import { AUDIT_PAGE_SIZE, parseAuditFilters, recordPath, type AuditFilterParam } from '../../features/audit/model';
import { SETTINGS_LABELS } from '../../features/settings/model';
import { withParam, useUrlSearchParams } from '../../lib/url-params';
import { usePortalHref } from './portal-base';

export const NO_AUDIT_ENTRIES_MESSAGE = 'No audit entries match these filters';

/** A field path's label where a screen names it: the Settings fields by their labels on the Settings screen. */
const fieldLabel = (entity: string, path: string) => (entity === 'Settings' ? SETTINGS_LABELS[path] : undefined);

/**
 * The audit log (admin and superadmin; reached from Settings > System):
 * filters by entity, person and date range kept in the URL, entries newest
 * first paged from the server, each opening into its before/after.
 */
export function AuditPage() {
  const [searchParams, setSearchParams] = useUrlSearchParams();
  const filters = useMemo(() => parseAuditFilters(searchParams), [searchParams]);
  const list = useAuditLog(filters, AUDIT_PAGE_SIZE);
  const entries = usePagedItems(list);
  const href = usePortalHref();

  const changeFilter = (name: AuditFilterParam, value: string) => setSearchParams((current) => withParam(current, name, value));
  const recordHref = (entity: string, id: string) => {
    const path = recordPath(entity, id);
    return path === null ? null : href(path);
  };

  return (
    <Stack spacing={3}>
      <ResourceHeader
        title="Audit Log"
        subtitle="Who changed what and when: every business write, with each field before and after."
        actions={
          <Button component={RouterLink} to={href('settings?tab=system')} variant="outlined">
            Back to Settings
          </Button>
        }
      />
      <FilterCard>
        <AuditFilters filters={filters} onChange={changeFilter} />
      </FilterCard>
      <PagedList list={list} items={entries} noun="audit entries" emptyMessage={NO_AUDIT_ENTRIES_MESSAGE}>
        <AuditEntryList entries={entries} recordHref={recordHref} fieldLabel={fieldLabel} />
      </PagedList>
    </Stack>
  );
}
