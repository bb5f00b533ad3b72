// The leads module's public entry: what other modules, the hosts and other packages use from it.
export { assignedLeadCount, assignedLeadsCounter, deleteLead, getLead, leadEntity, listFollowUpsDue, listNewestInStatus, timelineItem } from './lead-repo';
export { leads } from './leads-routes';
export { calculator, contact } from './public-forms-routes';
export { restampSubmissionExpiry, type RestampProgress } from './submission-repo';
