import type { FunctionRoutes } from '../app-assembly';
import { staffSession } from '../auth';
import { auditLog } from '../audit/routes';
import { auth } from '../auth/routes';
import { backups } from '../backup/routes';
import { blogPosts } from '../blog/routes';
import { campaigns } from '../campaigns/routes';
import { customers } from '../customers/routes';
import { dashboard } from '../dashboard/routes';
import { finance, transactions } from '../finance/routes';
import { integrations } from '../integrations/routes';
import { leads } from '../leads/routes';
import { notifications, testEmailRoute } from '../notify/routes';
import { attendance, departments, employeePhotos, jobRoles, sampleData, users } from '../people/routes';
import { projects } from '../projects/routes';
import { packageRules, quotationLookups, quotations, rateLibrary } from '../quotations/routes';
import { settings } from '../settings/routes';
import { vendors } from '../vendors/routes';

/**
 * The routes of the admin function (declared `lambda: 'admin'`, the default): every staff route but
 * the PDFs. API Gateway sends it every /api path no other function's route takes; what is declared
 * for another function (the website's reads, signing in, share links) answers 404 here
 * (app-assembly.ts FunctionRoutes; checked by functions/test/function-routes.test.ts).
 */
export const ADMIN_FUNCTION_ROUTES: FunctionRoutes = {
  lambda: 'admin',
  // It serves staff routes: a live session and the CSRF guard first (app-assembly.ts StaffSession).
  staffSession,
  api: [
    ['/projects', projects],
    ['/blog-posts', blogPosts],
    ['/auth', auth],
    ['/users', users],
    ['/users', employeePhotos],
    ['/dashboard', dashboard],
    ['/leads', leads],
    ['/campaigns', campaigns],
    ['/customers', customers],
    ['/vendors', vendors],
    ['/departments', departments],
    ['/job-roles', jobRoles],
    ['/transactions', transactions],
    ['/finance', finance],
    ['/quotations', quotations],
    ['/audit-log', auditLog],
    ['/quotation', quotationLookups],
    ['/rate-library', rateLibrary],
    ['/package-rules', packageRules],
    ['/attendance', attendance],
    ['/notifications', notifications],
    ['/settings', testEmailRoute],
    ['/settings', settings],
    ['/integrations', integrations],
    // Before the backups' routes, which are the superadmin's alone.
    ['/settings/sample-data', sampleData],
    ['/settings', backups],
  ],
};
