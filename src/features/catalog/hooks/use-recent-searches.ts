import { useSyncExternalStore } from 'react';
import { getRecentSearches, subscribeRecentSearches } from '../lib/recent-searches';

const serverSnapshot = (): string[] => [];

/** The shopper's recent product searches (most recent first); follows changes from any screen or tab. */
export function useRecentSearches(): string[] {
  return useSyncExternalStore(subscribeRecentSearches, getRecentSearches, serverSnapshot);
}
