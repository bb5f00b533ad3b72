import { useMutation } from '@tanstack/react-query';
import type { CalculatorResult } from '@app/shared-types/api';
import type { CalculatorInput } from '@app/shared-types/forms';
import { api, unwrap } from '../../../lib/api-client';
import { visitAttribution } from '../../../lib/visit-touch';

/** Stores the request (with where the visit came from: first and last touch), creates or updates the CRM lead and answers with the indicative estimate. */
export function submitCalculator(input: CalculatorInput) {
  return unwrap(api.calculator.$post({ json: { ...input, attribution: visitAttribution() } }));
}

interface Options {
  onSuccess?: (result: CalculatorResult, input: CalculatorInput) => void;
  onError?: (error: Error, input: CalculatorInput) => void;
}

/**
 * Nothing on the public site lists leads, so a submission invalidates no
 * query; the admin CRM's lead queries will be invalidated here once they exist.
 */
export function useSubmitCalculator({ onSuccess, onError }: Options = {}) {
  return useMutation({
    mutationFn: submitCalculator,
    onSuccess: (result, input) => onSuccess?.(result, input),
    onError: (error, input) => onError?.(error, input),
  });
}
