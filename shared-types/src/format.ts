const inr = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 });

/** Rupees with Indian digit grouping: 1234567 -> '₹12,34,567'. */
export function formatINR(amount: number): string {
  return inr.format(amount);
}

const inrPaise = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Money to the paisa, as finance shows it: whole rupees as formatINR, else two decimals (125000.5 -> '₹1,25,000.50'). */
export function formatMoney(amount: number): string {
  return Number.isInteger(Math.round(amount * 100) / 100) ? inr.format(amount) : inrPaise.format(amount);
}

const dateFormats = {
  long: new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', day: 'numeric', month: 'long', year: 'numeric' }),
  short: new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', day: 'numeric', month: 'short', year: 'numeric' }),
};

/**
 * A date shown as the firm sees it (Asia/Kolkata), e.g. '5 June 2024' (or
 * '5 Jun 2024' short, for table columns). Plain 'YYYY-MM-DD' dates are
 * calendar dates and are not shifted by the time zone.
 */
export function formatDate(value: string, style: keyof typeof dateFormats = 'long'): string {
  const date = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T12:00:00+05:30`) : new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return dateFormats[style].format(date);
}

const calendarDateFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Kolkata',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The calendar date (YYYY-MM-DD) in Asia/Kolkata at an instant, e.g. 'today' for follow-ups. */
export function calendarDate(at: Date | number = Date.now()): string {
  return calendarDateFormat.format(at);
}

const dateTimeFormat = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** A moment as the firm sees it (Asia/Kolkata), e.g. '5 Jun 2024, 3:30 pm'. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTimeFormat.format(date);
}
