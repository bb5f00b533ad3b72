import { describe, expect, it } from 'vitest';
import {
  NEW_PROJECT_VALUES,
  amountText,
  clampProgress,
  parseProjectFilters,
  parseTab,
  shownPublicStatus,
  toProjectFormValues,
  toProjectInput,
  toProjectUpdateInput,
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

  it('starts another tab afresh', () => {
    expect(withTab('customers').toString()).toBe('tab=customers');
    expect(withTab('projects').toString()).toBe('');
  });

});

describe('labels', () => {

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
