import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminUserFixture, employeeUserFixture } from '../../test/admin-fixtures';
import { renderPortal } from '../../test/portal';

/** The figure a StatCard shows under its label. */
function statValue(label: string) {
  return screen.getByRole('heading', { name: label }).nextElementSibling?.textContent;
}

describe('Dashboard: money cards', () => {
  it('shows the money cards on the dashboard to a manager and above only', async () => {
    renderPortal('/admin', { as: { ...adminUserFixture, role: 'manager' } });
    await screen.findByRole('heading', { name: 'Income This Month' });
    expect(statValue('Income This Month')).toBe('₹1,25,000');
    expect(statValue('Receivables')).toBe('₹3,40,000.50');
    expect(statValue('Overdue Payments')).toBe('2');
    expect(statValue('Total Customers')).toBe('42');
  });

  it('does not show the money cards to an employee', async () => {
    renderPortal('/admin', { as: employeeUserFixture });
    await screen.findByRole('heading', { name: 'Total Customers' });
    expect(screen.queryByRole('heading', { name: 'Income This Month' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Receivables' })).toBeNull();
  });
});
