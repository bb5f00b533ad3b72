// The notify module's public entry: what other modules, the hosts and other packages use from it.
export { SMTP_TIMEOUTS, SmtpNotConfiguredError, smtpErrorText, type Mailer, type MailerFactory } from './mail';
export { eventEmail } from './messages';
export { notifications, testEmailRoute } from './notifications-routes';
export { notificationWrite } from './outbox';
export { outboxLoop } from './outbox-loop';
export { OUTBOX_TICK_BUDGET_MS, isOutboxTick } from './outbox-tick';
export { noticeOverduePayments } from './overdue';
export { smtpMailers } from './smtp-mailer';
