import type { SiteInfo } from '@app/shared-types/site';
import { localBusinessJsonLd, serializeJsonLd } from '../model';

export function LocalBusinessJsonLd({ site }: { site: SiteInfo }) {
  return (
    <script
      type="application/ld+json"
      // Built from our own data and escaped by serializeJsonLd.
      dangerouslySetInnerHTML={{ __html: serializeJsonLd(localBusinessJsonLd(site)) }}
    />
  );
}
