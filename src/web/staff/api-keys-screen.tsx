import { useCallback, useEffect, useState } from 'react';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { TextField } from '../ui/form.tsx';
import { useForm } from '../ui/use-form.ts';
import { type ApiKey, auditApi, useAuditWords } from './audit-api.ts';
import styles from './staff.module.css';
import { failureWords, useStaffWords } from './staff-context.tsx';
import { useStaffFormat } from './staff-format.ts';
import { TableScroll } from './table-scroll.tsx';

const scopes = ['purchases', 'members', 'invites'] as const;

/** /staff/api-keys (admin): named partner API keys; a new key is shown once, here, at creation. */
export function ApiKeysScreen() {
  const w = useStaffWords();
  const k = useAuditWords().keys;
  const when = useStaffFormat().minute;
  const [keys, setKeys] = useState<ApiKey[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [shown, setShown] = useState<{ name: string; key: string } | null>(null);

  const load = useCallback(async () => {
    const answer = await auditApi.keys();
    if (answer.ok) setKeys(answer.data.apiKeys);
    else setProblem(failureWords(w, answer));
  }, [w]);
  useEffect(() => {
    void load();
  }, [load]);

  async function revoke(id: string) {
    setShown(null);
    const answer = await auditApi.revokeKey(id);
    setProblem(answer.ok ? null : failureWords(w, answer));
    await load();
  }

  const c = k.columns;
  return (
    <>
      <h1>{k.title}</h1>
      <p>{k.intro}</p>
      {problem ? <Alert kind="error">{problem}</Alert> : null}
      {shown ? (
        <Alert kind="success">
          {k.created(shown.name)}
          <code className={styles.link} data-testid="new-api-key" style={{ display: 'block' }}>
            {shown.key}
          </code>
        </Alert>
      ) : null}
      {keys === null ? (
        <p aria-live="polite">{w.loading}</p>
      ) : keys.length === 0 ? (
        <p>{k.none}</p>
      ) : (
        <TableScroll label={w.nav.apiKeys}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">{c.name}</th>
                <th scope="col">{c.scopes}</th>
                <th scope="col">{c.created}</th>
                <th scope="col">{c.lastUsed}</th>
                <th scope="col">{c.state}</th>
                <th scope="col">{c.action}</th>
              </tr>
            </thead>
            <tbody>
              {keys.map((key) => (
                <tr key={key.id}>
                  <td>{key.name}</td>
                  <td>{key.scopes.join(', ')}</td>
                  <td>{when(key.createdAt)}</td>
                  <td>{key.lastUsedAt ? when(key.lastUsedAt) : k.never}</td>
                  <td>{key.revokedAt ? k.revoked(when(key.revokedAt)) : k.live}</td>
                  <td>
                    {key.revokedAt ? null : (
                      <Button
                        variant="secondary"
                        className={styles.compact}
                        aria-label={`${k.revoke}: ${key.name}`}
                        onClick={() => void revoke(key.id)}
                      >
                        {k.revoke}
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      <CreateKey
        onCreated={(name, key) => {
          setShown({ name, key });
          void load();
        }}
      />
    </>
  );
}

function CreateKey({ onCreated }: { onCreated: (name: string, key: string) => void }) {
  const w = useStaffWords();
  const k = useAuditWords().keys;
  const [chosen, setChosen] = useState<Set<string>>(new Set(['purchases']));
  const [scopeProblem, setScopeProblem] = useState(false);
  const form = useForm({
    initial: { name: '' },
    validate: (v) => ({
      name: /^[A-Za-z0-9][A-Za-z0-9._-]{0,59}$/.test(v.name.trim()) ? false : k.create.nameProblem,
    }),
  });
  const submit = form.onSubmit(async ({ name }) => {
    if (chosen.size === 0) {
      setScopeProblem(true);
      return {};
    }
    setScopeProblem(false);
    const answer = await auditApi.createKey({
      name: name.trim(),
      scopes: [...chosen] as (typeof scopes)[number][],
    });
    if (!answer.ok) return { message: failureWords(w, answer) };
    onCreated(answer.data.apiKey.name, answer.data.key);
    return { reset: { name: '' } };
  });
  const toggle = (scope: string) =>
    setChosen((current) => {
      const next = new Set(current);
      if (next.has(scope)) next.delete(scope);
      else next.add(scope);
      return next;
    });
  return (
    <section className={styles.panel} aria-labelledby="create-key-heading">
      <h2 id="create-key-heading">{k.create.title}</h2>
      {form.message ? <Alert kind="error">{form.message}</Alert> : null}
      <form onSubmit={submit} noValidate>
        <TextField label={k.create.name} autoComplete="off" {...form.field('name')} />
        <fieldset className={styles.scopes}>
          <legend>{k.create.scopes}</legend>
          {scopes.map((scope) => (
            <label key={scope} className={styles.scope}>
              <input type="checkbox" checked={chosen.has(scope)} onChange={() => toggle(scope)} />{' '}
              <code>{scope}</code>: {k.scopeWords[scope]}
            </label>
          ))}
          {scopeProblem ? <p role="alert">{k.create.scopesProblem}</p> : null}
        </fieldset>
        <Button type="submit" disabled={form.busy}>
          {k.create.button}
        </Button>
      </form>
    </section>
  );
}
