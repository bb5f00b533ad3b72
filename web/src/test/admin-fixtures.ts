import type { PublicUser } from '@app/shared-types/auth';
import type { DashboardStats } from '@app/shared-types/dashboard';
import { makeLead } from '../features/leads/test-fixtures';

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

/** The dashboard's money cards (Finance): income this month, receivables and the overdue count. */
const dashboardMoneyFixture = { incomeThisMonth: 125000, pendingReceivables: 340000.5, overduePayments: 2 };

export const dashboardStatsFixture: DashboardStats = {
  ...dashboardMoneyFixture,
  totalCustomers: 42,
  activeProjects: 7,
  pendingQuotations: 5,
  totalVendors: 13,
  newLeads: [
    makeLead({ id: 'lead-new-1', name: 'Meera Iyer', phone: '+91 98490 11111', source: 'Website' }),
    makeLead({ id: 'lead-new-2', name: 'Farhan Ali', phone: '+91 98490 22222', source: 'Google Ads' }),
  ],
  newLeadsCount: 9,
  followUpsDue: [
    makeLead({
      id: 'lead-due-1',
      name: 'Lakshmi Menon',
      phone: '+91 98490 33333',
      status: 'Follow-up',
      nextFollowUp: '2020-01-01',
    }),
  ],
};
