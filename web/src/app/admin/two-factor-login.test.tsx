import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { REGISTRATION_RECEIVED, TWO_FACTOR_MESSAGES, type LoginVerifyInput } from '@app/shared-types/two-factor';
import { adminUserFixture, FIXTURE_PASSWORD } from '../../test/admin-fixtures';
import { siteFixture } from '../../test/fixtures';
import { renderPortal, type User } from '../../test/portal';
import { findToast, renderRoute } from '../../test/render';
import { server } from '../../test/server';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const OTPAUTH = `otpauth://totp/Kaveri:${encodeURIComponent(adminUserFixture.email)}?secret=${SECRET}&issuer=Kaveri`;
const CODES = ['ABCDE-FGHJK', 'BCDEF-GHJKM', 'CDEFG-HJKMN', 'DEFGH-JKMNP', 'EFGHJ-KMNPQ', 'FGHJK-MNPQR', 'GHJKM-NPQRS', 'HJKMN-PQRST', 'JKMNP-QRSTU', 'KMNPQ-RSTUV'];

async function signIn(user: User) {
  await user.click(await screen.findByLabelText('Email'));
  await user.paste(adminUserFixture.email);
  await user.click(screen.getByLabelText('Password'));
  await user.paste(FIXTURE_PASSWORD);
  await user.click(screen.getByRole('button', { name: 'Access Admin Portal' }));
}

const portalShown = () => screen.findByRole('navigation', { name: 'Admin sections' });

/** The second step answers: `check` decides; what each request sent is recorded. */
function verifyHandler(check: (input: LoginVerifyInput) => Response) {
  const sent: LoginVerifyInput[] = [];
  server.use(
    http.post('/api/auth/login/verify', async ({ request }) => {
      const input = (await request.json()) as LoginVerifyInput;
      sent.push(input);
      return check(input);
    }),
  );
  return sent;
}

/** After a successful second step the session query finds the user. */
function signedInAfterVerify() {
  let signedIn = false;
  server.use(
    http.get('/api/auth/me', () => (signedIn ? HttpResponse.json({ user: adminUserFixture }) : HttpResponse.json({ user: null }))),
  );
  return () => {
    signedIn = true;
  };
}

