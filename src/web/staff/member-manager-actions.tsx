import { useRef, useState } from 'react';
import { Button } from '../ui/button.tsx';
import { Dialog } from '../ui/dialog.tsx';
import { TextField } from '../ui/form.tsx';
import { useForm } from '../ui/use-form.ts';
import { type MemberView, staffApi } from './api.ts';
import type { Act } from './member-screen.tsx';
import styles from './staff.module.css';
import { useStaffWords } from './staff-context.tsx';

/** A manager's actions on a member: points, review, access and VIP level, deletion. */
export function ManagerActions({ view, act }: { view: MemberView; act: Act }) {
  const w = useStaffWords();
  const id = view.account.loyaltyId;
  return (
    <section className={styles.panel} aria-labelledby="manager-heading">
      <h2 id="manager-heading">{w.member.managerActions}</h2>
      <div className={styles.columns}>
        <AdjustPoints loyaltyId={id} act={act} />
        <Access view={view} act={act} />
      </div>
      <div className={styles.actions}>
        <Button
          variant="secondary"
          onClick={() =>
            void act(() => staffApi.updateMember({ loyaltyId: id, underReview: !view.account.underReview }))
          }
        >
          {view.account.underReview ? w.member.clearReview : w.member.markReview}
        </Button>
        <DeleteMember loyaltyId={id} act={act} />
      </div>
    </section>
  );
}

function AdjustPoints({ loyaltyId, act }: { loyaltyId: string; act: Act }) {
  const w = useStaffWords().member.adjust;
  // One id per adjustment the form makes: a double click or a retry records it once.
  const [adjustmentId, setAdjustmentId] = useState(() => crypto.randomUUID());
  const form = useForm({
    initial: { points: '', reason: '' },
    validate: (v) => ({
      points: /^-?\d{1,8}$/.test(v.points.trim()) && Number(v.points) !== 0 ? false : w.pointsProblem,
      reason: v.reason.trim() ? false : w.reasonProblem,
    }),
  });
  const submit = form.onSubmit(async ({ points, reason }) => {
    const ok = await act(() =>
      staffApi.adjustPoints({ loyaltyId, adjustmentId, points: Number(points), reason }),
    );
    if (ok) {
      setAdjustmentId(crypto.randomUUID());
      return { reset: { points: '', reason: '' } };
    }
    return undefined;
  });
  return (
    <form onSubmit={submit} noValidate aria-labelledby="adjust-heading">
      <h3 id="adjust-heading">{w.title}</h3>
      <TextField label={w.points} inputMode="numeric" autoComplete="off" {...form.field('points')} />
      <TextField label={w.reason} autoComplete="off" maxLength={200} {...form.field('reason')} />
      <Button type="submit" disabled={form.busy}>
        {w.button}
      </Button>
    </form>
  );
}

function Access({ view, act }: { view: MemberView; act: Act }) {
  const words = useStaffWords().member.access;
  const a = view.account;
  const [flags, setFlags] = useState({
    canRedeem: a.canRedeem,
    canConvert: a.canConvert,
    canSignIn: a.canSignIn,
  });
  const form = useForm({ initial: { vipLevel: a.vipLevel ?? '' } });
  const submit = form.onSubmit(async ({ vipLevel }) => {
    await act(() => staffApi.updateMember({ loyaltyId: a.loyaltyId, ...flags, vipLevel: vipLevel.trim() }));
    return undefined;
  });
  const check = (name: keyof typeof flags, label: string) => (
    <label className={styles.check}>
      <input
        type="checkbox"
        name={name}
        checked={flags[name]}
        onChange={(event) => setFlags({ ...flags, [name]: event.target.checked })}
      />
      {label}
    </label>
  );
  return (
    <form onSubmit={submit} noValidate aria-labelledby="access-heading">
      <h3 id="access-heading">{words.title}</h3>
      <div className={styles.checks}>
        {check('canRedeem', words.canRedeem)}
        {check('canConvert', words.canConvert)}
        {check('canSignIn', words.canSignIn)}
      </div>
      <TextField
        label={words.vip}
        hint={words.vipHint(view.vipLevels.join(', '))}
        autoComplete="off"
        list="vip-levels"
        {...form.field('vipLevel')}
      />
      <datalist id="vip-levels">
        {view.vipLevels.map((level) => (
          <option key={level} value={level} />
        ))}
      </datalist>
      <Button type="submit" disabled={form.busy}>
        {words.button}
      </Button>
    </form>
  );
}

/** Deletion asks for the card number again, in a dialog; the server checks it too. */
function DeleteMember({ loyaltyId, act }: { loyaltyId: string; act: Act }) {
  const w = useStaffWords().member.delete;
  const [open, setOpen] = useState(false);
  const input = useRef<HTMLInputElement | null>(null);
  const form = useForm({
    initial: { confirm: '' },
    validate: (v) => ({ confirm: v.confirm.trim() === loyaltyId ? false : w.mismatch }),
  });
  const submit = form.onSubmit(async ({ confirm }) => {
    if (await act(() => staffApi.deleteMember(loyaltyId, confirm.trim()))) setOpen(false);
    return undefined;
  });
  const field = form.field('confirm');
  return (
    <>
      <Button variant="secondary" className={styles.danger} onClick={() => setOpen(true)}>
        {w.button}
      </Button>
      {open ? (
        <Dialog title={w.title} initialFocus={input} onClose={() => setOpen(false)}>
          <p>{w.warning}</p>
          <form onSubmit={submit} noValidate>
            <TextField
              {...field}
              ref={(element) => {
                input.current = element;
                field.ref(element);
              }}
              label={w.confirm}
              inputMode="numeric"
              autoComplete="off"
            />
            <div className={styles.actions}>
              <Button type="submit" disabled={form.busy}>
                {w.button}
              </Button>
              <Button variant="secondary" onClick={() => setOpen(false)}>
                {w.cancel}
              </Button>
            </div>
          </form>
        </Dialog>
      ) : null}
    </>
  );
}
