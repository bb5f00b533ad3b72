import type { FunctionRoutes } from '../app-assembly';
import { quoteLinks } from '../quotations/routes';

/**
 * The routes of the client-link function (declared `lambda: 'clientLink'`): a quote's share link and
 * the client's answer (app-assembly.ts FunctionRoutes; checked by functions/test/function-routes.test.ts).
 */
export const CLIENT_LINK_FUNCTION_ROUTES: FunctionRoutes = {
  lambda: 'clientLink',
  api: [['/quote-links', quoteLinks]],
};
