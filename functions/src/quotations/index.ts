// The quotations module's public entry: what other modules, the hosts and other packages use from it.
export { renderQuotationPdf } from './pdf';
export { quotationLookups } from './quotation-lookups-routes';
export { expireQuotations } from './quotation-repo';
export { quotations } from './quotations-routes';
export { quoteLinks } from './quote-links-routes';
export { forgetLibrary, rateLibraryEntities } from './rate-library-repo';
export { rateLibrary } from './rate-library-routes';
