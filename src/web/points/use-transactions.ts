import { useCallback, useEffect, useState } from 'react';
import type { Transaction } from '#shared/api/points.ts';
import { transactionsPageSize } from '#shared/api/transactions-page.ts';
import { pointsApi } from './api.ts';

export type TransactionsState =
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'loaded'; transactions: Transaction[] };

/**
 * GET /api/transactions (SPEC §7): loading, then the list or failed. `initial` is what the page came
 * with (the server-rendered Home): it stands for the first load, and a retry asks again.
 */
export function useTransactions(
  limit?: number,
  initial?: Transaction[],
): { state: TransactionsState; reload: () => void } {
  const [state, setState] = useState<TransactionsState>(() =>
    initial ? { status: 'loaded', transactions: initial } : { status: 'loading' },
  );
  const [attempt, setAttempt] = useState(0);
  const [given] = useState(initial !== undefined);
  useEffect(() => {
    // `attempt` re-runs the load on retry; the first one is the page's rows when it came with them.
    if (given && attempt === 0) return;
    const controller = new AbortController();
    setState({ status: 'loading' });
    void pointsApi.transactions(limit, controller.signal).then((result) => {
      if (controller.signal.aborted) return;
      setState(result.ok ? { status: 'loaded', transactions: result.data } : { status: 'failed' });
    });
    return () => controller.abort();
  }, [attempt, limit, given]);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, reload };
}

export type TransactionPagesState =
  | { status: 'loading' }
  | { status: 'failed' }
  | {
      status: 'loaded';
      transactions: Transaction[];
      /** A full page came back: there may be older rows. */
      hasMore: boolean;
      more: 'idle' | 'loading' | 'failed';
    };

/**
 * The whole history, a page at a time (SPEC §7 GET /api/transactions with its cursor): the newest
 * page first, then `showMore` asks for the rows after the last one shown.
 */
export function useTransactionPages(): {
  state: TransactionPagesState;
  reload: () => void;
  showMore: () => void;
} {
  const [state, setState] = useState<TransactionPagesState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` re-runs the load on retry
  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    void pointsApi.page(undefined, controller.signal).then((result) => {
      if (controller.signal.aborted) return;
      setState(
        result.ok
          ? {
              status: 'loaded',
              transactions: result.data,
              hasMore: result.data.length === transactionsPageSize,
              more: 'idle',
            }
          : { status: 'failed' },
      );
    });
    return () => controller.abort();
  }, [attempt]);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const showMore = useCallback(() => {
    if (state.status !== 'loaded' || state.more === 'loading') return;
    const shown = state.transactions;
    setState({ ...state, more: 'loading' });
    void pointsApi.page(shown.at(-1)?.id, new AbortController().signal).then((result) =>
      setState(
        result.ok
          ? {
              status: 'loaded',
              transactions: [...shown, ...result.data],
              hasMore: result.data.length === transactionsPageSize,
              more: 'idle',
            }
          : { ...state, more: 'failed' },
      ),
    );
  }, [state]);
  return { state, reload, showMore };
}