describe('sign-in with two-factor sign-in', () => {
  it('asks for the code after the password, says so when it is wrong, and opens the portal with a right one', async () => {
    server.use(http.post('/api/auth/login', () => HttpResponse.json({ twoFactor: 'code' })));
    const markSignedIn = signedInAfterVerify();
    const sent = verifyHandler((input) => {
      if (input.code !== '123456') return HttpResponse.json({ error: TWO_FACTOR_MESSAGES.invalidCode }, { status: 401 });
      markSignedIn();
      return HttpResponse.json({ user: adminUserFixture });
    });
    const { user } = renderPortal('/admin', { as: null });
    await signIn(user);

    const code = await screen.findByLabelText<HTMLInputElement>('Authentication code');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(code.getAttribute('inputmode')).toBe('numeric');
    expect(screen.queryByRole('navigation', { name: 'Admin sections' })).toBeNull();

    // Not six digits: the form says so without asking the server.
    await user.click(code);
    await user.paste('12');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Enter the 6-digit code from your authenticator app')).toBeTruthy();
    expect(sent).toHaveLength(0);

    await user.clear(code);
    await user.paste('654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByRole('alert')).textContent).toBe(TWO_FACTOR_MESSAGES.invalidCode);

    await user.clear(code);
    await user.paste('123 456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await portalShown()).toBeTruthy();
    expect(sent.at(-1)).toEqual({ code: '123456' });
  });

  it("'Use a recovery code' sends a recovery code instead", async () => {
    server.use(http.post('/api/auth/login', () => HttpResponse.json({ twoFactor: 'code' })));
    const markSignedIn = signedInAfterVerify();
    const sent = verifyHandler(() => {
      markSignedIn();
      return HttpResponse.json({ user: adminUserFixture });
    });
    const { user } = renderPortal('/admin', { as: null });
    await signIn(user);

    await user.click(await screen.findByRole('button', { name: 'Use a recovery code' }));
    await user.click(screen.getByLabelText('Recovery code'));
    await user.paste('abcde-fghjk');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await portalShown()).toBeTruthy();
    expect(sent).toEqual([{ recoveryCode: 'ABCDEFGHJK' }]);
  });

  it('goes back to the password when the five minutes have passed', async () => {
    server.use(http.post('/api/auth/login', () => HttpResponse.json({ twoFactor: 'code' })));
    verifyHandler(() => HttpResponse.json({ error: TWO_FACTOR_MESSAGES.challengeExpired }, { status: 401 }));
    const { user } = renderPortal('/admin', { as: null });
    await signIn(user);
    await user.click(await screen.findByLabelText('Authentication code'));
    await user.paste('123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('button', { name: 'Access Admin Portal' })).toBeTruthy();
    expect(within(await findToast('alert', 'Sign-in expired')).getByText(TWO_FACTOR_MESSAGES.challengeExpired)).toBeTruthy();
  });

  it('sets it up at sign-in when Settings require it: QR code and key, one code, then the recovery codes before the portal', async () => {
    server.use(http.post('/api/auth/login', () => HttpResponse.json({ twoFactor: 'enrol', secret: SECRET, otpauthUri: OTPAUTH })));
    const markSignedIn = signedInAfterVerify();
    const sent = verifyHandler(() => {
      markSignedIn();
      return HttpResponse.json({ user: adminUserFixture, recoveryCodes: CODES });
    });
    const { user } = renderPortal('/admin', { as: null });
    await signIn(user);

    expect(await screen.findByRole('heading', { name: 'Set up two-factor sign-in' })).toBeTruthy();
    const qr = screen.getByRole<HTMLImageElement>('img', { name: 'QR code for your authenticator app' });
    expect(qr.src).toMatch(/^data:image\/svg\+xml/);
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Use a recovery code' })).toBeNull();

    await user.click(screen.getByLabelText('Authentication code'));
    await user.paste('123456');
    await user.click(screen.getByRole('button', { name: 'Verify and continue' }));

    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual(CODES);
    expect(screen.getByRole('button', { name: 'Copy' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download .txt' })).toBeTruthy();
    // The portal waits until they are saved.
    expect(screen.queryByRole('navigation', { name: 'Admin sections' })).toBeNull();
    expect(sent).toEqual([{ code: '123456' }]);

    await user.click(screen.getByRole('button', { name: 'I have saved them' }));
    expect(await portalShown()).toBeTruthy();
  });
});

describe("'Request access'", () => {
  it('the sign-in page links to it only while registration is on', async () => {
    server.use(http.get('/api/site', () => HttpResponse.json({ ...siteFixture, allowRegistration: true })));
    const { user } = renderPortal('/admin', { as: null });
    const link = await screen.findByRole('link', { name: 'Request access' });
    expect(link.getAttribute('href')).toBe('/admin/request-access');
    // Leaving the empty Email (focused on arrival) adds no message above the link, which would move it under the pointer.
    await user.click(screen.getByLabelText('Email'));
    await user.tab();
    await user.tab();
    expect(screen.queryByText('Email is required')).toBeNull();
  });

  it('no link while registration is off', async () => {
    // A firm name of this test's own: once the sign-in card shows it, the card has this answer (and its allowRegistration).
    server.use(http.get('/api/site', () => HttpResponse.json({ ...siteFixture, companyName: 'Registration Off Studio', allowRegistration: false })));
    renderPortal('/admin', { as: null });
    expect(await screen.findByText('Registration Off Studio')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Access Admin Portal' })).toBeTruthy();
    expect(screen.queryByText(/New here/)).toBeNull();
    expect(screen.queryByRole('link', { name: 'Request access' })).toBeNull();
  });

  it('sends the request with the password rule of Settings, and shows the same answer whatever the email', async () => {
    const sent: unknown[] = [];
    server.use(
      http.get('/api/auth/registration', () => HttpResponse.json({ passwordMinLength: 10 })),
      http.post('/api/auth/register', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ message: REGISTRATION_RECEIVED }, { status: 202 });
      }),
    );
    const { user } = renderRoute('/admin/request-access');
    await user.click(await screen.findByLabelText('Full name'));
    await user.paste('Kavya Rao');
    await user.click(screen.getByLabelText('Email'));
    await user.paste('Kavya@Example.com');
    await user.click(screen.getByLabelText('Phone'));
    await user.paste('9876543210');
    await user.click(screen.getByRole('combobox', { name: 'Department' }));
    await user.click(await screen.findByRole('option', { name: 'Design' }));
    await user.click(screen.getByLabelText('Password'));
    await user.paste('short-pw');
    await user.click(screen.getByRole('button', { name: 'Request access' }));
    expect(await screen.findByText('Password must be at least 10 characters')).toBeTruthy();
    expect(sent).toHaveLength(0);

    await user.paste('-and-longer');
    await user.click(screen.getByRole('button', { name: 'Request access' }));
    expect((await screen.findByRole('status')).textContent).toBe(REGISTRATION_RECEIVED);
    expect(sent).toEqual([{ name: 'Kavya Rao', email: 'kavya@example.com', phone: '9876543210', department: 'Design', password: 'short-pw-and-longer' }]);
  });

  it("is the portal's not-found while registration is off", async () => {
    server.use(http.get('/api/auth/registration', () => HttpResponse.json({ error: 'Not found' }, { status: 404 })));
    renderRoute('/admin/request-access');
    expect(await screen.findByRole('heading', { name: 'Page not found.' })).toBeTruthy();
    expect(screen.queryByLabelText('Full name')).toBeNull();
  });
});

describe("the account menu's 'Two-factor sign-in' dialog", () => {
  it('turns it on: QR code and key, a code, then the recovery codes once', async () => {
    let enabled = false;
    server.use(
      http.get('/api/auth/two-factor', () => HttpResponse.json({ enabled, recoveryCodesLeft: enabled ? 10 : 0, required: false })),
      http.post('/api/auth/two-factor/start', () => HttpResponse.json({ secret: SECRET, otpauthUri: OTPAUTH })),
      http.post('/api/auth/two-factor/confirm', async ({ request }) => {
        const { code } = (await request.json()) as { code: string };
        if (code !== '123456') return HttpResponse.json({ error: 'Validation failed', fields: { code: TWO_FACTOR_MESSAGES.invalidCode } }, { status: 400 });
        enabled = true;
        return HttpResponse.json({ recoveryCodes: CODES });
      }),
    );
    const { user } = renderPortal('/admin');
    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Two-factor sign-in' }));
    const dialog = await screen.findByRole('dialog', { name: 'Two-factor sign-in' });
    expect(await within(dialog).findByText(/Two-factor sign-in is off/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Turn on' }));

    expect(await within(dialog).findByRole('img', { name: 'QR code for your authenticator app' })).toBeTruthy();
    await user.click(within(dialog).getByLabelText('Authentication code'));
    await user.paste('000000');
    await user.click(within(dialog).getByRole('button', { name: 'Turn on' }));
    expect(await within(dialog).findAllByText(TWO_FACTOR_MESSAGES.invalidCode)).not.toHaveLength(0);

    await user.clear(within(dialog).getByLabelText('Authentication code'));
    await user.paste('123456');
    await user.click(within(dialog).getByRole('button', { name: 'Turn on' }));
    const list = await within(dialog).findByRole('list', { name: 'Recovery codes' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    await user.click(within(dialog).getByRole('button', { name: 'I have saved them' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Two-factor sign-in' })).toBeNull());

    // Opened again: it is on, with the ten codes left.
    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Two-factor sign-in' }));
    expect(await screen.findByText('10 of 10 recovery codes left.')).toBeTruthy();
  });
});
