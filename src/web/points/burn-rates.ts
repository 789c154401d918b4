import type { BurnRate } from '#shared/domain/exchange.ts';
import { callApi } from '../api.ts';

let loaded: Promise<BurnRate[]> | null = null;

/** SPEC §4 Burn-rate list: loads once, lazily (on first use), and is kept; a failure may be retried. */
export function loadBurnRates(): Promise<BurnRate[]> {
  loaded ??= callApi<unknown>('/api/burn-rates', { method: 'GET' }).then((result) => {
    if (!Array.isArray(result)) {
      loaded = null;
      throw new Error('burn rates unavailable');
    }
    return result as BurnRate[];
  });
  return loaded;
}

/** Forgets the loaded list (the server said the rate changed); the next use loads it again. */
export function forgetBurnRates(): void {
  loaded = null;
}
