// The leads module's public entry: what other modules, the hosts and other packages use from it.
// Its HTTP routes are in ./routes (for the hosts), so that reaching a module's functions never loads route code.
export { addTimelineNote, assignedLeadCount, assignedLeadsCounter, deleteLead, getLead, leadEntity, listFollowUpsDue, listNewestInStatus, timelineItem } from './lead-repo';
export { restampSubmissionExpiry, type RestampProgress } from './submission-repo';
export { formTokenKeysFromOriginSecrets, formTokenKeysFromSigningKey, type FormTokenKeys } from './form-token';
