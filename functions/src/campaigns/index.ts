// The campaigns module's public entry (issue 26, attribution): what other modules use from it.
// Its HTTP routes are in ./routes (for the hosts), so that reaching a module's functions never loads route code.
import type { Kind } from '../db/kind';
import { campaignFigureKind, campaignSpendKind } from './campaign-repo';

export { leadCampaignFigures, sourceAttribution, websiteAttribution, type LeadAttribution } from './campaign-repo';

/** Its stored kinds, for the catalog of every definition (functions/src/kinds.ts). */
export const kinds = (): readonly Kind[] => [campaignFigureKind, campaignSpendKind];
