// The quotations module's public entry: what other modules, the hosts and other packages use from it.
// Its HTTP routes are in ./routes (for the hosts), so that reaching a module's functions never loads route code.
import type { Kind } from '../db/kind';
import { quotationCounterKind, quotationEntity, quotationLinkKind, quotationResponseKind, revisionKind } from './quotation-repo';
import { libraryVersionKind, rateLibraryEntities } from './rate-library-repo';
import { packageRuleEntity } from './package-rules-repo';

export { renderQuotationPdf } from './pdf';
export { quotationPdfAttachments } from './client-mail';
export { expireQuotations } from './quotation-repo';
export { forgetLibrary, rateLibraryEntities } from './rate-library-repo';
export { createCalculatorDraft, draftQuoteTask } from './package-rules-repo';

/** Its stored kinds, for the catalog of every definition (functions/src/kinds.ts): read when called, so import order never matters. */
export const kinds = (): readonly Kind[] => [
  quotationEntity,
  revisionKind,
  quotationCounterKind,
  quotationLinkKind,
  quotationResponseKind,
  ...Object.values(rateLibraryEntities),
  libraryVersionKind,
  packageRuleEntity,
];
