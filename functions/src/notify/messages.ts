import { formatINR } from '@app/shared-types/format';
import { notificationLink, notificationTitle, type NotificationEvent } from '@app/shared-types/notifications';
import { escapeHtml } from '../lib/html';
import type { MailMessage } from './mail';


/** A fact that may be absent: its row when it has a value, else none. */
const optionalRow = (label: string, value: string | undefined): [string, string][] => (value ? [[label, value]] : []);

/** The event's facts, label and value, as the email lists them. */
function details(event: NotificationEvent): [string, string][] {
  switch (event.kind) {
    case 'lead.created':
      return [
        ['Name', event.name],
        ['Phone', event.phone],
        ['Source', event.source],
        ...optionalRow('Assigned to', event.assigneeName),
      ];
    case 'quotation.sent':
    case 'quotation.approved':
    case 'quotation.changes_requested':
      return [
        ['Quotation', event.number],
        ['Client', event.clientName],
        ...optionalRow('By', event.by),
        ...optionalRow('Comment', event.comment),
      ];
    case 'quotation.to_client':
      return [
        ['Quotation', event.number],
        ['Client', event.clientName],
      ];
    case 'project.status':
      return [
        ['Project', event.name],
        ['Status', `${event.from} → ${event.to}`],
      ];
    case 'payment.recorded':
    case 'payment.overdue':
      return [
        ['Description', event.description],
        ['Amount', formatINR(event.amount)],
      ];
    case 'registration.requested':
      return [
        ['Name', event.name],
        ['Email', event.email],
      ];
    case 'lead.unassigned':
      return [
        ['Name', event.name],
        ['Phone', event.phone],
        ['Source', event.source],
      ];
    case 'lead.response_due':
    case 'lead.response_overdue':
      return [
        ['Lead', event.name],
        ['Assigned to', event.assigneeName],
        ['Waiting (business minutes)', String(event.minutes)],
      ];
    case 'lead.draft_quote':
      // A task the sender runs (jobs/outbox.ts): never mailed.
      return [
        ['Name', event.name],
        ['Estimate', `${formatINR(event.minCost)} - ${formatINR(event.maxCost)}`],
      ];
    // A reset link and a thank-you have their own emails: never listed as facts. Integration tasks are never mailed.
    case 'password.reset':
    case 'lead.acknowledgement':
    case 'lead.whatsapp_acknowledgement':
    case 'integration.meta_lead':
    case 'integration.google_lead':
    case 'integration.whatsapp_message':
      return [];
  }
}

/** The firm's letter to its client with their quotation: the link to review and approve it (and its PDF, attached by the sender). */
function clientQuotationEmail(event: Extract<NotificationEvent, { kind: 'quotation.to_client' }>, companyName: string, to: string[], siteUrl?: string): MailMessage {
  const link = siteUrl ? `${siteUrl.replace(/\/$/, '')}${event.sharePath}` : event.sharePath;
  const lines = [
    `Dear ${event.clientName},`,
    `Thank you for the opportunity. Your quotation ${event.number} is ready.`,
    `Review it, and approve it or ask for changes, here: ${link}`,
    'The PDF is attached when it could be made; the link always shows the latest version.',
  ];
  const text = [...lines, '', `— ${companyName}`].join('\n');
  const html = [
    `<p>${escapeHtml(lines[0]!)}</p>`,
    `<p>${escapeHtml(lines[1]!)}</p>`,
    `<p><a href="${escapeHtml(link)}">Review and approve your quotation</a><br>${escapeHtml(link)}</p>`,
    `<p>${escapeHtml(lines[3]!)}</p>`,
    `<p>— ${escapeHtml(companyName)}</p>`,
  ].join('\n');
  return { to, subject: `${companyName}: Quotation ${event.number}`, text, html };
}

/** The email of an event: '<Company>: <what happened>', the facts, and the portal link when the site's address is known. */
export function eventEmail(event: NotificationEvent, companyName: string, to: string[], siteUrl?: string): MailMessage {
  if (event.kind === 'quotation.to_client') return clientQuotationEmail(event, companyName, to, siteUrl);
  const title = notificationTitle(event);
  const facts = details(event);
  const link = siteUrl ? `${siteUrl.replace(/\/$/, '')}/admin/${notificationLink(event)}` : '';
  const text = [title, '', ...facts.map(([label, value]) => `${label}: ${value}`), ...(link ? ['', `Open: ${link}`] : []), '', `— ${companyName}`].join('\n');
  const html = [
    `<p><strong>${escapeHtml(title)}</strong></p>`,
    '<table>',
    ...facts.map(([label, value]) => `<tr><td>${escapeHtml(label)}</td><td>${escapeHtml(value)}</td></tr>`),
    '</table>',
    ...(link ? [`<p><a href="${escapeHtml(link)}">Open in the portal</a></p>`] : []),
    `<p>— ${escapeHtml(companyName)}</p>`,
  ].join('\n');
  return { to, subject: `${companyName}: ${title}`, text, html };
}

/** The test email of Settings > Email. */
export function testEmail(companyName: string, to: string): MailMessage {
  const line = `This is a test email from ${companyName}. Your SMTP settings work.`;
  return { to: [to], subject: `${companyName}: test email`, text: line, html: `<p>${escapeHtml(line)}</p>` };
}

/** The email of 'Forgot password?': the single-use link to the portal's reset screen, to the account's own address. */
export function passwordResetEmail(input: { name: string; email: string; companyName: string; link: string; minutes: number }): MailMessage {
  const { name, companyName, link, minutes } = input;
  const lines = [
    `Hello ${name},`,
    `Someone (we hope you) asked to reset the password of your ${companyName} portal account.`,
    `Open this link within ${minutes} minutes to choose a new one. It works once:`,
  ];
  const after = ['If you did not ask for this, ignore this email: your password stays as it is.'];
  const text = [...lines, link, '', ...after, '', `— ${companyName}`].join('\n');
  const html = [
    ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p><a href="${escapeHtml(link)}">Reset your password</a></p>`,
    ...after.map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p>— ${escapeHtml(companyName)}</p>`,
  ].join('\n');
  return { to: [input.email], subject: `${companyName}: Reset your password`, text, html };
}

/** The placeholders of a Settings text filled in ({name}, {companyName}); any other braces are left as typed. */
export function fillPlaceholders(template: string, values: { name: string; companyName: string }): string {
  return template.replace(/\{(name|companyName)\}/g, (_all, key: 'name' | 'companyName') => values[key]);
}

/**
 * The thank-you email to a new lead (issue 26): Settings > Notifications'
 * subject and text, placeholders filled in; paragraphs by blank lines in the HTML.
 */
export function acknowledgementEmail(input: { name: string; email: string; companyName: string; subject: string; body: string }): MailMessage {
  const values = { name: input.name, companyName: input.companyName };
  const subject = fillPlaceholders(input.subject, values).replace(/\s+/g, ' ').trim();
  const text = fillPlaceholders(input.body, values);
  const html = text
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${paragraph.split('\n').map(escapeHtml).join('<br>')}</p>`)
    .join('\n');
  return { to: [input.email], subject, text, html };
}
