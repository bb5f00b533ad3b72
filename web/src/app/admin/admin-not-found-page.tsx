import { BackToDashboard } from './back-to-dashboard';
import { SectionPanel } from './section-panel';

/** An unknown address inside the portal; the sidebar stays so the way out is obvious. */
export function AdminNotFoundPage() {
  return (
    <SectionPanel
      title="Page not found."
      message="There is no admin section at this address."
      action={<BackToDashboard />}
    />
  );
}
