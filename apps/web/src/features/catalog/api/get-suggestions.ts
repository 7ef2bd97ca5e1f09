import type { Suggestions } from '@vitrina/shared';
import { api } from '../../../lib/api-client';

/** GET /api/products/sugerencias: up to 5 products and 3 categories for what the shopper is typing. */
export function getSuggestions(q: string, signal?: AbortSignal): Promise<Suggestions> {
  return api<Suggestions>('/products/sugerencias', { query: { q }, signal });
}
