import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Account } from '#shared/api/common.ts';
import type { Transaction } from '#shared/api/points.ts';
import { transactionsEndpoint } from '#shared/api/points.ts';
import { defaultConfig, toPublicConfig } from '#shared/config.ts';
import { testAccount } from '#tests/support/account-fixture.ts';
import { failure, on, stubApi } from '#tests/support/contract-fetch.ts';
import { ConfigContext } from '../config-context.tsx';
import { MessagesProvider } from '../i18n/messages.tsx';
import { SessionProvider } from '../session/session-context.tsx';
import PurchaseHistoryScreen from './purchase-history-screen.tsx';

// The missing-purchase reports below the history have their own calls (tests/e2e/claims.spec.ts).
vi.mock('../claims/claims-list.tsx', () => ({ MissingPurchases: () => null }));

const account: Account = testAccount({
  loyaltyId: '6300001000011',
  cardNumber: '6300001000011',
  fullName: 'Ana Ruiz',
  email: 'ana@example.com',
  createdAt: '2024-06-09T10:00:00.000Z',
});

const row: Transaction = {
  id: '1',
  kind: 'purchase',
  awardedAt: null,
  adjustedPoints: 1_300,
  pending: true,
  confirmsAt: '2025-01-10T10:00:00.000Z',
  rewardType: 'other',
  order: {
    orderId: 'A1',
    purchaseType: 'in-store',
    storeDisplayName: 'Oxford Street',
    fasciaDisplayName: 'Flagship',
  },
  name: 'Flagship',
  location: 'Oxford Street',
  value: 12_999,
  channel: 'In-Store',
  currency: 'GBP',
  createdDate: '2024-12-13T10:00:00.000Z',
  discount: null,
  redemptionType: null,
  cash: 0,
  returned: null,
  netPoints: 1_300,
  returnOf: null,
  expiresAt: null,
};

