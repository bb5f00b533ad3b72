import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ContactResult, FormTokenResult } from '@app/shared-types/api';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { siteFixture } from '../../test/fixtures';
import { findToast, renderRoute } from '../../test/render';
import { server } from '../../test/server';

type User = ReturnType<typeof renderRoute>['user'];

/** Clicks into a field and pastes the text: one change event instead of one per keystroke. */
async function enter(user: User, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

async function fillContactForm(user: User) {
  await enter(user, await screen.findByLabelText('First Name'), 'Ravi');
  await enter(user, screen.getByLabelText('Last Name'), 'Kumar');
  await enter(user, screen.getByLabelText('Email Address'), 'ravi@example.com');
  await enter(user, screen.getByLabelText('Phone Number'), '+91 98765 43210');
  await user.click(screen.getByRole('combobox', { name: /^Project Type/ }));
  await user.click(await screen.findByRole('option', { name: 'Renovation' }));
  await enter(user, screen.getByLabelText('Message'), 'Kitchen and two bathrooms in Kondapur.');
}

describe('contact page', () => {
  afterEach(() => vi.restoreAllMocks());

  it('sends the token the server gave when the form was shown, and a new one for the cleared form', async () => {
    const bodies: Record<string, unknown>[] = [];
    let issued = 0;
    let issuedBeforeFirstMessage = 0;
    server.use(
      http.get('/api/form-token', () => HttpResponse.json<FormTokenResult>({ token: `token-${++issued}` })),
      http.post('/api/contact', async ({ request }) => {
        if (bodies.length === 0) issuedBeforeFirstMessage = issued;
        bodies.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json<ContactResult>({ id: 'c-1', createdAt: '2025-01-01T10:00:00.000Z' }, { status: 201 });
      }),
    );
    const { user } = renderRoute('/contact');
    await fillContactForm(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    await findToast('status', 'Message Sent');
    expect(bodies[0]?.formToken).toBe(`token-${issuedBeforeFirstMessage}`);
    // The server measures the time: the client's own count is not sent.
    expect(bodies[0]).not.toHaveProperty('elapsedMs');

    // The cleared form is a new one: it gets a token of its own.
    await fillContactForm(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    await vi.waitFor(() => expect(bodies).toHaveLength(2));
    expect(Number(String(bodies[1]?.formToken).replace('token-', ''))).toBeGreaterThan(issuedBeforeFirstMessage);
  });

  it('still sends the message when the token could not be fetched (the server keeps it, flagged)', async () => {
    let body: Record<string, unknown> | undefined;
    server.use(
      http.get('/api/form-token', () => HttpResponse.error()),
      http.post('/api/contact', async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json<ContactResult>({ id: 'c-1', createdAt: '2025-01-01T10:00:00.000Z' }, { status: 201 });
      }),
    );
    const { user } = renderRoute('/contact');
    await fillContactForm(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    await findToast('status', 'Message Sent');
    expect(body).toMatchObject({ firstName: 'Ravi', phone: '+91 98765 43210' });
    expect(body).not.toHaveProperty('formToken');
  });

  it("offers exactly SPEC.md's four project types, and 'Not sure yet' is gone (issue 25)", async () => {
    const { user } = renderRoute('/contact');
    await user.click(await screen.findByRole('combobox', { name: /^Project Type/ }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Residential', 'Commercial', 'Consultation', 'Renovation']);
  });

  it("sends every field, shows the 'Message Sent' toast and clears the form", async () => {
    let body: unknown;
    server.use(
      http.post('/api/contact', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json<ContactResult>({ id: 'c-1', createdAt: '2025-01-01T10:00:00.000Z' }, { status: 201 });
      }),
    );
    const { user } = renderRoute('/contact');

    await fillContactForm(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    const toast = await findToast('status', 'Message Sent');
    expect(within(toast).getByText('Thank you for your message! We will get back to you soon.')).toBeTruthy();
    expect(body).toEqual({
      // The visit's touches (issue 26: web/src/lib/visit-touch.ts, tested there).
      attribution: expect.any(Object),
      firstName: 'Ravi',
      lastName: 'Kumar',
      email: 'ravi@example.com',
      phone: '+91 98765 43210',
      projectType: 'renovation',
      message: 'Kitchen and two bathrooms in Kondapur.',
      website: '',
      // 'Send me updates on WhatsApp' is unticked unless the visitor ticks it (issue 26).
      whatsappConsent: false,
      formToken: 'test-form-token',
    });
    expect(screen.getByLabelText<HTMLInputElement>('First Name').value).toBe('');
    expect(screen.getByLabelText<HTMLTextAreaElement>('Message').value).toBe('');
  });

  it("shows the 'Error' toast and keeps what was typed when the server fails", async () => {
    server.use(http.post('/api/contact', () => HttpResponse.json({ error: 'Something went wrong' }, { status: 500 })));
    const { user } = renderRoute('/contact');

    await fillContactForm(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    const toast = await findToast('alert', 'Error');
    expect(within(toast).getByText('Failed to send message. Please try again.')).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('First Name').value).toBe('Ravi');
    expect(screen.getByRole('button', { name: 'Send Message' })).toBeTruthy();
  });

  it("shows the firm's phone in the one display format, however Settings has it typed", async () => {
    server.use(http.get('/api/site', () => HttpResponse.json({ ...siteFixture, companyPhone: '98480-12345' })));
    renderRoute('/contact');

    const main = within(await screen.findByRole('main'));
    const phone = await main.findByRole('link', { name: '+91 98480 12345' });
    expect(phone.getAttribute('href')).toBe('tel:9848012345');
  });

  it('shows the office details with working phone, email and map links', async () => {
    // Google answers the map's reachability check.
    server.use(http.get('https://www.google.com/maps', () => new HttpResponse(null, { status: 200 })));
    renderRoute('/contact');

    const main = within(await screen.findByRole('main'));
    const phone = await main.findByRole('link', { name: '+91 98480 12345' });
    expect(phone.getAttribute('href')).toBe('tel:+919848012345');
    expect(main.getByRole('link', { name: 'hello@kaveridesign.studio' }).getAttribute('href')).toBe(
      'mailto:hello@kaveridesign.studio',
    );
    expect(main.getByText('By appointment')).toBeTruthy();
    expect(main.getByRole('link', { name: 'Instagram' })).toBeTruthy();
    expect(main.getByRole('link', { name: 'Open in Google Maps' })).toBeTruthy();
    // jsdom has no IntersectionObserver, so the map is inserted as soon as Google answers.
    expect((await screen.findByTitle('Office location map')).getAttribute('src')).toBe(
      'https://www.google.com/maps?q=Road%20No.%2036%2C%20Jubilee%20Hills%2C%20Hyderabad&output=embed',
    );
  });

  it('keeps the placeholder, never a broken frame, when Google Maps is unreachable', async () => {
    let checked = 0;
    server.use(
      http.get('https://www.google.com/maps', () => {
        checked++;
        return HttpResponse.error();
      }),
    );
    renderRoute('/contact');

    expect(await screen.findByText('The map could not be loaded here. Open it in Google Maps below.')).toBeTruthy();
    expect(checked).toBe(1);
    expect(screen.queryByTitle('Office location map')).toBeNull();
    expect(screen.getByRole('link', { name: 'Open in Google Maps' })).toBeTruthy();
  });
});
