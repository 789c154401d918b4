import { useCallback, useEffect, useState } from 'react';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { SelectField } from '../ui/form.tsx';
import styles from './staff.module.css';
import { failureWords, useMayDo, useStaffWords } from './staff-context.tsx';
import { stylistsApi } from './stylists-api.ts';

type Shopper = { staffId: string; name: string };

/** The member page's personal shopper: every role sees who it is; a manager changes it (audited). */
export function MemberShopperPanel({ loyaltyId }: { loyaltyId: string }) {
  const w = useStaffWords();
  const s = w.shopper;
  const mayChange = useMayDo('manager');
  const [current, setCurrent] = useState<Shopper | null | undefined>(undefined);
  const [choices, setChoices] = useState<Shopper[]>([]);
  const [chosen, setChosen] = useState('');
  const [notice, setNotice] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);

  const load = useCallback(async () => {
    const answer = await stylistsApi.memberShopper(loyaltyId);
    if (!answer.ok) {
      setNotice({ kind: 'error', text: failureWords(w, answer) });
      return;
    }
    setCurrent(answer.data.personalShopper);
    setChoices(answer.data.choices);
    setChosen(answer.data.personalShopper?.staffId ?? '');
  }, [loyaltyId, w]);
  useEffect(() => {
    void load();
  }, [load]);

  async function save() {
    setNotice(null);
    const answer = await stylistsApi.setShopper(loyaltyId, chosen || null);
    setNotice(
      answer.ok ? { kind: 'success', text: s.saved } : { kind: 'error', text: failureWords(w, answer) },
    );
    await load();
  }

  if (current === undefined && !notice) return null;
  // The current one stays a choice even when they are no longer a stylist.
  const options = [...choices];
  if (current && !options.some((c) => c.staffId === current.staffId)) options.unshift(current);
  return (
    <section className={styles.panel} aria-labelledby="shopper-heading">
      <h2 id="shopper-heading">{s.title}</h2>
      {notice ? <Alert kind={notice.kind}>{notice.text}</Alert> : null}
      <p data-testid="member-shopper">{current ? current.name : s.none}</p>
      {mayChange ? (
        <div className={styles.actions} style={{ alignItems: 'flex-end' }}>
          <SelectField
            label={s.choose}
            options={[['', s.noneOption], ...options.map((c) => [c.staffId, c.name] as const)]}
            value={chosen}
            onChange={(event) => setChosen(event.target.value)}
          />
          <Button
            variant="secondary"
            disabled={chosen === (current?.staffId ?? '')}
            onClick={() => void save()}
          >
            {s.save}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
