import type { BurnRate } from '#shared/domain/exchange.ts';
import { pointsApi } from './api.ts';

let loaded: Promise<BurnRate[]> | null = null;

/** SPEC §4 Burn-rate list: loads once, lazily (on first use), and is kept; a failure may be retried. */
export function loadBurnRates(): Promise<BurnRate[]> {
  loaded ??= pointsApi.burnRates().then((result) => {
    if (!result.ok) {
      loaded = null;
      throw new Error('burn rates unavailable');
    }
    return result.data;
  });
  return loaded;
}

/** Forgets the loaded list (the server said the rate changed); the next use loads it again. */
export function forgetBurnRates(): void {
  loaded = null;
}
