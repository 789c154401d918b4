import { useCallback, useEffect, useState } from 'react';
import type { Transaction } from '#shared/api/points.ts';
import { pointsApi } from './api.ts';

export type TransactionsState =
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'loaded'; transactions: Transaction[] };

/** GET /api/transactions (SPEC §7): loading, then the list or failed. */
export function useTransactions(limit?: number): { state: TransactionsState; reload: () => void } {
  const [state, setState] = useState<TransactionsState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` re-runs the load on retry
  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    void pointsApi.transactions(limit, controller.signal).then((result) => {
      if (controller.signal.aborted) return;
      setState(result.ok ? { status: 'loaded', transactions: result.data } : { status: 'failed' });
    });
    return () => controller.abort();
  }, [attempt, limit]);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, reload };
}
