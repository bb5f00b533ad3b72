// The notify module's public entry: what other modules, the hosts and other packages use from it.
// Its HTTP routes are in ./routes (for the hosts), so that reaching a module's functions never loads route code.
import type { Kind } from '../db/kind';
import { notificationKind, notificationUnreadKind } from './bell';
import { outboxKind } from './outbox';

export { SMTP_TIMEOUTS, SmtpNotConfiguredError, smtpErrorText, type MailAttachment, type MailMessage, type Mailer, type MailerFactory } from './mail';
export { acknowledgementEmail, eventEmail, passwordResetEmail } from './messages';
export { acknowledgeNewLead, acknowledgementsWanted, type Acknowledgements } from './acknowledgement';
export { addBellNotification, notificationKind, notificationUnreadKind } from './bell';
export { notify, outboxKind } from './outbox';
export { outboxLoop } from './outbox-loop';
export { OUTBOX_TICK_BUDGET_MS, isOutboxTick } from './outbox-tick';
export { noticeOverduePayments } from './overdue';
export { smtpMailers } from './smtp-mailer';

/** Its stored kinds, for the catalog of every definition (functions/src/kinds.ts): read when called, so import order never matters. */
export const kinds = (): readonly Kind[] => [outboxKind, notificationKind, notificationUnreadKind];
