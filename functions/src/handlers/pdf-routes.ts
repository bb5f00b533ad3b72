import type { FunctionRoutes } from '../app-assembly';
import { staffSession } from '../auth';
import { quotations, quoteLinks } from '../quotations/routes';

/**
 * The routes of the PDF function (declared `lambda: 'pdf'`): a quotation's PDF for staff and through
 * its share link (app-assembly.ts FunctionRoutes; checked by functions/test/function-routes.test.ts).
 */
export const PDF_FUNCTION_ROUTES: FunctionRoutes = {
  lambda: 'pdf',
  // It serves staff routes: a live session and the CSRF guard first (app-assembly.ts StaffSession).
  staffSession,
  api: [
    ['/quotations', quotations],
    ['/quote-links', quoteLinks],
  ],
};
