/** The Leads CRM section: built by the leads feature (in progress). */
export function LeadsPage() {
  return null;
}
