import type { Lead } from './leads';

/** GET /api/dashboard/comprehensive-stats. */
export interface DashboardStats {
  totalCustomers: number;
  activeProjects: number;
  pendingQuotations: number;
  /** Vendors with status active (the card 'Active Vendors'). */
  totalVendors: number;
  /** The newest leads still in status New (at most 5). */
  newLeads: Lead[];
  newLeadsCount: number;
  /** Open leads whose next follow-up is today or overdue (Asia/Kolkata), oldest first, at most 10. */
  followUpsDue: Lead[];
  // The money cards: only for the roles that see Finance (manager and up); absent for an employee.
  /** Completed income (with advances) this calendar month, Asia/Kolkata (the Finance summary's thisMonthIncome). */
  incomeThisMonth?: number;
  /** Pending money in (the Finance summary's pendingReceivables). */
  pendingReceivables?: number;
  /** How many pending transactions are past their due date. */
  overduePayments?: number;
}
