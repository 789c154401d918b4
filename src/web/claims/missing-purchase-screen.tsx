import { useEffect, useState } from 'react';
import type { Claim } from '#shared/api/claims.ts';
import { formatPoints } from '#shared/domain/format.ts';
import { useConfig } from '../config-context.tsx';
import { useFailureText } from '../i18n/failure-text.ts';
import { useMessages } from '../i18n/messages.tsx';
import { Link } from '../routing/links.tsx';
import { Alert, formStyles } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import choiceStyles from '../ui/choices.module.css';
import { SelectField, TextField } from '../ui/form.tsx';
import { Page } from '../ui/page.tsx';
import { usePageTitle } from '../ui/page-title.tsx';
import { useForm } from '../ui/use-form.ts';
import { claimsApi, parseAmount } from './api.ts';
import styles from './claims.module.css';

const today = () => new Date().toISOString().slice(0, 10);
/** The store choice's value for a store not in the list: its name is typed instead. */
const otherStore = '\u0000other';

/**
 * The stores the scheme has seen (a report matches only when its store names the same one), or null
 * while loading or when they could not be had: then the store is typed.
 */
function useKnownStores(): string[] | null {
  const [stores, setStores] = useState<string[] | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    void claimsApi.stores(controller.signal).then((result) => {
      if (result.ok && result.data.stores.length > 0) setStores(result.data.stores);
    });
    return () => controller.abort();
  }, []);
  return stores;
}

/**
 * /help/history/missing: the member reports a purchase missing from their history (order number,
 * date, store or online, amount). It is added at once when it matches a purchase we kept for an
 * unknown card; otherwise it waits for staff, and the history page shows its state.
 */
export default function MissingPurchaseScreen() {
  const m = useMessages().claims;
  const { locale } = useConfig();
  usePageTitle(m.title);
  const failureText = useFailureText();
  const [done, setDone] = useState<Claim | null>(null);
  const stores = useKnownStores();
  const form = useForm({
    initial: { orderId: '', purchasedOn: '', channel: 'in-store', storeChoice: '', store: '', amount: '' },
    validate: (v) => ({
      orderId: !v.orderId.trim() ? m.orderRequired : /\s/.test(v.orderId.trim()) && m.orderNoSpaces,
      purchasedOn: !v.purchasedOn ? m.dateRequired : v.purchasedOn > today() && m.dateFuture,
      storeChoice: v.channel === 'in-store' && typed(v) === null && !v.storeChoice && m.storeChoose,
      store: v.channel === 'in-store' && typed(v) !== null && !v.store.trim() && m.storeRequired,
      amount: parseAmount(v.amount) === null && m.amountRequired,
    }),
  });
  /** Whether the store is typed (no list, or "another store" chosen): then null is not the answer. */
  function typed(v: { storeChoice: string; store: string }): string | null {
    return stores === null || v.storeChoice === otherStore ? v.store : null;
  }
  const storeOf = (v: { storeChoice: string; store: string }) => (typed(v) ?? v.storeChoice).trim();

  const submit = form.onSubmit(async (v) => {
    const result = await claimsApi.report({
      orderId: v.orderId.trim(),
      purchasedOn: v.purchasedOn,
      channel: v.channel === 'ecommerce' ? 'ecommerce' : 'in-store',
      store: v.channel === 'in-store' ? storeOf(v) : null,
      amount: parseAmount(v.amount) ?? 0,
    });
    if (result.ok) {
      setDone(result.data.claim);
      return;
    }
    const fields = result.fieldErrors ?? {};
    const problems = {
      orderId: 'orderId' in fields && m.orderRequired,
      purchasedOn: 'purchasedOn' in fields && m.dateCheck,
      store: 'store' in fields && typed(v) !== null && m.storeRequired,
      storeChoice: 'store' in fields && typed(v) === null && m.storeChoose,
      amount: 'amount' in fields && m.amountRequired,
    };
    if (Object.values(problems).some(Boolean)) return { problems };
    return { message: failureText(result, { Unknown: m.failed }) };
  });

  if (done)
    return (
      <Page narrow>
        <div className={formStyles.form}>
          <h1>{m.title}</h1>
          <Alert kind="success">
            {done.status === 'approved' ? m.matched(formatPoints(done.points ?? 0, locale)) : m.waiting}
          </Alert>
          <Link to="/help/history">{m.backToHistory}</Link>
        </div>
      </Page>
    );

  const channel = form.values.channel;
  return (
    <Page narrow>
      <form className={formStyles.form} onSubmit={submit} noValidate aria-busy={form.busy}>
        <h1>{m.title}</h1>
        <p className={styles.intro}>{m.formIntro}</p>
        {form.message ? <Alert kind="error">{form.message}</Alert> : null}
        <TextField {...form.field('orderId')} label={m.orderLabel} hint={m.orderHint} autoComplete="off" />
        <TextField {...form.field('purchasedOn')} label={m.dateLabel} type="date" max={today()} />
        <fieldset className={styles.choices}>
          <legend>{m.whereLabel}</legend>
          {(['in-store', 'ecommerce'] as const).map((value) => (
            <label key={value} className={`${styles.choice} ${choiceStyles.choice}`}>
              <input
                type="radio"
                name="channel"
                value={value}
                checked={channel === value}
                onChange={() => form.set('channel', value)}
              />
              <span>{value === 'in-store' ? m.inStore : m.online}</span>
            </label>
          ))}
        </fieldset>
        {channel === 'in-store' && stores !== null ? (
          <SelectField
            {...form.field('storeChoice')}
            label={m.storeLabel}
            hint={m.storeHint}
            options={[
              ['', m.storePlaceholder] as const,
              ...stores.map((name) => [name, name] as const),
              [otherStore, m.otherStore] as const,
            ]}
          />
        ) : null}
        {channel === 'in-store' && typed(form.values) !== null ? (
          <TextField
            {...form.field('store')}
            label={stores === null ? m.storeLabel : m.otherStoreLabel}
            hint={m.storeTypedHint}
          />
        ) : null}
        <TextField {...form.field('amount')} label={m.amountLabel} hint={m.amountHint} inputMode="decimal" />
        <Button type="submit" block disabled={form.busy}>
          {form.busy ? m.sending : m.submit}
        </Button>
        <Link to="/help/history">{m.backToHistory}</Link>
      </form>
    </Page>
  );
}
