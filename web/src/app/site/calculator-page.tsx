import { PageMeta } from './page-meta';
import { STATIC_PAGE_SEO } from '../../features/seo/model';
import { CalculatorSection } from '../../features/calculator/components/calculator-section';
import { useSiteInfo } from '../../features/site-info/api/get-site-info';
import { island } from '../../lib/island';

const CalculatorIsland = island('calculator', CalculatorSection);

export function CalculatorPage() {
  const { data: site } = useSiteInfo();
  return (
    <>
      <PageMeta {...STATIC_PAGE_SEO.calculator} />
      <CalculatorIsland phone={site?.companyPhone} />
    </>
  );
}
