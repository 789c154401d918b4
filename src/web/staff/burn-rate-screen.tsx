import { useEffect, useState } from 'react';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { TextField } from '../ui/form.tsx';
import { useForm } from '../ui/use-form.ts';
import { staffApi } from './api.ts';
import styles from './staff.module.css';
import { failureWords, useStaffWords } from './staff-context.tsx';
import { majorUnitsText, parseMajorUnits, useStaffFormat } from './staff-format.ts';

const whole = (value: string) => /^\d{1,7}$/.test(value.trim()) && Number(value) >= 1;

/**
 * /staff/burn-rate (manager): how many points buy how much pass balance. Staff type the balance in
 * the scheme currency's major unit (0.50 for 50 pence); the server keeps minor units.
 */
export function BurnRateScreen() {
  const w = useStaffWords();
  const format = useStaffFormat();
  const { currency, locale } = format;
  const example = majorUnitsText(50, currency, locale);
  const [rate, setRate] = useState<{ pointsLevel: number; cashValue: number } | null>(null);
  const form = useForm({
    initial: { pointsLevel: '', cashValue: '' },
    validate: (v) => ({
      pointsLevel: whole(v.pointsLevel) ? false : w.settings.problem,
      cashValue: (parseMajorUnits(v.cashValue, currency) ?? 0) >= 1 ? false : w.settings.cashProblem(example),
    }),
  });
  const { prefill } = form;
  useEffect(() => {
    void staffApi.burnRate().then((answer) => {
      if (!answer.ok || !answer.data.burnRate) return;
      setRate(answer.data.burnRate);
      prefill({
        pointsLevel: String(answer.data.burnRate.pointsLevel),
        cashValue: majorUnitsText(answer.data.burnRate.cashValue, currency, locale),
      });
    });
  }, [prefill, currency, locale]);
  const submit = form.onSubmit(async ({ pointsLevel, cashValue }) => {
    const answer = await staffApi.setBurnRate({
      pointsLevel: Number(pointsLevel),
      cashValue: parseMajorUnits(cashValue, currency) ?? 0,
    });
    if (answer.ok) setRate(answer.data.burnRate);
    return { message: answer.ok ? w.settings.saved : failureWords(w, answer) };
  });
  const saved = form.message === w.settings.saved;
  return (
    <div className={styles.form}>
      <h1>{w.settings.title}</h1>
      <p>{w.settings.intro}</p>
      {rate ? (
        <p data-testid="burn-rate-now">
          {w.settings.now(format.points(rate.pointsLevel), format.money(rate.cashValue, currency))}
        </p>
      ) : null}
      {form.message ? <Alert kind={saved ? 'success' : 'error'}>{form.message}</Alert> : null}
      <form onSubmit={submit} noValidate>
        <TextField label={w.settings.points} inputMode="numeric" {...form.field('pointsLevel')} />
        <TextField
          label={w.settings.cash(currency)}
          hint={w.settings.cashHint(example)}
          inputMode="decimal"
          autoComplete="off"
          {...form.field('cashValue')}
        />
        <Button type="submit" disabled={form.busy}>
          {w.settings.button}
        </Button>
      </form>
    </div>
  );
}
