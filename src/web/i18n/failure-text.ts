import { useCallback } from 'react';
import type { Failure, FailureCode } from '../api.ts';
import { useMessages } from './messages.tsx';

/** Words a screen uses instead of the catalogue's for some codes, where its context says more. */
export type FailureWords = Partial<Record<FailureCode, string>>;

/**
 * The words for a failed call in the member's language: the screen's own for this code if it has
 * them, else the catalogue's. Never the server's English sentence. The function is stable while the
 * language is, so effects may depend on it.
 */
export function useFailureText(): (failure: Failure, words?: FailureWords) => string {
  const failures = useMessages().failures;
  return useCallback((failure, words = {}) => words[failure.code] ?? failures[failure.code], [failures]);
}
