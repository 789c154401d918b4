import { useCallback, useEffect, useState } from 'react';
import { Alert } from '../ui/alert.tsx';
import { Button, buttonClassName } from '../ui/button.tsx';
import { SelectField, TextField } from '../ui/form.tsx';
import { useForm } from '../ui/use-form.ts';
import { type AuditFilters, type AuditPage, auditApi, useAuditWords } from './audit-api.ts';
import { AuditChange } from './audit-change.tsx';
import styles from './staff.module.css';
import { failureWords, useStaff, useStaffWords } from './staff-context.tsx';
import { useStaffFormat } from './staff-format.ts';
import { TableScroll } from './table-scroll.tsx';

type Entry = AuditPage['entries'][number];
const blank = { member: '', actorKind: '', actor: '', action: '', from: '', to: '' };

/** The form's values as the API's filters (empty fields left out). */
function filtersOf(values: typeof blank): AuditFilters {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v.trim() !== '')) as AuditFilters;
}

/** /staff/audit (manager, admin): the audit log, filtered, a page at a time, and its CSV download. */
export function AuditScreen() {
  const w = useStaffWords();
  const a = useAuditWords().audit;
  const format = useStaffFormat();
  const { sessionEnded } = useStaff();
  const [filters, setFilters] = useState<AuditFilters>({});
  const [entries, setEntries] = useState<Entry[] | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const load = useCallback(
    async (wanted: AuditFilters, before?: string) => {
      const answer = await auditApi.audit({ ...wanted, ...(before ? { before: Number(before) } : {}) });
      if (!answer.ok) {
        if (answer.status === 401) sessionEnded();
        setProblem(failureWords(w, answer));
        return;
      }
      setProblem(null);
      setEntries((shown) => [...(before ? (shown ?? []) : []), ...answer.data.entries]);
      setNext(answer.data.nextBefore);
    },
    [sessionEnded, w],
  );
  useEffect(() => {
    void load({});
  }, [load]);

  const form = useForm({ initial: blank });
  const submit = form.onSubmit(async (values) => {
    const wanted = filtersOf(values);
    setFilters(wanted);
    await load(wanted);
    return {};
  });
  const kinds = Object.entries(a.actorKinds) as [string, string][];
  const c = a.columns;
  return (
    <>
      <h1>{a.title}</h1>
      <p>{a.intro}</p>
      <section className={styles.panel} aria-label={a.filter}>
        <form onSubmit={submit} noValidate className={styles.filters}>
          <TextField label={a.member} autoComplete="off" {...form.field('member')} />
          <SelectField label={a.actorKind} options={kinds} {...form.field('actorKind')} />
          <TextField label={a.actor} autoComplete="off" {...form.field('actor')} />
          <TextField label={a.action} autoComplete="off" {...form.field('action')} />
          <TextField label={a.from} type="date" {...form.field('from')} />
          <TextField label={a.to} type="date" {...form.field('to')} />
          <div className={styles.actions}>
            <Button type="submit" disabled={form.busy}>
              {a.filter}
            </Button>
            <a
              className={buttonClassName('secondary')}
              href={auditApi.exportUrl(filters)}
              download="audit-log.csv"
            >
              {a.download}
            </a>
          </div>
        </form>
      </section>
      {problem ? <Alert kind="error">{problem}</Alert> : null}
      {entries === null ? (
        <p aria-live="polite">{w.loading}</p>
      ) : entries.length === 0 ? (
        <p>{a.none}</p>
      ) : (
        <TableScroll label={w.nav.audit}>
          <table className={`${styles.table} ${styles.stack}`}>
            <thead>
              <tr>
                <th scope="col">{c.at}</th>
                <th scope="col">{c.who}</th>
                <th scope="col">{c.action}</th>
                <th scope="col">{c.member}</th>
                <th scope="col">{c.change}</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id}>
                  <td data-label={c.at}>{format.second(entry.at)}</td>
                  <td data-label={c.who}>
                    {a.actorKinds[entry.actorKind]}
                    {entry.actorLabel && entry.actorKind !== 'bootstrap' ? `: ${entry.actorLabel}` : ''}
                  </td>
                  <td data-label={c.action}>
                    <code>{entry.action}</code>
                  </td>
                  <td data-label={c.member}>{entry.memberLoyaltyId ?? '—'}</td>
                  <td data-label={c.change} className={styles.wide}>
                    <AuditChange words={a.change} format={format} change={entry.change} />
                    {entry.anonymised ? ` (${a.erased})` : ''}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      {next ? (
        <Button variant="secondary" onClick={() => void load(filters, next)}>
          {a.older}
        </Button>
      ) : null}
    </>
  );
}
