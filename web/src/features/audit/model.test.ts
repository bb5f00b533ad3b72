import { MASKED_VALUE } from '@app/shared-types/audit';
import { describe, expect, it } from 'vitest';
import { diffRows, entityLabel, humanize, parseAuditFilters, pathLabel, recordPath } from './model';

describe('audit viewer model', () => {
  it('reads the filters from the URL, dropping unknown entities and malformed dates', () => {
    expect(parseAuditFilters(new URLSearchParams('entity=Vendor&actorId=u-1&from=2026-11-01&to=2026-11-30'))).toEqual({
      entity: 'Vendor',
      actorId: 'u-1',
      from: '2026-11-01',
      to: '2026-11-30',
    });
    expect(parseAuditFilters(new URLSearchParams('entity=Spaceship&from=yesterday&to=2026-13'))).toEqual({ entity: '', actorId: '', from: '', to: '' });
  });

  it('spells field paths out for readers', () => {
    expect(humanize('companyName')).toBe('Company name');
    expect(humanize('gstNumber')).toBe('GST number');
    expect(humanize('0')).toBe('#1');
    expect(pathLabel('company.social.instagram')).toBe('Company › Social › Instagram');
    expect(pathLabel('stages.1.amount')).toBe('Stages › #2 › Amount');
    expect(entityLabel('RatePrice')).toBe('Rate library: price');
    expect(entityLabel('BlogPost')).toBe('Blog post');
  });

  it('turns changes into one row per changed leaf: nested objects flattened, their unchanged leaves left out, lists joined, masks kept', () => {
    const rows = diffRows({
      address: { before: { city: 'Hyderabad', pincode: '500001' }, after: { city: 'Secunderabad', pincode: '500001' } },
      stages: { before: [{ name: 'Advance', percent: 40 }], after: [{ name: 'Advance', percent: 50 }, { name: 'Final', percent: 50 }] },
      tags: { before: ['a'], after: ['a', 'b'] },
      panNumber: { before: MASKED_VALUE, after: MASKED_VALUE },
      active: { before: true, after: false },
    });
    expect(rows.map(({ label, before, after }) => [label, before, after])).toEqual([
      ['Address › City', 'Hyderabad', 'Secunderabad'],
      ['Stages › #1 › Percent', '40', '50'],
      ['Stages › #2 › Name', '—', 'Final'],
      ['Stages › #2 › Percent', '—', '50'],
      ['Tags', 'a', 'a, b'],
      ['PAN number', MASKED_VALUE, MASKED_VALUE],
      ['Active', 'Yes', 'No'],
    ]);
  });

  it('labels a path the caller knows by its label', () => {
    const rows = diffRows({ 'company.companyName': { before: 'A', after: 'B' } }, (path) => (path === 'company.companyName' ? 'Company Name' : undefined));
    expect(rows).toEqual([{ path: 'company.companyName', label: 'Company Name', before: 'A', after: 'B' }]);
  });

  it('links the records the portal has a screen for, and none other', () => {
    expect(recordPath('Lead', 'lead 1')).toBe('leads?lead=lead%201');
    expect(recordPath('Customer', 'c-1')).toBe('projects?tab=customers&customer=c-1');
    expect(recordPath('RatePrice', 'p-1')).toBeNull();
  });
});
