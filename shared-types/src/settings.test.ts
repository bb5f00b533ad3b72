import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, companySettingsSchema, settingsUpdateSchema } from './settings';
import { FIRST_START_COMPANY } from './site';
import { testRows, validate } from './schema-test-kit';

const HTTPS_ONLY = 'Must be an https:// link';
const HTTP_OR_HTTPS = 'Must be an http:// or https:// link';
const LOGO = 'Must be an https:// link or a path on this site (e.g. /images/logo.svg)';

/** Addresses no link or image of the site may have: another scheme, no scheme, or another host by a path's look. */
const HOSTILE = ['javascript:alert(1)', 'JavaScript:alert(1)', ' javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'vbscript:x', 'ftp://example.com/x', '//evil.example/x', 'example.com'];

describe('company settings: link fields (issue 24: https only)', () => {
  const valid = { ...FIRST_START_COMPANY, taxNumber: '' };
  const social = ['social.instagram', 'social.facebook', 'social.youtube', 'social.linkedin'];

  testRows(companySettingsSchema, valid, {
    accepts: [
      ['companyWebsite', 'https://kaveridesign.studio', 'https://kaveridesign.studio'],
      ['companyWebsite', 'http://kaveridesign.studio/', 'http://kaveridesign.studio/'],
      ['companyWebsite', ' https://kaveridesign.studio ', 'https://kaveridesign.studio'],
      ['companyWebsite', '', ''],
      ['companyLogo', '/images/logo.svg', '/images/logo.svg'],
      ['companyLogo', '/company/logo-3f2a.jpg', '/company/logo-3f2a.jpg'],
      ['companyLogo', 'https://cdn.example.com/logo.png', 'https://cdn.example.com/logo.png'],
      ['companyLogo', '', ''],
      ...social.map((field) => [field, 'https://www.example.com/kaveri?x=1', 'https://www.example.com/kaveri?x=1'] as const),
      ...social.map((field) => [field, '', ''] as const),
      ['reels', ['https://www.instagram.com/reel/C7kaveri01/'], ['https://www.instagram.com/reel/C7kaveri01/']],
    ],
    refuses: [
      ...HOSTILE.map((input) => ['companyWebsite', input, HTTP_OR_HTTPS] as const),
      ...[...HOSTILE, 'http://cdn.example.com/logo.png', 'images/logo.svg', '/\\evil.example/logo.svg', 'data:image/svg+xml,<svg onload=alert(1)>'].map((input) => ['companyLogo', input, LOGO] as const),
      ...social.flatMap((field) => [...HOSTILE, 'http://www.example.com/kaveri', 'https://', 'https:evil.example', 'https://www.instagram.com@evil.example/', 'https://evil.example\\@www.instagram.com/', '/images/logo.svg'].map((input) => [field, input, HTTPS_ONLY] as const)),
      ...HOSTILE.map((input) => ['reels', [input], HTTPS_ONLY, 'reels[0]'] as const),
      ['reels', ['https://www.instagram.com/reel/ok/', 'http://www.instagram.com/reel/x/'], HTTPS_ONLY, 'reels[1]'],
    ],
  });

  it('keeps the first-start defaults valid (a logo path on this site, https links)', async () => {
    const { smtpPasswordSet: _set, ...email } = DEFAULT_SETTINGS.email;
    const { errors } = await validate(settingsUpdateSchema, { ...DEFAULT_SETTINGS, email, version: 0 });
    expect(errors).toEqual({});
  });
});
