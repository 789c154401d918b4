import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
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
import { useAccount, useSession } from '../session/session-context.tsx';
import { Button, ButtonLink } from '../ui/button.tsx';
import { Alert, formStyles, SelectField, TextField } from '../ui/form.tsx';
import { Page } from '../ui/page.tsx';
import { usePageTitle } from '../ui/page-title.tsx';
import { pointsApi } from './api.ts';
import { forgetBurnRates, loadBurnRates } from './burn-rates.ts';
import styles from './exchange-screen.module.css';

type RateState = { status: 'loading' } | { status: 'failed' } | { status: 'loaded'; rate: BurnRate | null };
type Submit = { status: 'idle' } | { status: 'submitting' } | { status: 'failed'; message: string };

/** SPEC §2 Exchange screen, §4 Exchange (idle → submitting → success or failure), §5, §9. */
export default function ExchangeScreen() {
  const messages = useMessages();
  const m = messages.exchange;
  const failureText = useFailureText();
  const { locale } = useConfig();
  const account = useAccount();
  const { refresh } = useSession();
  const navigate = useNavigate();
  usePageTitle(messages.titles.createExchange);
  const pointsSelect = useRef<HTMLSelectElement>(null);

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

  const [points, setPoints] = useState(0);
  const [showErrors, setShowErrors] = useState(false);
  const [submit, setSubmit] = useState<Submit>({ status: 'idle' });

  const rate = rates.status === 'loaded' ? rates.rate : null;
  const block = exchangeBlock(account);
  const options = rate ? exchangeOptions(account.pointsBalance, rate) : [];
  const money = (minor: number) => formatMoney(minor, account.currency, locale);
  const value = rate ? cashValueFor(points, rate) : 0;
  const pointsError = showErrors && points <= 0 ? m.pointsRequired : null;
  const busy = submit.status === 'submitting';

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (block || !rate || busy) return;
    if (points <= 0) {
      setShowErrors(true);
      pointsSelect.current?.focus();
      return;
    }
    setSubmit({ status: 'submitting' });
    const result = await pointsApi.exchange(points, value);
    if (result.ok) {
      await refresh();
      await navigate('/', { state: { modalMessage: m.done } });
      return;
    }
    setSubmit({ status: 'failed', message: failureText(result, { Unknown: m.failed }) });
    if (result.code === 'RateChanged') {
      forgetBurnRates();
      setPoints(0);
      setAttempt((n) => n + 1);
    }
  }

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
      <form className={formStyles.form} onSubmit={onSubmit} noValidate>
        <SelectField
          ref={pointsSelect}
          label={m.pointsLabel}
          value={points || ''}
          options={[
            ['', m.choosePoints] as const,
            ...options.map((o) => [String(o), formatPoints(o, locale)] as const),
          ]}
          disabled={Boolean(block) || !rate || busy}
          error={pointsError}
          onChange={(event) => {
            setPoints(Number(event.target.value) || 0);
            if (submit.status === 'failed') setSubmit({ status: 'idle' });
          }}
        />
        <TextField label={m.valueLabel} value={money(value)} readOnly tabIndex={-1} />
        {submit.status === 'failed' ? <Alert kind="error">{submit.message}</Alert> : null}
        <Button type="submit" block disabled={Boolean(block) || !rate || busy} aria-busy={busy || undefined}>
          {busy ? m.submitting : m.submit}
        </Button>
        <ButtonLink to="/" variant="link" className={styles.back}>
          {m.back}
        </ButtonLink>
      </form>
    </Page>
  );
}
