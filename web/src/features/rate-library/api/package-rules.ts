import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PackageRuleInput, PackageRulesAnswer } from '@app/shared-types/package-rules';
import { api, unwrap } from '../../../lib/api-client';
import { useRefreshingWrite } from '../../../lib/record-mutations';
import { refreshQueries } from '../../../lib/refresh-queries';

/** The calculator's package rules (issue 26): what a calculator lead's draft quotation is made of. */
export const PACKAGE_RULES_KEY = 'package-rules';

export function getPackageRules(): Promise<PackageRulesAnswer> {
  return unwrap(api['package-rules'].$get());
}

export function usePackageRules() {
  return useQuery(queryOptions({ queryKey: [PACKAGE_RULES_KEY], queryFn: getPackageRules }));
}

/** Saves a rule's lines at the version read (0: still its default); the answer says whether it is in step with the calculator. */
export function savePackageRule({ id, ...input }: PackageRuleInput & { id: string }) {
  return unwrap(api['package-rules'][':id'].$put({ param: { id }, json: input }));
}

export const useSavePackageRule = () => useRefreshingWrite(savePackageRule, (queryClient) => refreshQueries(queryClient, [PACKAGE_RULES_KEY]));
