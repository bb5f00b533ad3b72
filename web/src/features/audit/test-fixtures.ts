import { MASKED_VALUE, type AuditEntry } from '@app/shared-types/audit';

/** An audit entry as GET /api/audit-log answers it. */
export function makeAuditEntry(overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id: 'audit-1',
    at: '2026-11-20T09:30:00.000Z',
    actor: { id: 'user-admin', name: 'Asha Rao', email: 'asha@example.com' },
    entity: 'Vendor',
    entityId: 'vendor-1',
    title: '',
    action: 'update',
    changes: { name: { before: 'Sri Sai Timbers', after: 'Sri Sai Timbers & Plywood' } },
    requestId: 'req-1',
    ...overrides,
  };
}

/** A vendor update with a masked field and a nested object, a settings save, and a lead created from the website. */
export const auditEntryFixtures: AuditEntry[] = [
  makeAuditEntry({
    id: 'audit-vendor',
    title: 'Sri Sai Timbers & Plywood',
    changes: {
      name: { before: 'Sri Sai Timbers', after: 'Sri Sai Timbers & Plywood' },
      panNumber: { before: MASKED_VALUE, after: MASKED_VALUE },
      bankDetails: { before: null, after: MASKED_VALUE },
      address: { before: { city: 'Hyderabad', pincode: '500001' }, after: { city: 'Secunderabad', pincode: '500001' } },
    },
  }),
  makeAuditEntry({
    id: 'audit-settings',
    at: '2026-11-19T04:00:00.000Z',
    entity: 'Settings',
    entityId: 'settings',
    changes: { 'company.companyName': { before: 'Kaveri Design Studio', after: 'Kalpa Design Studio' }, 'system.maintenanceMode': { before: false, after: true } },
  }),
  makeAuditEntry({
    id: 'audit-lead',
    at: '2026-11-18T12:00:00.000Z',
    actor: { id: 'website', name: '', email: '' },
    entity: 'Lead',
    entityId: 'lead-7',
    action: 'create',
    changes: { name: { before: null, after: 'Meera Iyer' }, requirements: { before: null, after: 'A long line '.repeat(30).trim() } },
  }),
];
