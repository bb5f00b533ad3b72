import { NotFound } from './not-found';

export function NotFoundPage() {
  return <NotFound title="Page not found" message="Page not found." linkTo="/" linkLabel="Back to home" />;
}
