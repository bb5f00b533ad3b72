import type { PublicUser } from '@app/shared-types/auth';
import type { DashboardStats, Lead } from '@app/shared-types/leads';

/** The password the MSW login handler accepts for any fixture user's email. */
export const FIXTURE_PASSWORD = 'secret123';

export const adminUserFixture: PublicUser = {
  id: 'user-admin',
  name: 'Asha Rao',
  email: 'asha@example.com',
  role: 'admin',
};

export const employeeUserFixture: PublicUser = {
  id: 'user-employee',
  name: 'Kiran Reddy',
  email: 'kiran@example.com',
  role: 'employee',
};

export const staffUserFixtures = [adminUserFixture, employeeUserFixture];

function leadFixture(overrides: Partial<Lead> & Pick<Lead, 'id' | 'name' | 'phone'>): Lead {
  return {
    email: '',
    source: 'Website',
    budget: 0,
    projectType: '',
    status: 'New',
    priority: 'medium',
    assignedTo: '',
    notes: '',
    location: '',
    requirements: '',
    nextFollowUp: null,
    lastContactedAt: '2025-01-10T10:00:00.000Z',
    createdAt: '2025-01-10T10:00:00.000Z',
    updatedAt: '2025-01-10T10:00:00.000Z',
    version: 1,
    ...overrides,
  };
}

export const dashboardStatsFixture: DashboardStats = {
  totalCustomers: 42,
  activeProjects: 7,
  pendingQuotations: 5,
  totalVendors: 13,
  newLeads: [
    leadFixture({ id: 'lead-new-1', name: 'Meera Iyer', phone: '+91 98490 11111', source: 'Website' }),
    leadFixture({ id: 'lead-new-2', name: 'Farhan Ali', phone: '+91 98490 22222', source: 'Google Ads' }),
  ],
  newLeadsCount: 9,
  followUpsDue: [
    leadFixture({
      id: 'lead-due-1',
      name: 'Lakshmi Menon',
      phone: '+91 98490 33333',
      status: 'Follow-up',
      nextFollowUp: '2020-01-01',
    }),
  ],
};
