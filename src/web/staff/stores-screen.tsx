import { useCallback, useEffect, useState } from 'react';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { TextField } from '../ui/form.tsx';
import { useForm } from '../ui/use-form.ts';
import styles from './staff.module.css';
import { failureWords, useMayDo, useStaffWords } from './staff-context.tsx';
import { type Store, stylistsApi } from './stylists-api.ts';
import { TableScroll } from './table-scroll.tsx';

/** /staff/stores: the scheme's stores; admins add and edit them. */
export function StoresScreen() {
  const w = useStaffWords();
  const s = w.stores;
  const isAdmin = useMayDo('admin');
  const [stores, setStores] = useState<Store[] | null>(null);
  const [notice, setNotice] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const [editing, setEditing] = useState<Store | null>(null);

  const load = useCallback(async () => {
    const answer = await stylistsApi.stores();
    if (answer.ok) setStores(answer.data.stores);
    else setNotice({ kind: 'error', text: failureWords(w, answer) });
  }, [w]);
  useEffect(() => {
    void load();
  }, [load]);

  const c = s.columns;
  return (
    <>
      <h1>{s.title}</h1>
      <p>{s.intro}</p>
      {notice ? <Alert kind={notice.kind}>{notice.text}</Alert> : null}
      {stores === null ? (
        <p aria-live="polite">{w.loading}</p>
      ) : stores.length === 0 ? (
        <p>{s.none}</p>
      ) : (
        <TableScroll label={s.title}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">{c.code}</th>
                <th scope="col">{c.name}</th>
                <th scope="col">{c.timeZone}</th>
                <th scope="col">{c.address}</th>
                {isAdmin ? <th scope="col">{c.actions}</th> : null}
              </tr>
            </thead>
            <tbody>
              {stores.map((store) => (
                <tr key={store.id}>
                  <td>{store.code}</td>
                  <td>{store.name}</td>
                  <td>{store.timeZone}</td>
                  <td>{store.address}</td>
                  {isAdmin ? (
                    <td>
                      <Button
                        variant="secondary"
                        className={styles.compact}
                        aria-label={s.edit(store.name)}
                        onClick={() => setEditing(store)}
                      >
                        {s.editButton}
                      </Button>
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      {isAdmin ? (
        <StoreForm
          key={editing?.id ?? 'new'}
          store={editing}
          onDone={(text) => {
            setNotice({ kind: 'success', text });
            setEditing(null);
            void load();
          }}
          onCancel={() => setEditing(null)}
        />
      ) : null}
    </>
  );
}

/** Every IANA time zone this browser knows, for the store form's suggestions. */
const timeZones: readonly string[] = Intl.supportedValuesOf?.('timeZone') ?? [];

function StoreForm({
  store,
  onDone,
  onCancel,
}: {
  store: Store | null;
  onDone: (notice: string) => void;
  onCancel: () => void;
}) {
  const w = useStaffWords();
  const s = w.stores;
  const form = useForm({
    initial: {
      code: store?.code ?? '',
      name: store?.name ?? '',
      timeZone: store?.timeZone ?? '',
      address: store?.address ?? '',
    },
    validate: (v) => ({
      code: /^[A-Za-z0-9_-]{1,40}$/.test(v.code.trim()) ? false : s.codeProblem,
      name: v.name.trim() ? false : s.nameProblem,
      timeZone: /^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)+$|^UTC$/.test(v.timeZone.trim()) ? false : s.timeZoneProblem,
    }),
  });
  const submit = form.onSubmit(async (values) => {
    const answer = store
      ? await stylistsApi.updateStore({ id: store.id, ...values })
      : await stylistsApi.createStore(values);
    if (!answer.ok) {
      const problems = Object.fromEntries(
        Object.keys(answer.fieldErrors).map((k) => [k, w.profile.fieldProblem]),
      );
      return { message: failureWords(w, answer), problems };
    }
    onDone(store ? s.saved(answer.data.store.name) : s.added(answer.data.store.name));
    return undefined;
  });
  return (
    <section className={styles.panel} aria-labelledby="store-form-heading">
      <h2 id="store-form-heading">{store ? s.editTitle(store.name) : s.addTitle}</h2>
      {form.message ? <Alert kind="error">{form.message}</Alert> : null}
      <form onSubmit={submit} noValidate className={styles.form}>
        <TextField label={s.code} hint={s.codeHint} autoComplete="off" {...form.field('code')} />
        <TextField label={s.name} autoComplete="off" {...form.field('name')} />
        <TextField
          label={s.timeZone}
          hint={s.timeZoneHint}
          autoComplete="off"
          list="store-time-zones"
          {...form.field('timeZone')}
        />
        {/* The browser suggests the IANA names as the field is typed in: "Lon" offers Europe/London. */}
        <datalist id="store-time-zones">
          {timeZones.map((zone) => (
            <option key={zone} value={zone} />
          ))}
        </datalist>
        <TextField label={s.address} autoComplete="off" {...form.field('address')} />
        <div className={styles.actions}>
          <Button type="submit" disabled={form.busy}>
            {store ? s.save : s.add}
          </Button>
          {store ? (
            <Button variant="secondary" onClick={onCancel}>
              {s.cancel}
            </Button>
          ) : null}
        </div>
      </form>
    </section>
  );
}
