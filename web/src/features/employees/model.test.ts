import { describe, expect, it } from 'vitest';
import { makeEmployee } from './test-fixtures';
import { employeeFormErrors, initialsOf, managerChoices, NEW_EMPLOYEE_VALUES, parseEmployeeFilters, toEmployeeFormValues, toEmployeeUpdateInput } from './model';

describe('employees model', () => {
  it('reads the filters from the URL and drops unknown values', () => {
    expect(parseEmployeeFilters(new URLSearchParams('department=Design&role=boss&status=on_leave&q=meera'))).toEqual({
      q: 'meera',
      department: 'Design',
      role: '',
      status: 'on_leave',
    });
  });

  it('initials: first and last word, upper case', () => {
    expect(initialsOf('meera  lakshmi iyer')).toBe('MI');
    expect(initialsOf('Ravi')).toBe('R');
    expect(initialsOf('  ')).toBe('?');
  });

  it('an edit leaves out a blank password and personal data still masked; a replaced field is sent, blank clears it', () => {
    const employee = makeEmployee({ id: 'e1', name: 'Meera Iyer', panNumber: 'XXXXX1234X', aadharNumber: 'XXXX XXXX 0124', bankAccountNumber: '' });
    const values = toEmployeeFormValues(employee, 'Ravi Kumar');
    expect(values.password).toBe('');
    expect(values.replacing).toEqual({ aadharNumber: false, panNumber: false, bankAccountNumber: true });
    expect(employeeFormErrors(values, true)).toEqual({});
    const kept = toEmployeeUpdateInput(values);
    for (const name of ['password', 'panNumber', 'aadharNumber']) expect(kept).not.toHaveProperty(name);
    expect(kept).toMatchObject({ bankAccountNumber: '' });

    const replaced = toEmployeeUpdateInput({ ...values, panNumber: '', replacing: { ...values.replacing, panNumber: true } });
    expect(replaced).toMatchObject({ panNumber: '' });
  });

  it('a new employee needs a password; an edit does not', () => {
    expect(employeeFormErrors({ ...NEW_EMPLOYEE_VALUES, name: 'A', email: 'a@b.in' }, false)).toEqual({ password: 'Password is required' });
    expect(employeeFormErrors({ ...NEW_EMPLOYEE_VALUES, name: 'A', email: 'a@b.in' }, true)).toEqual({});
  });

  it('reporting managers: managers, admins and superadmins matching every typed word', () => {
    const entries = [
      { ...makeEmployee({ id: 'm', name: 'Ravi Kumar', role: 'manager', department: 'Sales' }) },
      { ...makeEmployee({ id: 'e', name: 'Ravi Teja', role: 'employee' }) },
      { ...makeEmployee({ id: 's', name: 'Vikram Rao', role: 'superadmin' }) },
    ];
    expect(managerChoices(entries, 'ravi').map((entry) => entry.id)).toEqual(['m']);
    expect(managerChoices(entries, '').map((entry) => entry.id)).toEqual(['m', 's']);
    expect(managerChoices(entries, 'sales ravi').map((entry) => entry.id)).toEqual(['m']);
  });
});
