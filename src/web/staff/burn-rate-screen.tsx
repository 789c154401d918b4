import { useEffect } from 'react';
import { Button } from '../ui/button.tsx';
import { Alert, TextField } from '../ui/form.tsx';
import { useForm } from '../ui/use-form.ts';
import { staffApi } from './api.ts';
import styles from './staff.module.css';
import { failureWords, useStaffWords } from './staff-context.tsx';

const whole = (value: string) => /^\d{1,7}$/.test(value.trim()) && Number(value) >= 1;

/** /staff/burn-rate (manager): how many points buy how much pass balance. */
export function BurnRateScreen() {
  const w = useStaffWords();
  const form = useForm({
    initial: { pointsLevel: '', cashValue: '' },
    validate: (v) => ({
      pointsLevel: whole(v.pointsLevel) ? false : w.settings.problem,
      cashValue: whole(v.cashValue) ? false : w.settings.problem,
    }),
  });
  const { set } = form;
  useEffect(() => {
    void staffApi.burnRate().then((answer) => {
      if (!answer.ok || !answer.data.burnRate) return;
      set('pointsLevel', String(answer.data.burnRate.pointsLevel));
      set('cashValue', String(answer.data.burnRate.cashValue));
    });
  }, [set]);
  const submit = form.onSubmit(async ({ pointsLevel, cashValue }) => {
    const answer = await staffApi.setBurnRate({
      pointsLevel: Number(pointsLevel),
      cashValue: Number(cashValue),
    });
    return { message: answer.ok ? w.settings.saved : failureWords(w, answer) };
  });
  const saved = form.message === w.settings.saved;
  return (
    <div className={styles.narrow} style={{ margin: 0 }}>
      <h1>{w.settings.title}</h1>
      <p>{w.settings.intro}</p>
      {form.message ? <Alert kind={saved ? 'success' : 'error'}>{form.message}</Alert> : null}
      <form onSubmit={submit} noValidate>
        <TextField label={w.settings.points} inputMode="numeric" {...form.field('pointsLevel')} />
        <TextField label={w.settings.cash} inputMode="numeric" {...form.field('cashValue')} />
        <Button type="submit" disabled={form.busy}>
          {w.settings.button}
        </Button>
      </form>
    </div>
  );
}
