import { createContext, useContext } from 'react';

const SiteNameContext = createContext<string | undefined>(undefined);

/** Provides the firm's name (from Settings, via GET /api/site) to every PageMeta below it. */
export const SiteNameProvider = SiteNameContext.Provider;

interface PageMetaProps {
  /** The page's own name; the firm's name is appended: '<title> | <companyName>'. */
  title: string;
  description: string;
}

/** The page's <title> and meta description; React 19 hoists them into <head>. */
export function PageMeta({ title, description }: PageMetaProps) {
  const siteName = useContext(SiteNameContext);
  const fullTitle = siteName ? `${title} | ${siteName}` : title;
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={description} />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={description} />
    </>
  );
}
