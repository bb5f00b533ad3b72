// The leads module's public entry: what other modules, the hosts and other packages use from it.
// Its HTTP routes are in ./routes (for the hosts), so that reaching a module's functions never loads route code.
import type { Kind } from '../db/kind';
import { leadCommunicationKind, leadEntity, leadPhoneKind } from './lead-repo';
import { calculatorEstimateKind, contactSubmissionKind } from './submission-repo';
import { leadRotationKind } from './lead-assignment';
import { leadAwaitingKind, leadFirstResponseKind } from './lead-sla';

export { AlreadyCaptured, captureWebsiteEnquiry, type WebsiteEnquiry } from './lead-capture';
export { addTimelineNote, assignedLeadCount, assignedLeadsCounter, deleteLead, getLead, leadEntity, listFollowUpsDue, listNewestInStatus, timelineItem } from './lead-repo';
export { calculatorProjectType } from './website-enquiry';
export { firstResponseReport, overdueLeadIds, runSlaChecks, type SlaResult } from './lead-sla';
export { restampSubmissionExpiry, type RestampProgress } from './submission-repo';
export { formTokenKeysFromOriginSecrets, formTokenKeysFromSigningKey, type FormTokenKeys } from './form-token';

/**
 * Its stored kinds, for the catalog of every definition (functions/src/kinds.ts): read when called, so
 * import order never matters. In the order of the public role's write patterns
 * (infra/public-role-policy.json): the lead last, then its counters and search tokens.
 */
export const kinds = (): readonly Kind[] => [
  calculatorEstimateKind,
  contactSubmissionKind,
  leadCommunicationKind,
  leadPhoneKind,
  // Speed-to-lead (issue 26): the rotation's cursors, the leads awaiting a first response, the first responses.
  leadRotationKind,
  leadAwaitingKind,
  leadFirstResponseKind,
  leadEntity,
];
