import { http, HttpResponse } from 'msw';
import { DEFAULT_SETTINGS, SETTINGS_MESSAGES, type SettingsAnswer } from '@app/shared-types/settings';

/** Settings as saved once, with an SMTP password stored. */
export const settingsFixture: SettingsAnswer = {
  ...DEFAULT_SETTINGS,
  company: { ...DEFAULT_SETTINGS.company, companyName: 'Kalpa Design Studio', gstNumber: '36ABCDE1234F1Z5' },
  email: { ...DEFAULT_SETTINGS.email, smtpHost: 'smtp.example.in', smtpUsername: 'mailer', smtpPasswordSet: true },
  version: 3,
};

/** GET /api/settings answers the fixture; PUT answers what was sent, one version on, without the password. */
export function settingsHandlers() {
  return [
    http.get('/api/settings', () => HttpResponse.json(settingsFixture)),
    http.put('/api/settings', async ({ request }) => {
      const body = (await request.json()) as Omit<SettingsAnswer, 'email' | 'version'> & { version: number; email: Record<string, unknown>; smtpPasswordClear?: boolean };
      const { smtpPassword, ...email } = body.email;
      const smtpPasswordSet = body.smtpPasswordClear ? false : Boolean(smtpPassword) || settingsFixture.email.smtpPasswordSet;
      const settings = { ...body, email: { ...email, smtpPasswordSet }, version: body.version + 1, smtpPasswordClear: undefined };
      return HttpResponse.json({ message: SETTINGS_MESSAGES.updated, settings });
    }),
  ];
}
