// The quotations module's HTTP routes, for the hosts that mount them (app.ts).
export { quotationLookups } from './quotation-lookups-routes';
export { quotations } from './quotations-routes';
export { quoteLinks } from './quote-links-routes';
export { rateLibrary } from './rate-library-routes';
export { packageRules } from './package-rules-routes';
