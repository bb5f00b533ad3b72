import { useMutation } from '@tanstack/react-query';
import type { ContactResult } from '@app/shared-types/api';
import type { ContactInput } from '@app/shared-types/forms';
import { api, unwrap } from '../../../lib/api-client';
import { visitAttribution } from '../../../lib/visit-touch';

/** Stores the message (with where the visit came from: first and last touch) and creates or updates the CRM lead. */
export function sendContactMessage(input: ContactInput) {
  return unwrap(api.contact.$post({ json: { ...input, attribution: visitAttribution() } }));
}

interface Options {
  onSuccess?: (result: ContactResult, input: ContactInput) => void;
  onError?: (error: Error, input: ContactInput) => void;
}

/** Invalidates nothing: no public query lists messages or leads. */
export function useSendContactMessage({ onSuccess, onError }: Options = {}) {
  return useMutation({
    mutationFn: sendContactMessage,
    onSuccess: (result, input) => onSuccess?.(result, input),
    onError: (error, input) => onError?.(error, input),
  });
}
