import { type FormEvent, useState } from 'react';
import { saveService as saveServiceEndpoint } from '#shared/api/staff-appointments-endpoints.ts';
import { call } from '../api.ts';
import { Alert, formStyles } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { TextField } from '../ui/form.tsx';
import styles from './appointments.module.css';
import { appointmentFailure, type Setup, useAppointmentsWords } from './appointments-api.ts';
import { useStaffWords } from './staff-context.tsx';

type Service = Setup['services'][number];

/** A new service or a change to one: its names, length, preparation, and where and by whom. */
export function ServiceForm({
  setup,
  service,
  onSaved,
  onClose,
}: {
  setup: Setup;
  service: Service | null;
  onSaved: (saved: Service) => void;
  onClose: () => void;
}) {
  const w = useStaffWords();
  const a = useAppointmentsWords();
  const t = a.setup;
  const [form, setForm] = useState(() => ({
    nameEn: service?.name['en-GB'] ?? '',
    nameDa: service?.name['da-DK'] ?? '',
    duration: String(service?.durationMinutes ?? 60),
    buffer: String(service?.bufferMinutes ?? 0),
    active: service?.active ?? true,
    storeIds: service?.storeIds ?? setup.stores.map((s) => s.id),
    stylistIds: service?.stylistIds ?? [],
  }));
  const [errors, setErrors] = useState<Set<string>>(new Set());
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const toggle = (field: 'storeIds' | 'stylistIds', id: string) =>
    setForm((f) => ({
      ...f,
      [field]: f[field].includes(id) ? f[field].filter((x) => x !== id) : [...f[field], id],
    }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setFailure(null);
    const answer = await call(saveServiceEndpoint, {
      ...(service ? { id: service.id } : {}),
      name: { 'en-GB': form.nameEn, 'da-DK': form.nameDa },
      durationMinutes: Number(form.duration),
      bufferMinutes: Number(form.buffer),
      active: form.active,
      storeIds: form.storeIds,
      stylistIds: form.stylistIds,
    });
    setBusy(false);
    if (answer.ok) return onSaved(answer.data.service);
    const fields = new Set(Object.keys(answer.fieldErrors));
    setErrors(fields);
    setFailure(fields.size ? t.invalid : appointmentFailure(a, w, answer));
  }

  return (
    <form onSubmit={submit} noValidate className={`${formStyles.form} ${styles.confirm}`}>
      <TextField
        label={t.nameEn}
        lang="en"
        value={form.nameEn}
        onChange={(e) => setForm({ ...form, nameEn: e.target.value })}
        invalid={errors.has('name.en-GB')}
        required
      />
      <TextField
        label={t.nameDa}
        lang="da"
        value={form.nameDa}
        onChange={(e) => setForm({ ...form, nameDa: e.target.value })}
        invalid={errors.has('name.da-DK')}
        required
      />
      <TextField
        label={t.duration}
        type="number"
        min={5}
        max={480}
        step={5}
        value={form.duration}
        onChange={(e) => setForm({ ...form, duration: e.target.value })}
        invalid={errors.has('durationMinutes')}
      />
      <TextField
        label={t.buffer}
        type="number"
        min={0}
        max={240}
        step={5}
        value={form.buffer}
        onChange={(e) => setForm({ ...form, buffer: e.target.value })}
        invalid={errors.has('bufferMinutes')}
      />
      <label className={styles.check}>
        <input
          type="checkbox"
          checked={form.active}
          onChange={(e) => setForm({ ...form, active: e.target.checked })}
        />
        {t.active}
      </label>
      <fieldset className={styles.checks}>
        <legend>{t.stores}</legend>
        {setup.stores.map((s) => (
          <label key={s.id} className={styles.check}>
            <input
              type="checkbox"
              checked={form.storeIds.includes(s.id)}
              onChange={() => toggle('storeIds', s.id)}
            />
            {s.name}
          </label>
        ))}
      </fieldset>
      <fieldset className={styles.checks}>
        <legend>{t.stylists}</legend>
        {setup.stylists.map((s) => (
          <label key={s.id} className={styles.check}>
            <input
              type="checkbox"
              checked={form.stylistIds.includes(s.id)}
              onChange={() => toggle('stylistIds', s.id)}
            />
            {s.displayName}
          </label>
        ))}
      </fieldset>
      {failure ? <Alert kind="error">{failure}</Alert> : null}
      <div className={styles.actions}>
        <Button type="submit" disabled={busy}>
          {busy ? a.busy : t.saveService}
        </Button>
        <Button variant="secondary" onClick={onClose}>
          {t.close}
        </Button>
      </div>
    </form>
  );
}
