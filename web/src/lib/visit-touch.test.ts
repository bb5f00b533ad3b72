import { describe, expect, it } from 'vitest';
import { recordTouch, visitAttribution } from './visit-touch';

/** A Storage kept in a Map (what localStorage is to the script). */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

const DAY = 24 * 60 * 60 * 1000;
const site = (path: string) => new URL(`https://kaveri.example${path}`);

describe('the visit touch (issue 26)', () => {
  it('keeps a campaign landing as first and last touch while the visitor browses the site', () => {
    const storage = memoryStorage();
    const t0 = Date.parse('2026-11-01T10:00:00Z');
    recordTouch(site('/?utm_source=google&utm_medium=cpc&utm_campaign=diwali&gclid=TeSt123'), 'https://www.google.com/', t0, storage);
    recordTouch(site('/services'), 'https://kaveri.example/', t0 + 1000, storage);
    recordTouch(site('/blog'), 'https://kaveri.example/services', t0 + 2000, storage);
    const { first, last } = visitAttribution(t0 + 3000, storage);
    const expected = { utmSource: 'google', utmMedium: 'cpc', utmCampaign: 'diwali', gclid: 'TeSt123', landingPage: '/?utm_source=google&utm_medium=cpc&utm_campaign=diwali&gclid=TeSt123', referrer: 'https://www.google.com/' };
    expect(last).toMatchObject(expected);
    expect(first).toMatchObject(expected);
  });

  it('a later campaign is the last touch; the first stays for 90 days, then the next touch is the first', () => {
    const storage = memoryStorage();
    const t0 = Date.parse('2026-08-01T10:00:00Z');
    recordTouch(site('/?utm_source=facebook&utm_campaign=monsoon&fbclid=Fb1'), '', t0, storage);
    recordTouch(site('/calculator?utm_source=google&utm_campaign=diwali'), '', t0 + 10 * DAY, storage);
    expect(visitAttribution(t0 + 10 * DAY, storage)).toMatchObject({ first: { utmCampaign: 'monsoon', fbclid: 'Fb1' }, last: { utmCampaign: 'diwali', landingPage: '/calculator?utm_source=google&utm_campaign=diwali' } });
    // Past 90 days the first touch is not sent, and the next touch becomes it.
    expect(visitAttribution(t0 + 91 * DAY, storage).first).toBeNull();
    recordTouch(site('/?utm_source=instagram&utm_campaign=reels'), '', t0 + 92 * DAY, storage);
    expect(visitAttribution(t0 + 92 * DAY, storage)).toMatchObject({ first: { utmCampaign: 'reels' }, last: { utmCampaign: 'reels' } });
  });

  it('a direct return changes nothing; another site referring is a touch; values are cut to length', () => {
    const storage = memoryStorage();
    const t0 = Date.parse('2026-11-01T10:00:00Z');
    recordTouch(site('/'), '', t0, storage);
    expect(visitAttribution(t0, storage).last).toMatchObject({ landingPage: '/', referrer: '', utmSource: '' });
    recordTouch(site('/?utm_campaign=' + 'x'.repeat(400)), '', t0 + 1, storage);
    expect(visitAttribution(t0 + 1, storage).last?.utmCampaign).toHaveLength(150);
    recordTouch(site('/projects'), '', t0 + 2, storage);
    expect(visitAttribution(t0 + 2, storage).last?.utmCampaign).toHaveLength(150);
    recordTouch(site('/projects'), 'https://news.example/article', t0 + 3, storage);
    expect(visitAttribution(t0 + 3, storage).last).toMatchObject({ referrer: 'https://news.example/article', utmCampaign: '', landingPage: '/projects' });
    expect(visitAttribution(t0 + 3, storage).first).toMatchObject({ landingPage: '/' });
  });

  it('reads nothing from what is not a kept touch', () => {
    const storage = memoryStorage();
    storage.setItem('visit-touch:last', '{"at":1,"touch":{"utmSource":["x"]}}');
    storage.setItem('visit-touch:first', 'not json');
    expect(visitAttribution(2, storage)).toEqual({ first: null, last: { utmSource: '', utmMedium: '', utmCampaign: '', utmTerm: '', utmContent: '', gclid: '', fbclid: '', landingPage: '', referrer: '' } });
  });
});
