import { describe, expect, it } from 'vitest';
import { isOverdue, todayInKolkata } from './model';

describe('dashboard follow-up dates', () => {
  it("takes today's date in Asia/Kolkata, not UTC", () => {
    // 20:00 UTC is already 01:30 the next day in India.
    expect(todayInKolkata(new Date('2025-03-09T20:00:00Z'))).toBe('2025-03-10');
    expect(todayInKolkata(new Date('2025-03-09T10:00:00Z'))).toBe('2025-03-09');
  });

  it('marks a follow-up before today as overdue, not one due today', () => {
    expect(isOverdue('2025-03-09', '2025-03-10')).toBe(true);
    expect(isOverdue('2025-03-10', '2025-03-10')).toBe(false);
    expect(isOverdue(null, '2025-03-10')).toBe(false);
  });
});
