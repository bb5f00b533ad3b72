/**
 * A website visit's touch (issue 26, attribution), without yup: the website's
 * tiny touch script (web/src/lib/visit-touch.ts) runs on every page and must
 * stay small. The schemas are in attribution.ts.
 */

/** The fields of a touch, as the website records them and a lead keeps them. */
export const TOUCH_FIELDS = ['utmSource', 'utmMedium', 'utmCampaign', 'utmTerm', 'utmContent', 'gclid', 'fbclid', 'landingPage', 'referrer'] as const;
export type TouchField = (typeof TOUCH_FIELDS)[number];
export type Touch = Record<TouchField, string>;

/** The URL parameter each touch field is read from (the landing page and referrer are not parameters). */
export const TOUCH_PARAMS: Partial<Record<TouchField, string>> = {
  utmSource: 'utm_source',
  utmMedium: 'utm_medium',
  utmCampaign: 'utm_campaign',
  utmTerm: 'utm_term',
  utmContent: 'utm_content',
  gclid: 'gclid',
  fbclid: 'fbclid',
};

/** The longest a touch value is kept: longer ones are cut (a lead is never refused for a long tracking value). */
export const TOUCH_MAX_LENGTH: Record<TouchField, number> = {
  utmSource: 100,
  utmMedium: 100,
  utmCampaign: 150,
  utmTerm: 150,
  utmContent: 150,
  gclid: 200,
  fbclid: 200,
  landingPage: 500,
  referrer: 500,
};

/** How long the website keeps a visit's first touch (first-party storage). */
export const FIRST_TOUCH_DAYS = 90;

