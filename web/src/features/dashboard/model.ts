const kolkataDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Kolkata',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today's calendar date as the firm sees it (Asia/Kolkata), 'YYYY-MM-DD'. */
export function todayInKolkata(now: Date = new Date()): string {
  return kolkataDate.format(now);
}

/** A follow-up date (YYYY-MM-DD) before today is overdue; today's is merely due. */
export function isOverdue(nextFollowUp: string | null, today: string = todayInKolkata()): boolean {
  return nextFollowUp !== null && nextFollowUp < today;
}

/** Where the dashboard's buttons and rows lead; the portal decides its own URLs. */
export interface DashboardLinks {
  addCustomer: string;
  newProject: string;
  createQuote: string;
  markAttendance: string;
  /** When set, 'Mark Attendance' does this in place (an employee's check-in or check-out) instead of following the link. */
  markAttendanceAction?: { run: () => void; pending: boolean };
  leads: string;
  lead: (id: string) => string;
}
