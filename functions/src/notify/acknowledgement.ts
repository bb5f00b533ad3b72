import type { Lead } from '@app/shared-types/leads';
import type { WritePlan } from '../db/plan';
import type { Db } from '../db/client';
import { getSettings } from '../settings';
import { notify } from './outbox';

/** Which acknowledgements Settings want for new leads now. */
export interface Acknowledgements {
  email: boolean;
}

/** Reads Settings' switches once (a request's settings read is shared). */
export async function acknowledgementsWanted(db: Db): Promise<Acknowledgements> {
  return { email: (await getSettings(db)).notifications.acknowledgeLeads };
}

/** The lead as its acknowledgement needs it. */
export type AcknowledgedLead = Pick<Lead, 'id' | 'name' | 'email'> & Partial<Pick<Lead, 'isTest' | 'phone' | 'platform' | 'whatsappConsent'>>;

/** The first word of a name (the WhatsApp template's greeting); 'there' for a lead known by its number only. */
const firstName = (name: string) => {
  const first = name.trim().split(/\s+/)[0] ?? '';
  return !first || /^[+\d]/.test(first) ? 'there' : first;
};

/**
 * Acknowledgement to the person (issue 26, speed-to-lead): the plan entries
 * of a new lead's thank-you, in the lead's own commit, from any source (the
 * website's forms, ads, WhatsApp, staff, an import). A lead with an email
 * gets the thank-you email (one per lead, ever: its id is the lead's) while
 * Settings' switch is on (`wanted`, read by the caller: acknowledgementsWanted).
 * A new lead who ticked 'Send me updates on WhatsApp' or wrote first (a WhatsApp lead) gets the
 * WhatsApp template too (one per lead, ever: `wa-ack-<leadId>`), sent while the WhatsApp integration
 * is on and has its template. A test lead gets nothing. The sender checks the switch again when it sends
 * (switched off meanwhile: skipped). `name` prefixes the plan entries (a bulk
 * plan holds several leads).
 */
export function acknowledgeNewLead(p: WritePlan, lead: AcknowledgedLead, wanted: Acknowledgements, name = 'acknowledge'): void {
  if (lead.isTest) return;
  if (lead.email && wanted.email) {
    const event = { kind: 'lead.acknowledgement', leadId: lead.id, name: lead.name, email: lead.email } as const;
    notify(p, event, `ack-${lead.id}`, `${name}:email`);
  }
  // The WhatsApp template: only to a person who agreed on the website's form or wrote to us on WhatsApp first.
  // Whether WhatsApp is on and has its template is the sender's to check (the integration is the switch).
  if (lead.phone && (lead.whatsappConsent === true || lead.platform === 'whatsapp')) {
    const event = { kind: 'lead.whatsapp_acknowledgement', leadId: lead.id, firstName: firstName(lead.name).slice(0, 60), phone: lead.phone } as const;
    notify(p, event, `wa-ack-${lead.id}`, `${name}:whatsapp`);
  }
}
