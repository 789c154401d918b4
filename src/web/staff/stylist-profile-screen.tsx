import { type ChangeEvent, useEffect, useState } from 'react';
import { locales } from '#shared/domain/locales.ts';
import { Link } from '../routing/links.tsx';
import { useParams } from '../routing/routes.tsx';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { EmailField, SelectField, TextAreaField, TextField } from '../ui/form.tsx';
import { type ImageRenditions, ResponsiveImage } from '../ui/responsive-image.tsx';
import { useForm } from '../ui/use-form.ts';
import styles from './staff.module.css';
import { failureWords, useStaffWords } from './staff-context.tsx';
import { type Store, stylistsApi } from './stylists-api.ts';

type Values = {
  displayName: string;
  homeStoreId: string;
  languages: string;
  workEmail: string;
  phone: string;
  whatsapp: string;
} & Record<`intro-${string}`, string>;

const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

/**
 * /staff/stylists/:staffId: a stylist's profile as members see it. The stylist edits their own, an
 * admin anyone's (the server refuses everyone else). The photo is uploaded first and kept with the
 * profile when it is saved.
 */
export function StylistProfileScreen() {
  const { staffId = '' } = useParams();
  const w = useStaffWords();
  const [loaded, setLoaded] = useState<{ fullName: string } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [stores, setStores] = useState<Store[]>([]);
  const [photo, setPhoto] = useState<(ImageRenditions & { id: string }) | null>(null);
  const form = useForm<Values>({
    initial: {
      displayName: '',
      homeStoreId: '',
      languages: '',
      workEmail: '',
      phone: '',
      whatsapp: '',
      ...Object.fromEntries(locales.map((l) => [`intro-${l}`, ''])),
    },
    validate: (v) => ({ displayName: v.displayName.trim() ? false : w.profile.nameProblem }),
  });
  const { prefill } = form;

  useEffect(() => {
    void stylistsApi.stores().then((answer) => {
      if (answer.ok) setStores(answer.data.stores);
    });
    void stylistsApi.profile(staffId).then((answer) => {
      if (!answer.ok) {
        setProblem(failureWords(w, answer));
        return;
      }
      setLoaded({ fullName: answer.data.fullName });
      const p = answer.data.profile;
      if (!p) {
        prefill({ displayName: answer.data.fullName });
        return;
      }
      prefill({
        displayName: p.displayName,
        homeStoreId: p.homeStore?.id ?? '',
        languages: p.languages.join(', '),
        workEmail: p.workEmail ?? '',
        phone: p.phone ?? '',
        whatsapp: p.whatsapp ?? '',
        ...Object.fromEntries(locales.map((l) => [`intro-${l}`, p.introduction[l] ?? ''])),
      });
      setPhoto(p.photo);
    });
  }, [staffId, prefill, w]);

  const [upload, setUpload] = useState<{ kind: 'error' | 'success' | 'info'; text: string } | null>(null);
  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setUpload({ kind: 'info', text: w.profile.uploading });
    const answer = await stylistsApi.upload(file);
    if (!answer.ok) {
      setUpload({ kind: 'error', text: failureWords(w, answer) });
      return;
    }
    setPhoto(answer.data.image);
    setUpload({ kind: 'success', text: w.profile.uploaded });
  }

  const submit = form.onSubmit(async (v) => {
    const answer = await stylistsApi.saveProfile({
      staffId,
      displayName: v.displayName.trim(),
      photoImageId: photo?.id ?? null,
      introduction: Object.fromEntries(locales.map((l) => [l, v[`intro-${l}`] ?? ''])),
      homeStoreId: v.homeStoreId || null,
      languages: v.languages
        .split(',')
        .map((x) => x.trim().toLowerCase())
        .filter(Boolean),
      workEmail: orNull(v.workEmail),
      phone: orNull(v.phone),
      whatsapp: orNull(v.whatsapp),
    });
    if (!answer.ok) {
      const problems = Object.fromEntries(
        Object.keys(answer.fieldErrors).map((k) => [
          k.startsWith('introduction') ? `intro-${k.split('.')[1]}` : k,
          w.profile.fieldProblem,
        ]),
      );
      return { message: failureWords(w, answer), problems };
    }
    setUpload(null);
    return { message: w.profile.saved };
  });

  const p = w.profile;
  const name = form.values.displayName || loaded?.fullName || '';
  return (
    <>
      <p>
        <Link to="/staff/stylists">{p.back}</Link>
      </p>
      <h1>{p.title(loaded?.fullName ?? '')}</h1>
      {problem ? <Alert kind="error">{problem}</Alert> : null}
      {loaded ? (
        <>
          <p>{p.intro}</p>
          {form.message ? (
            <Alert kind={form.message === p.saved ? 'success' : 'error'}>{form.message}</Alert>
          ) : null}
          <section className={styles.panel} aria-labelledby="photo-heading">
            <h2 id="photo-heading">{p.photo}</h2>
            {photo ? (
              <ResponsiveImage
                image={photo}
                alt={p.photoAlt(name)}
                sizes="160px"
                width={160}
                style={{ borderRadius: '50%', objectFit: 'cover', aspectRatio: '1', height: 'auto' }}
                loading="eager"
              />
            ) : (
              <p className={styles.muted}>{p.noPhoto}</p>
            )}
            {upload ? <Alert kind={upload.kind}>{upload.text}</Alert> : null}
            <div className={styles.actions}>
              <label className={styles.fileButton}>
                {p.choosePhoto}
                <input
                  type="file"
                  accept="image/*"
                  onChange={(e) => void choose(e)}
                  data-testid="photo-input"
                />
              </label>
              {photo ? (
                <Button variant="secondary" onClick={() => setPhoto(null)}>
                  {p.removePhoto}
                </Button>
              ) : null}
            </div>
            <p className={styles.muted}>{p.photoHint}</p>
          </section>
          <form onSubmit={submit} noValidate className={styles.form}>
            <TextField label={p.displayName} autoComplete="off" {...form.field('displayName')} />
            {locales.map((l) => (
              <TextAreaField
                key={l}
                label={p.introduction(p.localeNames[l] ?? l)}
                hint={p.introductionHint}
                maxLength={600}
                lang={l}
                {...fieldOf(form.field(`intro-${l}`))}
              />
            ))}
            <SelectField
              label={p.homeStore}
              options={[['', p.noStore], ...stores.map((s) => [s.id, s.name] as const)]}
              {...form.field('homeStoreId')}
            />
            <TextField
              label={p.languages}
              hint={p.languagesHint}
              autoComplete="off"
              {...form.field('languages')}
            />
            <p className={styles.muted}>{p.routesHint}</p>
            <EmailField label={p.workEmail} autoComplete="off" {...form.field('workEmail')} />
            <TextField label={p.phone} type="tel" autoComplete="off" {...form.field('phone')} />
            <TextField
              label={p.whatsapp}
              hint={p.whatsappHint}
              type="tel"
              autoComplete="off"
              {...form.field('whatsapp')}
            />
            <Button type="submit" disabled={form.busy}>
              {p.save}
            </Button>
          </form>
        </>
      ) : null}
    </>
  );
}

/** A form field's props for a text area (the form's ref and change handler are typed for inputs). */
function fieldOf(field: ReturnType<ReturnType<typeof useForm<Values>>['field']>) {
  const { ref, onChange, ...rest } = field;
  return {
    ...rest,
    ref: (element: HTMLTextAreaElement | null) => ref(element as unknown as HTMLInputElement | null),
    onChange: (event: ChangeEvent<HTMLTextAreaElement>) =>
      onChange(event as unknown as ChangeEvent<HTMLInputElement>),
  };
}
