import { useLocation } from 'react-router';
import { buildHead, serializeJsonLd, type PageSeo } from '../../features/seo/model';
import { siteOrigin } from '../../features/seo/site-origin';
import { useSiteInfo } from '../../features/site-info/api/get-site-info';

export type PageMetaProps = PageSeo;

/**
 * The page's head: <title> ('<title> | <companyName>'), meta description,
 * canonical link, Open Graph and Twitter tags (React 19 hoists them into
 * <head>, in the browser and in the server render), and its JSON-LD scripts
 * ('<' escaped). The values come from buildHead (features/seo/model.ts) with
 * the firm's details from GET /api/site.
 */
export function PageMeta(props: PageMetaProps) {
  const { data: site } = useSiteInfo();
  const { pathname } = useLocation();
  if (!site) {
    // Until the firm is known (a page the server did not render), no address can be built on its site.
    return (
      <>
        <title>{props.title}</title>
        <meta name="description" content={props.description} />
      </>
    );
  }
  const head = buildHead(props, site, siteOrigin(site), pathname);
  return (
    <>
      <title>{head.title}</title>
      <meta name="description" content={head.description} />
      <link rel="canonical" href={head.canonical} />
      <meta property="og:type" content={head.og.type} />
      <meta property="og:title" content={head.og.title} />
      <meta property="og:description" content={head.og.description} />
      <meta property="og:url" content={head.og.url} />
      <meta property="og:image" content={head.og.image} />
      {head.og.imageDetails && <meta property="og:image:width" content={String(head.og.imageDetails.width)} />}
      {head.og.imageDetails && <meta property="og:image:height" content={String(head.og.imageDetails.height)} />}
      {head.og.imageDetails && <meta property="og:image:alt" content={head.og.imageDetails.alt} />}
      {head.og.site_name && <meta property="og:site_name" content={head.og.site_name} />}
      <meta name="twitter:card" content={head.twitter.card} />
      <meta name="twitter:title" content={head.twitter.title} />
      <meta name="twitter:description" content={head.twitter.description} />
      <meta name="twitter:image" content={head.twitter.image} />
      {head.twitter.imageAlt && <meta name="twitter:image:alt" content={head.twitter.imageAlt} />}
      {head.jsonLd.map((data) => (
        <script
          key={String(data['@type'])}
          type="application/ld+json"
          // Built from our own data and escaped by serializeJsonLd.
          dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }}
        />
      ))}
    </>
  );
}
