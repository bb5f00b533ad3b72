/**
 * Attribution (issue 26): where a website visit came from, kept in the
 * visitor's own browser (first-party localStorage, no cookie, no third
 * party). Every public page records a touch when it is landed on from
 * somewhere: a campaign link (utm_*, gclid, fbclid) or another site. The
 * first touch is kept for FIRST_TOUCH_DAYS; the last is the latest. Browsing
 * the site's own pages, or coming back directly, changes neither. The
 * calculator and the contact form send both with the enquiry.
 *
 * No React: site-boot.ts runs it on every page before anything else loads.
 */
import { FIRST_TOUCH_DAYS, TOUCH_FIELDS, TOUCH_MAX_LENGTH, TOUCH_PARAMS, type Touch, type TouchField } from '@app/shared-types/touch';

const FIRST_KEY = 'visit-touch:first';
const LAST_KEY = 'visit-touch:last';
const FIRST_TOUCH_MS = FIRST_TOUCH_DAYS * 24 * 60 * 60 * 1000;

interface Kept {
  at: number;
  touch: Touch;
}

const PARAM_FIELDS = TOUCH_FIELDS.flatMap((field) => {
  const param = TOUCH_PARAMS[field];
  return param ? [{ field, param }] : [];
});

const cut = (field: TouchField, value: string) => value.slice(0, TOUCH_MAX_LENGTH[field]);

function read(storage: Storage, key: string): Kept | null {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(key) ?? 'null');
    if (typeof parsed !== 'object' || parsed === null || !('at' in parsed) || !('touch' in parsed)) return null;
    const { at, touch } = parsed;
    if (typeof at !== 'number' || typeof touch !== 'object' || touch === null) return null;
    const fields = new Map<string, unknown>(Object.entries(touch));
    const text = (field: TouchField) => {
      const value = fields.get(field);
      return typeof value === 'string' ? cut(field, value) : '';
    };
    return {
      at,
      touch: {
        utmSource: text('utmSource'),
        utmMedium: text('utmMedium'),
        utmCampaign: text('utmCampaign'),
        utmTerm: text('utmTerm'),
        utmContent: text('utmContent'),
        gclid: text('gclid'),
        fbclid: text('fbclid'),
        landingPage: text('landingPage'),
        referrer: text('referrer'),
      },
    };
  } catch {
    return null;
  }
}

/** The touch of this page view, or null when it is not one (the site's own pages, a direct return). */
export function touchOf(url: URL, referrer: string, firstVisit: boolean): Touch | null {
  const params = Object.fromEntries(PARAM_FIELDS.map(({ field, param }) => [field, cut(field, url.searchParams.get(param)?.trim() ?? '')]));
  let external = '';
  try {
    external = referrer && new URL(referrer).host !== url.host ? referrer : '';
  } catch {
    external = '';
  }
  const tagged = Object.values(params).some(Boolean);
  if (!tagged && !external && !firstVisit) return null;
  return {
    utmSource: params.utmSource ?? '',
    utmMedium: params.utmMedium ?? '',
    utmCampaign: params.utmCampaign ?? '',
    utmTerm: params.utmTerm ?? '',
    utmContent: params.utmContent ?? '',
    gclid: params.gclid ?? '',
    fbclid: params.fbclid ?? '',
    landingPage: cut('landingPage', `${url.pathname}${url.search}`),
    referrer: cut('referrer', external),
  };
}

/** Records this page view's touch (if it is one): the last touch always, the first when there is none within FIRST_TOUCH_DAYS. */
export function recordTouch(url: URL, referrer: string, now: number, storage: Storage): void {
  const first = read(storage, FIRST_KEY);
  const firstValid = first !== null && now - first.at < FIRST_TOUCH_MS;
  const touch = touchOf(url, referrer, !firstValid && read(storage, LAST_KEY) === null);
  if (!touch) return;
  const kept = JSON.stringify({ at: now, touch } satisfies Kept);
  storage.setItem(LAST_KEY, kept);
  if (!firstValid) storage.setItem(FIRST_KEY, kept);
}

/** What a form sends: the first touch (within FIRST_TOUCH_DAYS) and the last. */
export function visitAttribution(now = Date.now(), storage: Storage | undefined = safeStorage()): { first: Touch | null; last: Touch | null } {
  if (!storage) return { first: null, last: null };
  const first = read(storage, FIRST_KEY);
  return { first: first && now - first.at < FIRST_TOUCH_MS ? first.touch : null, last: read(storage, LAST_KEY)?.touch ?? null };
}

/** localStorage, unless the browser refuses it (private modes, blocked storage). */
function safeStorage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

/** site-boot.ts: records the page view's touch; never fails the page. */
export function recordPageTouch(): void {
  try {
    const storage = safeStorage();
    if (storage) recordTouch(new URL(window.location.href), document.referrer, Date.now(), storage);
  } catch {
    // Storage full or refused: the visit is not tracked, the page is unaffected.
  }
}
