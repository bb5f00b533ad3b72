// The integrations module's public entry (issue 26): lead sources that arrive by themselves.
// Its HTTP routes are in ./routes (for the hosts).
import type { Kind } from '../db/kind';
import { integrationHealthKind, integrationKind, webhookClaimKind } from './integration-repo';

export { integrationTaskRunners, runIntegrationTask } from './integration-tasks';
export { sendWhatsappAcknowledgement } from './whatsapp-acknowledgement';
export { TaskRefused } from '../lib/outbox-task';

/** Its stored kinds, for the catalog of every definition (functions/src/kinds.ts). */
export const kinds = (): readonly Kind[] => [integrationKind, integrationHealthKind, webhookClaimKind];
