import { PageMeta } from './page-meta';
import { STATIC_PAGE_SEO } from '../../features/seo/model';
import { CalculatorSection } from '../../features/calculator/components/calculator-section';
import { useSiteInfo } from '../../features/site-info/api/get-site-info';
import { island } from '../../lib/island';

// Its code (React, MUI, the form library: ~200 KiB gzip) comes with the first touch, focus or key on it, not at load:
// hydrating it at load blocked a phone's main thread for a second (issue 25: TBT <= 100 ms). Typed text is kept (islands/typed-values.ts).
const CalculatorIsland = island('calculator', CalculatorSection, 'interaction');

export function CalculatorPage() {
  const { data: site } = useSiteInfo();
  return (
    <>
      <PageMeta {...STATIC_PAGE_SEO.calculator} />
      <CalculatorIsland phone={site?.companyPhone} />
    </>
  );
}
