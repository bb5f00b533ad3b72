import { describe, expect, it } from 'vitest';
import { listQuery, pickOption, searchParam, withParam } from './url-params';
import { canDelete } from './roles';

describe('URL filters', () => {
  it('reads a known value and the search, dropping what is unknown', () => {
    expect(pickOption(['a', 'b'], 'b')).toBe('b');
    expect(pickOption(['a', 'b'], 'c')).toBe('');
    expect(searchParam(new URLSearchParams(`q=${'x'.repeat(150)}`))).toHaveLength(100);
  });

  it('sets one parameter, removing it when empty or the default, keeping the others', () => {
    const params = new URLSearchParams('status=Won&lead=abc&sort=followUp');
    expect(withParam(params, 'status', '').toString()).toBe('lead=abc&sort=followUp');
    expect(withParam(params, 'sort', 'created', 'created').toString()).toBe('status=Won&lead=abc');
    expect(withParam(new URLSearchParams('q=a'), 'project', 'p-1').toString()).toBe('q=a&project=p-1');
    expect(withParam(new URLSearchParams('q=a&new=1'), 'new', null).toString()).toBe('q=a');
  });

  it('asks the server only for what is set, the search trimmed', () => {
    expect(listQuery({ q: '  ', status: '' }, 24, undefined)).toEqual({ limit: '24' });
    expect(listQuery({ q: ' nair ', status: 'design' }, 24, 'c1')).toEqual({ limit: '24', q: 'nair', status: 'design', cursor: 'c1' });
  });
});

describe('roles', () => {
  it('lets managers and above delete, not employees or an unknown session', () => {
    expect([canDelete('manager'), canDelete('admin'), canDelete('superadmin'), canDelete('employee'), canDelete(undefined)]).toEqual([true, true, true, false, false]);
  });
});
