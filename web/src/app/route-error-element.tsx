import { isRouteErrorResponse, useRouteError } from 'react-router';
import { RouteErrorPage } from './site/route-error-page';

/** The portal's routes' ErrorBoundary (data router): the error screen, 'not found' for a 404 response. */
export function RouteErrorElement() {
  const error = useRouteError();
  return <RouteErrorPage notFound={isRouteErrorResponse(error) && error.status === 404} />;
}
