/** The portal page's <title> ('Leads CRM · Admin'); no portal page is for search engines. */
export function AdminMeta({ title }: { title: string }) {
  return (
    <>
      <title>{`${title} · Admin`}</title>
      <meta name="robots" content="noindex" />
    </>
  );
}
