import type { FunctionRoutes } from '../app-assembly';
import { quotations, quoteLinks } from '../quotations/routes';

/**
 * The routes of the PDF function (declared `lambda: 'pdf'`): a quotation's PDF for staff and through
 * its share link (app-assembly.ts FunctionRoutes; checked by functions/test/function-routes.test.ts).
 */
export const PDF_FUNCTION_ROUTES: FunctionRoutes = {
  lambda: 'pdf',
  api: [
    ['/quotations', quotations],
    ['/quote-links', quoteLinks],
  ],
};
