import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runCli } from '#cli/main.ts';
import { cliTestApp, closeCliTestApp, serveForCli } from '#tests/support/cli-server.ts';
import { createTestApp, type TestApp } from '#tests/support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await cliTestApp();
});
afterAll(() => closeCliTestApp(t));

/** Runs `npm run loyalty -- …` in-process and answers its exit code and output. */
async function loyalty(...argv: string[]) {
  const out: string[] = [];
  const log = vi.spyOn(console, 'log').mockImplementation((line: unknown) => void out.push(String(line)));
  const error = vi.spyOn(console, 'error').mockImplementation((line: unknown) => void out.push(String(line)));
  try {
    const code = await runCli(argv);
    return { code, output: out.join('\n') };
  } finally {
    log.mockRestore();
    error.mockRestore();
  }
}

describe('operator CLI over the partner API (DESIGN "Operating it")', () => {
  it('cli: purchase, return, adjust, member show and member set act on the member', async () => {
    const m = await t.signedInMember({ name: 'Kit Marsh' });
    const purchase = ['purchase', '--member', m.email, '--order', 'CLI-1', '--points', '900'].concat([
      '--value',
      '9000',
      '--store',
      'York',
      '--fascia',
      'Outlet',
    ]);
    const bought = await loyalty(...purchase);
    expect(bought.code).toBe(0);
    expect(bought.output).toMatch(
      /^Recorded purchase CLI-1 for member \d+: \+900 points \(pending until \d{4}-\d\d-\d\d\)\.$/,
    );
    // Retried: counted once.
    expect((await loyalty(...purchase)).code).toBe(0);

    const returned = await loyalty('return', '--order', 'CLI-1', '--points', '400', '--id', 'CLI-R1');
    expect(returned.output).toContain('return CLI-R1');
    expect(returned.output).toContain('-400 points');

    const adjusted = await loyalty(
      'adjust',
      '--member',
      m.loyaltyId,
      '--points=150',
      '--reason',
      'Birthday bonus',
    );
    expect(adjusted.code).toBe(0);

    const set = await loyalty(
      'member',
      'set',
      m.email,
      '--vip-level',
      '10%',
      '--under-review',
      'on',
      '--can-redeem',
      'false',
    );
    expect(set.code).toBe(0);
    const shown = await loyalty('member', 'show', m.loyaltyId);
    expect(shown.output).toContain(`Kit Marsh <${m.email}>, card number ${m.loyaltyId}`);
    expect(shown.output).toContain('points: 150 (pending 500), cash: £0.00');
    expect(shown.output).toContain('vip level: 10%');
    expect(shown.output).toContain('under review: yes');
    expect(shown.output).toContain('can redeem: no');
  });

  it('cli: burn-rate set takes and prints the major unit, and changes the rate members see', async () => {
    const res = await loyalty('burn-rate', 'set', '--points-level', '250', '--cash', '2.50');
    expect(res).toEqual({ code: 0, output: 'Burn rate set: 250 points buy £2.50 of cash on the pass.' });
    expect((await t.client().get('/api/burn-rates')).body).toEqual([{ pointsLevel: 250, cashValue: 250 }]);
    expect((await loyalty('burn-rate', 'set', '--points-level', '1500', '--cash=12')).output).toBe(
      'Burn rate set: 1,500 points buy £12.00 of cash on the pass.',
    );
  });

  it('cli: burn-rate set refuses a bad amount in its own words, and changes nothing', async () => {
    await loyalty('burn-rate', 'set', '--points-level', '500', '--cash', '5.00');
    const refusal = 'Error: --cash must be an amount of GBP from 0.01 to 10000.00, such as 0.50';
    for (const cash of ['12.505', 'ten', '0', '0.00', '10000.01', '1e3', '']) {
      const res = await loyalty('burn-rate', 'set', '--points-level', '500', `--cash=${cash}`);
      expect(res, cash).toEqual({ code: 1, output: `${refusal} (got ${cash}).` });
    }
    expect(await loyalty('burn-rate', 'set', '--points-level', '500', '--cash', '-1')).toEqual({
      code: 1,
      output: 'Error: Write --cash=-1 (with =): a value that starts with a dash is read as an option.',
    });
    expect(await loyalty('burn-rate', 'set', '--points-level', '500')).toEqual({
      code: 1,
      output: `${refusal} (got nothing).`,
    });
    expect(await loyalty('burn-rate', 'set', '--points-level', '500', '--cash-value', '500')).toEqual({
      code: 1,
      output:
        'Error: --cash-value (minor units) is gone: give --cash in the major unit, such as --cash 0.50.',
    });
    expect((await t.client().get('/api/burn-rates')).body).toEqual([{ pointsLevel: 500, cashValue: 500 }]);
  });

  it('cli: bad input is a clear error and exit code 1', async () => {
    const res = await loyalty('adjust', '--member', 'nobody@example.com', '--points', 'ten', '--reason', 'x');
    expect(res.code).toBe(1);
    expect(res.output).toBe('Error: --points must be a whole number (got ten).');
    const unknown = await loyalty(
      'purchase',
      '--member',
      'nobody@example.com',
      '--order',
      'X',
      '--points',
      '1',
      '--value',
      '1',
      '--store',
      'S',
    );
    expect(unknown.output).toBe(
      'Not recorded for a member. No member has the card number or email nobody@example.com: the purchase is kept unmatched, so its member can claim it from their purchase history.',
    );
    const noStore = await loyalty(
      'purchase',
      '--member',
      'a@example.com',
      '--order',
      'Y',
      '--points',
      '1',
      '--value',
      '1',
    );
    expect(noStore.code).toBe(1);
    expect(noStore.output).toBe(
      'Error: An in-store purchase needs --store <store name> (or --channel ecommerce).',
    );
  });
});

describe('operator CLI for a Danish scheme', () => {
  it('cli: burn-rate set takes kroner and prints them as the scheme reads them', async () => {
    const danish = await createTestApp({ config: { locale: 'da-DK' } });
    try {
      await serveForCli(danish);
      const res = await loyalty('burn-rate', 'set', '--points-level', '2000', '--cash', '12,50');
      expect(res).toEqual({
        code: 0,
        output: 'Burn rate set: 2.000 points buy 12,50\u00a0kr. of cash on the pass.',
      });
      expect((await danish.client().get('/api/burn-rates')).body).toEqual([
        { pointsLevel: 2000, cashValue: 1250 },
      ]);
      expect((await loyalty('burn-rate', 'set', '--points-level', '2000', '--cash', 'x')).output).toBe(
        'Error: --cash must be an amount of DKK from 0.01 to 10000.00, such as 0.50 (got x).',
      );
    } finally {
      await danish.close();
      // The describe above pointed the CLI at its own app; this one's address goes with it.
      await serveForCli(t);
    }
  });
});
