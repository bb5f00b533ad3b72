import { describe, expect, it } from 'vitest';
import {
  NEW_PROJECT_VALUES,
  amountText,
  canDeleteRecords,
  clampProgress,
  customerOptionLabel,
  parseProjectFilters,
  parseTab,
  projectListQueryOf,
  shownPublicStatus,
  splitName,
  toProjectFormValues,
  toProjectInput,
  toProjectUpdateInput,
  withParam,
  withTab,
} from './model';
import { makeProject } from './test-fixtures';

describe('tabs and filters in the URL', () => {
  it('reads the tab, the search and a known status; anything unknown is dropped', () => {
    expect(parseTab(new URLSearchParams('tab=customers'))).toBe('customers');
    expect(parseTab(new URLSearchParams('tab=nope'))).toBe('projects');
    expect(parseProjectFilters(new URLSearchParams('q=nair&status=on_hold'))).toEqual({ q: 'nair', status: 'on_hold' });
    expect(parseProjectFilters(new URLSearchParams('status=finished'))).toEqual({ q: '', status: '' });
  });

  it('starts another tab afresh and drops empty parameters', () => {
    expect(withTab('customers').toString()).toBe('tab=customers');
    expect(withTab('projects').toString()).toBe('');
    expect(withParam(new URLSearchParams('q=a&status=design'), 'status', '').toString()).toBe('q=a');
    expect(withParam(new URLSearchParams('q=a'), 'project', 'p-1').toString()).toBe('q=a&project=p-1');
  });

  it('asks the server only for what is set', () => {
    expect(projectListQueryOf({ q: '  ', status: '' }, 24, undefined)).toEqual({ limit: '24' });
    expect(projectListQueryOf({ q: ' nair ', status: 'design' }, 24, 'c1')).toEqual({ limit: '24', q: 'nair', status: 'design', cursor: 'c1' });
  });
});

describe('labels', () => {
  it("names a customer 'First Last · phone' and splits a typed name", () => {
    expect(customerOptionLabel({ firstName: 'Priya', lastName: 'Nair', phone: '9848033333' })).toBe('Priya Nair · 9848033333');
    expect(customerOptionLabel({ firstName: 'Acme', lastName: '', phone: '' })).toBe('Acme');
    expect(splitName('  Meera   Iyer Rao ')).toEqual({ firstName: 'Meera', lastName: 'Iyer Rao' });
    expect(splitName('')).toEqual({ firstName: '', lastName: '' });
  });

  it('fits progress to a whole 0-100 and shows amounts with Indian grouping', () => {
    expect([clampProgress(-5), clampProgress(40.4), clampProgress(140), clampProgress(Number.NaN)]).toEqual([0, 40, 100, 0]);
    expect(amountText(1250000)).toBe('12,50,000');
    expect(amountText(1250000.5)).toBe('12,50,000.5');
    expect(amountText(null)).toBe('');
  });

  it('shows the public status staff chose, else the one the status gives', () => {
    expect(shownPublicStatus({ publicStatus: null, status: 'execution' })).toBe('ongoing');
    expect(shownPublicStatus({ publicStatus: 'finished', status: 'execution' })).toBe('finished');
  });

  it('lets managers and above delete, not employees or an unknown session', () => {
    expect([canDeleteRecords('manager'), canDeleteRecords('admin'), canDeleteRecords('employee'), canDeleteRecords(undefined)]).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });
});

describe('form values', () => {
  it('round-trips a project through the form into the PUT body with its version', () => {
    const project = makeProject({
      id: 'p-1',
      name: 'Nair residence',
      estimatedBudget: 1250000,
      startDate: '2025-01-06',
      publicStatus: null,
      version: 7,
    });
    const values = toProjectFormValues(project);
    expect(values).toMatchObject({ estimatedBudget: '12,50,000', actualCost: '', startDate: '2025-01-06', estimatedEndDate: '', publicStatus: '' });
    const body = toProjectUpdateInput(values);
    expect(body).toMatchObject({ estimatedBudget: 1250000, actualCost: null, startDate: '2025-01-06', estimatedEndDate: null, publicStatus: null, version: 7 });
    expect(body).not.toHaveProperty('customerLabel');
  });

  it("turns a new project's text into numbers and nulls, with SPEC.md defaults", () => {
    const body = toProjectInput({ ...NEW_PROJECT_VALUES, customerId: 'c-1', name: ' Villa ', projectType: 'Villa', estimatedBudget: '₹ 9,50,000.25', progress: '' });
    expect(body).toMatchObject({ name: 'Villa', status: 'planning', priority: 'medium', estimatedBudget: 950000.25, progress: 0, publicStatus: null });
    expect(body).not.toHaveProperty('version');
  });
});
