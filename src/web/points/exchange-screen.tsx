import { useEffect, useState } from 'react';
import {
  type BurnRate,
  cashValueFor,
  exchangeBlock,
  exchangeOptions,
  maxConvertiblePoints,
} from '#shared/domain/exchange.ts';
import { formatMoney, formatPoints } from '#shared/domain/format.ts';
import { useConfig } from '../config-context.tsx';
import { useFailureText } from '../i18n/failure-text.ts';
import { useMessages } from '../i18n/messages.tsx';
import { useNavigate } from '../routing/router.tsx';
import { useAccount, useSession } from '../session/session-context.tsx';
import { Alert, formStyles } from '../ui/alert.tsx';
import { Button, ButtonLink } from '../ui/button.tsx';
import { ContactBlock } from '../ui/contact-block.tsx';
import { SelectField, TextField } from '../ui/form.tsx';
import { Page } from '../ui/page.tsx';
import { usePageTitle } from '../ui/page-title.tsx';
import { useForm } from '../ui/use-form.ts';
import { pointsApi } from './api.ts';
import { forgetBurnRates, loadBurnRates } from './burn-rates.ts';
import styles from './exchange-screen.module.css';

type RateState = { status: 'loading' } | { status: 'failed' } | { status: 'loaded'; rate: BurnRate | null };

/** SPEC §2 Exchange screen, §4 Exchange (idle → submitting → success or failure), §5, §9. */
export default function ExchangeScreen() {
  const messages = useMessages();
  const m = messages.exchange;
  const failureText = useFailureText();
  const { locale } = useConfig();
  const account = useAccount();
  const { refresh } = useSession();
  const navigate = useNavigate();
  usePageTitle(messages.pageTitles.createExchange);

  const [rates, setRates] = useState<RateState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` retries a failed load
  useEffect(() => {
    let live = true;
    loadBurnRates().then(
      (list) => live && setRates({ status: 'loaded', rate: list[0] ?? null }),
      () => live && setRates({ status: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [attempt]);

  const rate = rates.status === 'loaded' ? rates.rate : null;
  const block = exchangeBlock(account);
  const options = rate ? exchangeOptions(account.pointsBalance, rate) : [];
  const money = (minor: number) => formatMoney(minor, account.currency, locale);
  const form = useForm({
    initial: { points: '' },
    // SPEC §5: the points value must be above 0, otherwise flagged.
    validate: ({ points }) => ({ points: !(Number(points) > 0) && m.pointsRequired }),
  });
  const points = Number(form.values.points) || 0;
  const value = rate ? cashValueFor(points, rate) : 0;

  const submit = form.onSubmit(async () => {
    if (block || !rate) return undefined;
    const result = await pointsApi.exchange(points, value);
    if (result.ok) {
      await refresh();
      await navigate('/', { state: { modalMessage: m.done } });
      return undefined;
    }
    if (result.code === 'RateChanged') {
      forgetBurnRates();
      setAttempt((n) => n + 1);
    }
    return {
      message: failureText(result, { Unknown: m.failed }),
      reset: result.code === 'RateChanged' ? { points: '' } : {},
    };
  });

  return (
    <Page narrow>
      <h1>{m.heading}</h1>
      <p className={styles.intro}>{m.intro}</p>
      <dl className={styles.facts}>
        <div>
          <dt>{m.balance}</dt>
          <dd data-testid="exchange-balance">{formatPoints(account.pointsBalance, locale)}</dd>
        </div>
        <div>
          <dt>{m.maxValue}</dt>
          <dd data-testid="exchange-max-value">
            {money(
              rate
                ? cashValueFor(maxConvertiblePoints(account.pointsBalance, rate), rate)
                : account.maxAvailableCashValue,
            )}
          </dd>
        </div>
      </dl>
      {block ? <Alert kind="info">{m.blocked[block]}</Alert> : null}
      {/* That message says "contact customer services": say how. */}
      {block === 'cannotConvert' ? <ContactBlock compact /> : null}
      {!block && rate && options.length === 0 ? (
        <Alert kind="info">{m.notEnoughPoints(formatPoints(rate.pointsLevel, locale))}</Alert>
      ) : null}
      {rates.status === 'loading' ? <p aria-busy="true">{m.loadingRates}</p> : null}
      {rates.status === 'failed' ? (
        <div className={styles.failed}>
          <Alert kind="error">{m.ratesFailed}</Alert>
          <Button variant="secondary" onClick={() => setAttempt((n) => n + 1)}>
            {messages.points.retry}
          </Button>
        </div>
      ) : null}
      {rate ? (
        <p className={styles.rate}>{m.rate(formatPoints(rate.pointsLevel, locale), money(rate.cashValue))}</p>
      ) : null}
      <form className={formStyles.form} onSubmit={submit} noValidate>
        <SelectField
          {...form.field('points')}
          label={m.pointsLabel}
          options={[
            ['', m.choosePoints] as const,
            ...options.map((o) => [String(o), formatPoints(o, locale)] as const),
          ]}
          disabled={Boolean(block) || !rate || form.busy}
          onChange={(event) => {
            form.set('points', event.target.value);
            form.show({}); // a new choice clears the flag and the last failure
          }}
        />
        <TextField label={m.valueLabel} value={money(value)} readOnly tabIndex={-1} />
        {form.message ? <Alert kind="error">{form.message}</Alert> : null}
        <Button
          type="submit"
          block
          disabled={Boolean(block) || !rate || form.busy}
          aria-busy={form.busy || undefined}
        >
          {form.busy ? m.submitting : m.submit}
        </Button>
        <ButtonLink to="/" variant="link" className={styles.back}>
          {m.back}
        </ButtonLink>
      </form>
    </Page>
  );
}
