import { useCallback, useEffect, useRef, useState } from 'react';
import type { ResponseOf } from '#shared/api/descriptor.ts';
import type { memberSearch } from '#shared/api/staff-members-endpoints.ts';
import { Link } from '../routing/links.tsx';
import { useSearchParams } from '../routing/router.tsx';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { TextField } from '../ui/form.tsx';
import { useForm } from '../ui/use-form.ts';
import { staffApi } from './api.ts';
import styles from './staff.module.css';
import { failureWords, useStaff, useStaffWords } from './staff-context.tsx';
import { useStaffFormat } from './staff-format.ts';
import { TableScroll } from './table-scroll.tsx';

type Found = ResponseOf<typeof memberSearch>['members'];

/** /staff: find a member by email, card number or name. The query stays in the address (?q=). */
export function MemberSearchScreen() {
  const w = useStaffWords();
  const { day } = useStaffFormat();
  const { sessionEnded } = useStaff();
  const [params, setParams] = useSearchParams();
  const [found, setFound] = useState<Found | null>(null);
  const form = useForm({
    initial: { q: params.get('q') ?? '' },
    validate: (values) => ({ q: values.q.trim().length < 2 ? w.search.tooShort : false }),
  });

  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  /** Searches; the query goes into the address, so Back and a reload show these results again. */
  const find = useCallback(
    async (q: string): Promise<string | undefined> => {
      const answer = await staffApi.search(q);
      if (!answer.ok) {
        if (answer.status === 401) sessionEnded();
        return failureWords(w, answer);
      }
      // Staff may have opened a member meanwhile: a late answer must not bring them back here.
      if (!mounted.current) return undefined;
      setParams({ q }, { replace: true });
      setFound(answer.data.members);
      return undefined;
    },
    [sessionEnded, setParams, w],
  );
  const search = form.onSubmit(async ({ q }) => {
    const message = await find(q.trim());
    return message ? { message } : undefined;
  });

  // Opened with a query in the address (Back from a member, a reload): its results at once.
  const [initialQuery] = useState(() => params.get('q')?.trim() ?? '');
  const { setMessage } = form;
  useEffect(() => {
    if (initialQuery.length < 2) return;
    void find(initialQuery).then((message) => {
      if (message) setMessage(message);
    });
  }, [initialQuery, find, setMessage]);

  return (
    <>
      <h1>{w.search.title}</h1>
      <form className={styles.searchForm} onSubmit={search} noValidate>
        <TextField
          label={w.search.label}
          hint={w.search.hint}
          type="search"
          autoComplete="off"
          {...form.field('q')}
        />
        <Button type="submit" disabled={form.busy}>
          {w.search.button}
        </Button>
      </form>
      {form.message ? <Alert kind="error">{form.message}</Alert> : null}
      {found === null ? null : found.length === 0 ? (
        <p role="status">{w.search.none}</p>
      ) : (
        <TableScroll label={w.search.title}>
          <p role="status">{w.search.results(found.length)}</p>
          <table className={`${styles.table} ${styles.stack}`}>
            <thead>
              <tr>
                <th scope="col">{w.search.columns.name}</th>
                <th scope="col">{w.search.columns.email}</th>
                <th scope="col">{w.search.columns.card}</th>
                <th scope="col">{w.search.columns.joined}</th>
              </tr>
            </thead>
            <tbody>
              {found.map((member) => (
                <tr key={member.loyaltyId}>
                  <td data-label={w.search.columns.name} className={styles.wide}>
                    <Link to={`/staff/members/${member.loyaltyId}`}>{member.fullName}</Link>
                  </td>
                  <td data-label={w.search.columns.email} className={styles.wide}>
                    {member.email ?? '—'}
                  </td>
                  <td data-label={w.search.columns.card}>{member.loyaltyId}</td>
                  <td data-label={w.search.columns.joined}>{day(member.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </>
  );
}
