import type { FunctionRoutes } from '../app-assembly';
import { blogPosts } from '../blog/routes';
import { calculator, contact, formToken } from '../leads/routes';
import { projects } from '../projects/routes';
import { pageRoutes, seo, site } from '../site/routes';

/**
 * The routes of the public function (declared `lambda: 'public'`): the website's reads, forms and
 * pages. Its bundle holds only these modules' routes (app-assembly.ts FunctionRoutes; checked by
 * functions/test/function-routes.test.ts).
 */
export const PUBLIC_FUNCTION_ROUTES: FunctionRoutes = {
  lambda: 'public',
  api: [
    ['/site', site],
    ['/projects', projects],
    ['/blog-posts', blogPosts],
    ['/calculator', calculator],
    ['/contact', contact],
    ['/form-token', formToken],
  ],
  root: [seo],
  pages: pageRoutes,
};
