import { type FormEvent, useCallback, useEffect, useId, useState } from 'react';
import type { RequestOf, ResponseOf } from '#shared/api/descriptor.ts';
import { createSale, exportSaleCodes, staffSales } from '#shared/api/private-sales-endpoints.ts';
import { call } from '../api.ts';
import { usePrivateSalesWords } from '../private-sales/words.ts';
import { Alert, formStyles } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { SelectField, TextField } from '../ui/form.tsx';
import { SaleCodesForm } from './sale-codes-form.tsx';
import styles from './staff.module.css';
import { failureWords, useMayDo, useStaff, useStaffWords } from './staff-context.tsx';
import { useStaffFormat } from './staff-format.ts';
import { TableScroll } from './table-scroll.tsx';

type Sale = ResponseOf<typeof staffSales>['sales'][number];
type CodeKind = 'shared' | 'list' | 'generate';

/** A moment as a datetime-local input holds it, in this browser's time. */
function localInput(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** /staff/private-sales: every sale with its code stock; managers create sales and download codes. */
export function PrivateSalesScreen() {
  const w = useStaffWords();
  const s = usePrivateSalesWords().staff;
  const format = useStaffFormat();
  const { sessionEnded } = useStaff();
  const manager = useMayDo('manager');
  const [sales, setSales] = useState<Sale[] | null>(null);
  const [levels, setLevels] = useState<string[]>([]);
  const [notice, setNotice] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);

  const load = useCallback(async () => {
    const answer = await call(staffSales);
    if (answer.ok) {
      setSales(answer.data.sales);
      setLevels(answer.data.levels);
    } else if (answer.status === 401) sessionEnded();
    else setNotice({ kind: 'error', text: failureWords(w, answer) });
  }, [sessionEnded, w]);
  useEffect(() => {
    void load();
  }, [load]);

  const c = s.columns;
  return (
    <>
      <h1>{s.title}</h1>
      <p className={styles.muted}>{s.intro}</p>
      {notice ? <Alert kind={notice.kind}>{notice.text}</Alert> : null}
      {sales === null ? (
        <p aria-live="polite">{w.loading}</p>
      ) : sales.length === 0 ? (
        <p>{s.none}</p>
      ) : (
        <TableScroll label={s.title}>
          <table className={`${styles.table} ${styles.stack}`}>
            <thead>
              <tr>
                <th scope="col">{c.sale}</th>
                <th scope="col">{c.when}</th>
                <th scope="col">{c.who}</th>
                <th scope="col">{c.codes}</th>
              </tr>
            </thead>
            <tbody>
              {sales.map((sale) => (
                <tr key={sale.id}>
                  <td data-label={c.sale}>
                    {sale.name[format.locale]}
                    <br />
                    <a className={styles.muted} href={sale.shopUrl} rel="noopener noreferrer" target="_blank">
                      {sale.shopUrl}
                    </a>
                  </td>
                  <td data-label={c.when}>
                    {format.minute(sale.startsAt)}
                    <br />
                    {format.minute(sale.endsAt)}
                  </td>
                  <td data-label={c.who}>{sale.levels ? sale.levels.join(', ') : s.allMembers}</td>
                  <td data-label={c.codes}>
                    {sale.codeKind === 'shared'
                      ? s.shared
                      : s.stock(format.points(sale.codes.given), format.points(sale.codes.total))}
                    <br />
                    <span className={styles.muted}>{s.revealed(format.points(sale.revealed))}</span>
                    {manager ? (
                      <>
                        <br />
                        <a href={exportSaleCodes.path.replace(':id', sale.id)} download>
                          {s.download}
                        </a>
                        {sale.codeKind === 'unique' ? (
                          <SaleCodesForm
                            saleId={sale.id}
                            saleName={sale.name[format.locale]}
                            onAdded={async () => {
                              setNotice({ kind: 'success', text: s.added });
                              await load();
                            }}
                          />
                        ) : null}
                      </>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      {manager ? (
        <NewSale
          levels={levels}
          onCreated={async () => {
            setNotice({ kind: 'success', text: s.created });
            await load();
          }}
        />
      ) : null}
    </>
  );
}

/** The form of a new sale (manager). */
function NewSale({ levels, onCreated }: { levels: string[]; onCreated: () => Promise<void> }) {
  const w = useStaffWords();
  const s = usePrivateSalesWords().staff;
  const listId = useId();
  const [form, setForm] = useState(() => ({
    nameEn: '',
    nameDa: '',
    descriptionEn: '',
    descriptionDa: '',
    startsAt: localInput(new Date()),
    endsAt: localInput(new Date(Date.now() + 7 * 86_400_000)),
    levels: '',
    shopUrl: '',
    codeKind: 'list' as CodeKind,
    sharedCode: '',
    codeList: '',
    count: '100',
  }));
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const set = (field: keyof typeof form) => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [field]: event.target.value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setFailure(null);
    setErrors({});
    const moment = (text: string) => (text ? new Date(text).toISOString() : '');
    const chosen = form.levels
      .split(',')
      .map((level) => level.trim())
      .filter(Boolean);
    const codes: RequestOf<typeof createSale>['codes'] =
      form.codeKind === 'shared'
        ? { kind: 'shared', code: form.sharedCode }
        : form.codeKind === 'list'
          ? { kind: 'list', codes: form.codeList.split(/\s+/).filter(Boolean) }
          : { kind: 'generate', count: Number(form.count) };
    const answer = await call(createSale, {
      name: { 'en-GB': form.nameEn, 'da-DK': form.nameDa },
      description: { 'en-GB': form.descriptionEn, 'da-DK': form.descriptionDa },
      startsAt: moment(form.startsAt),
      endsAt: moment(form.endsAt),
      levels: chosen.length ? chosen : null,
      shopUrl: form.shopUrl,
      codes,
    });
    setBusy(false);
    if (answer.ok) {
      setForm((current) => ({
        ...current,
        nameEn: '',
        nameDa: '',
        descriptionEn: '',
        descriptionDa: '',
        sharedCode: '',
        codeList: '',
      }));
      await onCreated();
      return;
    }
    if (answer.serverCode === 'DuplicateCodes') {
      const duplicates = Array.isArray(answer.details.duplicates) ? answer.details.duplicates.join(', ') : '';
      setErrors({ codes: s.duplicates(duplicates) });
      return;
    }
    // The server's field names: name.en-GB and the like stay whole; codes.codes.3 is the codes field.
    const fields: Record<string, string> = {};
    for (const key of Object.keys(answer.fieldErrors)) {
      const field = /^(name|description)\./.test(key) ? key : (key.split('.')[0] ?? key);
      fields[field] = s.fieldWords[field] ?? s.invalid;
    }
    setErrors(fields);
    setFailure(Object.keys(fields).length ? s.invalid : failureWords(w, answer));
  }

  const error = (field: string) => errors[field] ?? null;
  return (
    <section className={styles.panel} aria-labelledby="new-sale">
      <h2 id="new-sale">{s.create}</h2>
      <form onSubmit={submit} noValidate className={styles.form}>
        <TextField
          label={s.nameEn}
          value={form.nameEn}
          onChange={set('nameEn')}
          lang="en"
          invalid={Boolean(error('name.en-GB'))}
          required
        />
        <TextField
          label={s.nameDa}
          value={form.nameDa}
          onChange={set('nameDa')}
          lang="da"
          invalid={Boolean(error('name.da-DK'))}
          required
        />
        <TextField
          label={s.descriptionEn}
          value={form.descriptionEn}
          onChange={set('descriptionEn')}
          lang="en"
          invalid={Boolean(error('description.en-GB'))}
          required
        />
        <TextField
          label={s.descriptionDa}
          value={form.descriptionDa}
          onChange={set('descriptionDa')}
          lang="da"
          invalid={Boolean(error('description.da-DK'))}
          required
        />
        <TextField
          label={s.startsAt}
          type="datetime-local"
          value={form.startsAt}
          onChange={set('startsAt')}
          error={error('startsAt')}
          required
        />
        <TextField
          label={s.endsAt}
          type="datetime-local"
          value={form.endsAt}
          onChange={set('endsAt')}
          error={error('endsAt')}
          required
        />
        <TextField
          label={s.levels}
          value={form.levels}
          onChange={set('levels')}
          hint={s.levelsHint(levels.join(', '))}
          error={error('levels')}
        />
        <TextField
          label={s.shopUrl}
          type="url"
          inputMode="url"
          value={form.shopUrl}
          onChange={set('shopUrl')}
          error={error('shopUrl')}
          placeholder="https://"
          required
        />
        <SelectField
          label={s.codeKind}
          value={form.codeKind}
          onChange={set('codeKind')}
          options={(['list', 'generate', 'shared'] as const).map(
            (kind) => [kind, s.codeKinds[kind]] as const,
          )}
        />
        {form.codeKind === 'shared' ? (
          <TextField
            label={s.sharedCode}
            value={form.sharedCode}
            onChange={set('sharedCode')}
            error={error('codes')}
            spellCheck={false}
          />
        ) : form.codeKind === 'generate' ? (
          <TextField
            label={s.generateCount}
            type="number"
            min={1}
            value={form.count}
            onChange={set('count')}
            error={error('codes')}
          />
        ) : (
          <div className={formStyles.field}>
            <label className={formStyles.label} htmlFor={listId}>
              {s.codeList}
            </label>
            <textarea
              id={listId}
              className={`${formStyles.input} ${error('codes') ? formStyles.invalid : ''}`}
              rows={6}
              spellCheck={false}
              value={form.codeList}
              onChange={set('codeList')}
              aria-invalid={error('codes') ? true : undefined}
              aria-describedby={error('codes') ? `${listId}-message` : undefined}
            />
            {error('codes') ? (
              <span id={`${listId}-message`} className={formStyles.fieldError}>
                {error('codes')}
              </span>
            ) : null}
          </div>
        )}
        {failure ? <Alert kind="error">{failure}</Alert> : null}
        <Button type="submit" disabled={busy}>
          {busy ? s.saving : s.save}
        </Button>
      </form>
    </section>
  );
}
