import { useCallback, useEffect, useState } from 'react';
import { Link } from '../routing/links.tsx';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { EmailField, TextField } from '../ui/form.tsx';
import { useForm } from '../ui/use-form.ts';
import styles from './staff.module.css';
import { failureWords, useMayDo, useStaff, useStaffWords } from './staff-context.tsx';
import { type Stylist, stylistsApi } from './stylists-api.ts';
import { TableScroll } from './table-scroll.tsx';

/**
 * /staff/stylists: who the stylists are and the name members see; a stylist opens their own profile,
 * an admin anyone's. Any staff member invites someone here; a stylist's invitation makes them the
 * new member's personal shopper.
 */
export function StylistsScreen() {
  const w = useStaffWords();
  const { me } = useStaff();
  const isAdmin = useMayDo('admin');
  const [stylists, setStylists] = useState<Stylist[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const load = useCallback(async () => {
    const answer = await stylistsApi.stylists();
    if (answer.ok) setStylists(answer.data.stylists);
    else setProblem(failureWords(w, answer));
  }, [w]);
  useEffect(() => {
    void load();
  }, [load]);

  const c = w.stylists.columns;
  return (
    <>
      <h1>{w.stylists.title}</h1>
      <p>{w.stylists.intro}</p>
      {problem ? <Alert kind="error">{problem}</Alert> : null}
      {me.isStylist ? (
        <p>
          <Link to={`/staff/stylists/${me.id}`}>{w.stylists.myProfile}</Link>
        </p>
      ) : null}
      {stylists === null ? (
        <p aria-live="polite">{w.loading}</p>
      ) : stylists.length === 0 ? (
        <p>{w.stylists.none}</p>
      ) : (
        <TableScroll label={w.stylists.title}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">{c.name}</th>
                <th scope="col">{c.shownAs}</th>
                <th scope="col">{c.store}</th>
                <th scope="col">{c.actions}</th>
              </tr>
            </thead>
            <tbody>
              {stylists
                .filter((s) => s.active)
                .map((s) => (
                  <tr key={s.staffId}>
                    <td>{s.fullName}</td>
                    <td>
                      {s.profile?.displayName ?? <span className={styles.muted}>{w.stylists.noProfile}</span>}
                    </td>
                    <td>{s.profile?.homeStore?.name ?? ''}</td>
                    <td>
                      {isAdmin || s.staffId === me.id ? (
                        <Link
                          to={`/staff/stylists/${s.staffId}`}
                          aria-label={`${w.stylists.editProfile}: ${s.fullName}`}
                        >
                          {w.stylists.editProfile}
                        </Link>
                      ) : null}
                    </td>
                  </tr>
                ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      <InviteForm fromStylist={me.isStylist} />
    </>
  );
}

function InviteForm({ fromStylist }: { fromStylist: boolean }) {
  const w = useStaffWords();
  const i = w.stylists;
  const [sent, setSent] = useState<string | null>(null);
  const form = useForm({
    initial: { email: '', name: '' },
    validate: (v) => ({
      email: /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v.email.trim()) ? false : i.emailProblem,
      name: v.name.trim() ? false : i.nameProblem,
    }),
  });
  const submit = form.onSubmit(async ({ email, name }) => {
    setSent(null);
    const answer = await stylistsApi.invite({ email: email.trim(), name: name.trim() });
    if (!answer.ok) return { message: failureWords(w, answer) };
    setSent(i.invited(answer.data.email));
    return { reset: { email: '', name: '' } };
  });
  return (
    <section className={styles.panel} aria-labelledby="invite-heading">
      <h2 id="invite-heading">{i.inviteTitle}</h2>
      <p>{fromStylist ? i.inviteIntroStylist : i.inviteIntro}</p>
      {sent ? <Alert kind="success">{sent}</Alert> : null}
      {form.message ? <Alert kind="error">{form.message}</Alert> : null}
      <form onSubmit={submit} noValidate className={styles.form}>
        <EmailField label={i.inviteEmail} autoComplete="off" {...form.field('email')} />
        <TextField label={i.inviteName} autoComplete="off" {...form.field('name')} />
        <Button type="submit" disabled={form.busy}>
          {i.inviteButton}
        </Button>
      </form>
    </section>
  );
}
