import type { TaskRunners } from '../lib/outbox-task';
import { integrationTaskRunners, sendWhatsappAcknowledgement } from '../integrations';
import { draftQuoteTask } from '../quotations';

/**
 * The outbox's tasks (TASK_KINDS), each run by the module that owns it,
 * reached through its entry: the sender (jobs/outbox.ts) runs them all the
 * same way, with one retry policy. The hosts hand it in (SenderOptions.tasks).
 */
export const TASK_RUNNERS: TaskRunners = {
  // Issue 26: a calculator lead's draft quotation from the package rules.
  'lead.draft_quote': draftQuoteTask,
  // Issue 26: the WhatsApp template to a new lead who agreed or wrote first (the Cloud API).
  'lead.whatsapp_acknowledgement': sendWhatsappAcknowledgement,
  // Issue 26: a Meta lead's Graph fetch, a Google lead form's lead, a WhatsApp message.
  ...integrationTaskRunners,
};