function renderHistory() {
  const config = toPublicConfig(defaultConfig);
  return render(
    <ConfigContext.Provider value={config}>
      <MessagesProvider locale="en-GB">
        <SessionProvider
          initialViewer={{ isAnonymous: false, account, googlePay: null, sentry: null, homeRedirect: null }}
        >
          <PurchaseHistoryScreen />
        </SessionProvider>
      </MessagesProvider>
    </ConfigContext.Provider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('PurchaseHistory (SPEC §2 states loading, error, empty, list; §9 dates)', () => {
  it('history: loading, then the list with "do MMMM yyyy" dates and member since "MMMM yyyy"', async () => {
    let resolve: (rows: Transaction[]) => void = () => undefined;
    stubApi(on(transactionsEndpoint, () => new Promise<Transaction[]>((r) => (resolve = r))));
    renderHistory();
    expect(screen.getByText('Loading your purchase history…')).toBeTruthy();
    expect(screen.getByText('Member since June 2024')).toBeTruthy();
    resolve([row]);
    expect(await screen.findByText('Purchase')).toBeTruthy();
    expect(screen.getByText('13th December 2024')).toBeTruthy();
    expect(screen.getByText('Pending until 10 Jan 2025')).toBeTruthy();
    expect(screen.getByText('+1,300 pts')).toBeTruthy();
    expect(screen.getByText('£129.99')).toBeTruthy();
    expect(screen.getByText('Oxford Street · Order A1')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Purchase history' })).toBeTruthy();
  });

  it('history: an empty list says so', async () => {
    stubApi(on(transactionsEndpoint, []));
    renderHistory();
    expect(
      await screen.findByText(
        'You have no purchases yet. Points from your purchases in store and online will show here.',
      ),
    ).toBeTruthy();
  });

  it('history: a failed load shows the technical-problem message, and Try again reloads (§8)', async () => {
    stubApi(on(transactionsEndpoint, failure(500, { error: 'ServerError', message: 'boom' }), [row]));
    renderHistory();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Sorry, we could not load your purchase history. Please try again.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('+1,300 pts')).toBeTruthy();
  });

  it('history: a full page offers older purchases; Show more asks for the rows after the last one', async () => {
    const page = (from: number, count: number) =>
      Array.from({ length: count }, (_, i) => ({ ...row, id: String(from - i), adjustedPoints: from - i }));
    const fetch = stubApi(
      on(transactionsEndpoint, ({ payload }) => (payload.before ? page(50, 3) : page(100, 50))),
    );
    const urls = () => fetch.mock.calls.map(([url]) => url);
    renderHistory();
    expect(await screen.findByText('+100 pts')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Show older purchases' }));
    expect(await screen.findByText('+48 pts')).toBeTruthy();
    expect(urls()).toEqual(['/api/transactions', '/api/transactions?before=51']);
    // A short page was the last one: nothing more to offer.
    expect(screen.queryByRole('button', { name: 'Show older purchases' })).toBeNull();
    expect(screen.getAllByText(/pts$/)).toHaveLength(53);
  });

  it('history: a failed Show more keeps the rows shown and says so', async () => {
    stubApi(
      on(
        transactionsEndpoint,
        Array.from({ length: 50 }, (_, i) => ({ ...row, id: String(100 - i), adjustedPoints: 100 - i })),
        failure(500, { error: 'ServerError', message: 'boom' }),
      ),
    );
    renderHistory();
    expect(await screen.findByText('+100 pts')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Show older purchases' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Sorry, we could not load your older purchases. Please try again.',
    );
    expect(screen.getByText('+100 pts')).toBeTruthy();
  });

  it('history: a detail is said once (an online store called "Online" is not "Online · Online")', async () => {
    const online: Transaction = {
      ...row,
      name: 'Members Sport',
      location: 'Online',
      channel: 'Online',
      order: {
        orderId: 'W-77',
        purchaseType: 'ecommerce',
        storeDisplayName: 'Online',
        fasciaDisplayName: 'Members Sport',
      },
    };
    stubApi(on(transactionsEndpoint, [online]));
    renderHistory();
    expect(await screen.findByText('Online · Order W-77')).toBeTruthy();
  });

  it('history: a purchase shows what was returned and its net points; the return names its purchase', async () => {
    const purchase: Transaction = {
      ...row,
      id: '7',
      pending: false,
      awardedAt: '2025-01-10T10:00:00.000Z',
      returned: { points: 300, value: 3_000 },
      netPoints: 1_000,
    };
    const ret: Transaction = {
      ...row,
      id: '9',
      kind: 'return',
      adjustedPoints: -300,
      pending: false,
      value: 3_000,
      netPoints: null,
      createdDate: '2025-01-02T10:00:00.000Z',
      returnOf: { id: '7', createdDate: '2024-12-13T10:00:00.000Z' },
    };
    stubApi(on(transactionsEndpoint, [ret, purchase]));
    renderHistory();
    const [returnRow, purchaseRow] = await screen.findAllByRole('listitem');
    expect(returnRow?.textContent).toContain('Return');
    expect(returnRow?.textContent).toContain('From your purchase of 13th December 2024');
    expect(returnRow?.textContent).toContain('−300 pts');
    expect(returnRow?.textContent).toContain('£30.00 refunded');
    expect(purchaseRow?.textContent).toContain('300 pts returned · £30.00 refunded');
    expect(purchaseRow?.textContent).toContain('Net +1,000 pts');
    expect(purchaseRow?.textContent).toContain('+1,300 pts');
  });

  it('history: with points expiry on, points that are still to expire say when', async () => {
    const expiring: Transaction = { ...row, pending: false, expiresAt: '2999-03-01T10:00:00.000Z' };
    const expired: Transaction = { ...row, id: '2', pending: false, expiresAt: '2001-03-01T10:00:00.000Z' };
    stubApi(on(transactionsEndpoint, [expiring, expired]));
    renderHistory();
    expect(await screen.findByText('Points expire on 1st March 2999')).toBeTruthy();
    expect(screen.getAllByText(/Points expire on/)).toHaveLength(1);
  });
});
