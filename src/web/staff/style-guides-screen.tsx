import { type ChangeEvent, type FormEvent, useCallback, useEffect, useState } from 'react';
import type { ResponseOf } from '#shared/api/descriptor.ts';
import { createGuide, previewGuide, staffGuides, updateGuide } from '#shared/api/style-guides-endpoints.ts';
import type { Locale } from '#shared/domain/locales.ts';
import { call } from '../api.ts';
import { GuideArticle } from '../style-guides/guide-article.tsx';
import { useStyleGuidesWords } from '../style-guides/words.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { TextAreaField, TextField } from '../ui/form.tsx';
import type { ImageRenditions } from '../ui/responsive-image.tsx';
import styles from './staff.module.css';
import { failureWords, useMayDo, useStaff, useStaffWords } from './staff-context.tsx';
import { useStaffFormat } from './staff-format.ts';
import { stylistsApi } from './stylists-api.ts';
import { TableScroll } from './table-scroll.tsx';

type Guides = ResponseOf<typeof staffGuides>;
type Guide = Guides['guides'][number];
type Cover = ImageRenditions & { id: string };

/** A moment as a datetime-local input holds it, in this browser's time. */
function localInput(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * /staff/style-guides: when the next guide is due on the bi-weekly rhythm, every guide with its
 * publication, and (managers) the form that writes, previews and schedules one.
 */
export function StyleGuidesScreen() {
  const w = useStaffWords();
  const g = useStyleGuidesWords().staff;
  const format = useStaffFormat();
  const { sessionEnded } = useStaff();
  const manager = useMayDo('manager');
  const [data, setData] = useState<Guides | null>(null);
  const [editing, setEditing] = useState<Guide | null>(null);
  const [notice, setNotice] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);

  const load = useCallback(async () => {
    const answer = await call(staffGuides);
    if (answer.ok) setData(answer.data);
    else if (answer.status === 401) sessionEnded();
    else setNotice({ kind: 'error', text: failureWords(w, answer) });
  }, [sessionEnded, w]);
  useEffect(() => {
    void load();
  }, [load]);

  const due = data?.nextDue;
  return (
    <>
      <h1>{g.title}</h1>
      {due ? (
        <p>
          <strong>
            {due.at === null
              ? g.firstDue
              : due.overdue
                ? g.overdue(format.day(due.at))
                : g.dueOn(format.day(due.at))}
          </strong>{' '}
          <span className={styles.muted}>{g.rhythm}</span>
        </p>
      ) : null}
      {notice ? <Alert kind={notice.kind}>{notice.text}</Alert> : null}
      {data === null ? (
        <p aria-live="polite">{w.loading}</p>
      ) : data.guides.length === 0 ? (
        <p>{g.none}</p>
      ) : (
        <TableScroll label={g.title}>
          <table className={`${styles.table} ${styles.stack}`}>
            <thead>
              <tr>
                <th scope="col">{g.guideTitle}</th>
                <th scope="col">{g.publishAt}</th>
                {manager ? <th scope="col">{g.edit}</th> : null}
              </tr>
            </thead>
            <tbody>
              {data.guides.map((guide) => (
                <tr key={guide.id}>
                  <td data-label={g.guideTitle}>{guide.title[format.locale]}</td>
                  <td data-label={g.publishAt}>
                    {format.minute(guide.publishAt)}
                    <br />
                    <span className={styles.muted}>{guide.published ? g.published : g.scheduled}</span>
                  </td>
                  {manager ? (
                    <td>
                      <Button
                        variant="secondary"
                        onClick={() => setEditing(guide)}
                        aria-label={`${g.editGuide}: ${guide.title[format.locale]}`}
                      >
                        {g.edit}
                      </Button>
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      {manager ? (
        <GuideForm
          key={editing?.id ?? 'new'}
          guide={editing}
          onCancel={editing ? () => setEditing(null) : null}
          onSaved={async () => {
            setEditing(null);
            setNotice({ kind: 'success', text: g.saved });
            await load();
          }}
        />
      ) : (
        <p className={styles.muted}>{g.managersOnly}</p>
      )}
    </>
  );
}

/** A new guide, or a guide's changes (manager): words in each locale, cover, time, preview. */
function GuideForm({
  guide,
  onCancel,
  onSaved,
}: {
  guide: Guide | null;
  onCancel: (() => void) | null;
  onSaved: () => Promise<void>;
}) {
  const w = useStaffWords();
  const g = useStyleGuidesWords().staff;
  const [form, setForm] = useState(() => ({
    titleEn: guide?.title['en-GB'] ?? '',
    titleDa: guide?.title['da-DK'] ?? '',
    bodyEn: guide?.body['en-GB'] ?? '',
    bodyDa: guide?.body['da-DK'] ?? '',
    publishAt: localInput(guide ? new Date(guide.publishAt) : new Date(Date.now() + 86_400_000)),
  }));
  const [cover, setCover] = useState<Cover | null>(guide?.cover ?? null);
  const [uploading, setUploading] = useState<'cover' | 'picture' | null>(null);
  const [picture, setPicture] = useState<string | null>(null);
  const [preview, setPreview] = useState<{ locale: Locale; html: string }[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const set = (field: keyof typeof form) => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [field]: event.target.value }));
  const published = guide?.published ?? false;

  async function upload(event: ChangeEvent<HTMLInputElement>, use: 'cover' | 'picture') {
    const file = event.target.files?.[0];
    if (!file) return;
    setUploading(use);
    setFailure(null);
    const answer = await stylistsApi.upload(file);
    setUploading(null);
    if (!answer.ok) {
      setErrors((current) => ({
        ...current,
        [use]: g.failures[answer.serverCode] ?? failureWords(w, answer),
      }));
      return;
    }
    setErrors(({ [use]: _gone, ...rest }) => rest);
    const image = answer.data.image;
    if (use === 'cover') setCover(image);
    else setPicture(`![](${image.renditions.at(-1)?.url ?? ''})`);
  }

  /** Fields by the server's names (title.en-GB…) flagged with the server's reason. */
  function showFailure(answer: Exclude<Awaited<ReturnType<typeof call>>, { ok: true }>) {
    setErrors(answer.fieldErrors);
    setFailure(g.failures[answer.serverCode] ?? (answer.message || failureWords(w, answer)));
  }

  async function showPreview() {
    setFailure(null);
    const shown: { locale: Locale; html: string }[] = [];
    for (const [locale, title, body] of [
      ['en-GB', form.titleEn, form.bodyEn],
      ['da-DK', form.titleDa, form.bodyDa],
    ] as const) {
      const answer = await call(previewGuide, { locale, title, body });
      if (!answer.ok) {
        showFailure(answer);
        return;
      }
      shown.push({ locale, html: answer.data.html });
    }
    setPreview(shown);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setFailure(null);
    setErrors({});
    const body = {
      title: { 'en-GB': form.titleEn, 'da-DK': form.titleDa },
      body: { 'en-GB': form.bodyEn, 'da-DK': form.bodyDa },
      coverImageId: cover?.id ?? '',
      publishAt:
        published && guide ? guide.publishAt : form.publishAt ? new Date(form.publishAt).toISOString() : '',
    };
    const answer = guide
      ? await call(updateGuide, body, { params: { id: guide.id } })
      : await call(createGuide, body);
    setBusy(false);
    if (answer.ok) {
      await onSaved();
      return;
    }
    showFailure(answer);
  }

  const error = (field: string) => errors[field] ?? null;
  const languages: Record<Locale, string> = { 'en-GB': g.english, 'da-DK': g.danish };
  return (
    <section className={styles.panel} aria-labelledby="guide-form">
      <h2 id="guide-form">{guide ? g.editGuide : g.newGuide}</h2>
      <form onSubmit={submit} noValidate className={styles.form}>
        <div>
          <TextField
            label={g.cover}
            type="file"
            accept="image/*"
            onChange={(event) => void upload(event, 'cover')}
            hint={uploading === 'cover' ? g.uploading : g.coverHint}
            error={error('cover') ?? error('coverImageId')}
          />
          {cover ? (
            <img
              src={cover.renditions[0]?.url}
              alt={g.uploaded}
              width={160}
              height={Math.round((160 * cover.height) / cover.width)}
            />
          ) : null}
        </div>
        <TextField
          label={`${g.guideTitle} (${g.english})`}
          value={form.titleEn}
          onChange={set('titleEn')}
          lang="en"
          error={error('title.en-GB')}
          required
        />
        <TextAreaField
          label={`${g.body} (${g.english})`}
          value={form.bodyEn}
          onChange={set('bodyEn')}
          lang="en"
          rows={10}
          hint={g.bodyHint}
          error={error('body.en-GB') ?? error('body')}
          required
        />
        <TextField
          label={`${g.guideTitle} (${g.danish})`}
          value={form.titleDa}
          onChange={set('titleDa')}
          lang="da"
          error={error('title.da-DK')}
          required
        />
        <TextAreaField
          label={`${g.body} (${g.danish})`}
          value={form.bodyDa}
          onChange={set('bodyDa')}
          lang="da"
          rows={10}
          error={error('body.da-DK')}
          required
        />
        <TextField
          label={g.insertImage}
          type="file"
          accept="image/*"
          onChange={(event) => void upload(event, 'picture')}
          hint={uploading === 'picture' ? g.uploading : picture ? g.insertHint(picture) : undefined}
          error={error('picture')}
        />
        <TextField
          label={g.publishAt}
          type="datetime-local"
          value={form.publishAt}
          onChange={set('publishAt')}
          disabled={published}
          hint={published ? g.publishedKeepsTime : undefined}
          error={error('publishAt')}
          required
        />
        {failure ? <Alert kind="error">{failure}</Alert> : null}
        <div className={styles.actions}>
          <Button type="button" variant="secondary" onClick={() => void showPreview()}>
            {g.preview}
          </Button>
          <Button type="submit" disabled={busy || uploading !== null}>
            {busy ? g.saving : guide ? g.save : g.schedule}
          </Button>
          {onCancel ? (
            <Button type="button" variant="link" onClick={onCancel}>
              {g.cancel}
            </Button>
          ) : null}
        </div>
      </form>
      {preview ? (
        <section aria-label={g.preview}>
          {preview.map(({ locale, html }) => (
            <div key={locale} lang={locale === 'da-DK' ? 'da' : 'en'} className={styles.panel}>
              <p className={styles.muted}>{g.previewOf(languages[locale])}</p>
              <GuideArticle
                title={locale === 'da-DK' ? form.titleDa : form.titleEn}
                cover={cover}
                dateLine={null}
                html={html}
              />
            </div>
          ))}
          <Button type="button" variant="link" onClick={() => setPreview(null)}>
            {g.closePreview}
          </Button>
        </section>
      ) : null}
    </section>
  );
}
