import { type FormEvent, useId, useState } from 'react';
import { addSaleCodes } from '#shared/api/private-sales-endpoints.ts';
import { call } from '../api.ts';
import { usePrivateSalesWords } from '../private-sales/words.ts';
import { Alert, formStyles } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { SelectField, TextField } from '../ui/form.tsx';
import styles from './staff.module.css';
import { failureWords, useStaffWords } from './staff-context.tsx';

/**
 * More unique codes for a running sale (manager), folded under "Add codes" in its row: a list pasted
 * from the web shop (refused whole if a code repeats or is already the sale's) or a number generated.
 */
export function SaleCodesForm({
  saleId,
  saleName,
  onAdded,
}: {
  saleId: string;
  saleName: string;
  onAdded: () => Promise<void>;
}) {
  const w = useStaffWords();
  const s = usePrivateSalesWords().staff;
  const listId = useId();
  const [kind, setKind] = useState<'list' | 'generate'>('list');
  const [list, setList] = useState('');
  const [count, setCount] = useState('100');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setProblem(null);
    const answer = await call(
      addSaleCodes,
      {
        codes:
          kind === 'list'
            ? { kind: 'list', codes: list.split(/\s+/).filter(Boolean) }
            : { kind: 'generate', count: Number(count) },
      },
      { params: { id: saleId } },
    );
    setBusy(false);
    if (answer.ok) {
      setList('');
      await onAdded();
      return;
    }
    if (answer.serverCode === 'DuplicateCodes') {
      const duplicates = Array.isArray(answer.details.duplicates) ? answer.details.duplicates.join(', ') : '';
      setProblem(s.duplicates(duplicates));
    } else if (Object.keys(answer.fieldErrors).length > 0) {
      setProblem(s.fieldWords.codes ?? s.invalid);
    } else setProblem(failureWords(w, answer));
  }

  return (
    <details className={styles.addCodes}>
      <summary aria-label={`${s.addCodes}: ${saleName}`}>{s.addCodes}</summary>
      <form onSubmit={submit} noValidate>
        <SelectField
          label={s.codeKind}
          value={kind}
          onChange={(event) => setKind(event.target.value === 'generate' ? 'generate' : 'list')}
          options={(['list', 'generate'] as const).map((option) => [option, s.codeKinds[option]] as const)}
        />
        {kind === 'generate' ? (
          <TextField
            label={s.generateCount}
            type="number"
            min={1}
            value={count}
            onChange={(event) => setCount(event.target.value)}
          />
        ) : (
          <div className={formStyles.field}>
            <label className={formStyles.label} htmlFor={listId}>
              {s.codeList}
            </label>
            <textarea
              id={listId}
              className={`${formStyles.input} ${problem ? formStyles.invalid : ''}`}
              rows={4}
              spellCheck={false}
              value={list}
              onChange={(event) => setList(event.target.value)}
              aria-invalid={problem ? true : undefined}
            />
          </div>
        )}
        {problem ? <Alert kind="error">{problem}</Alert> : null}
        <Button type="submit" disabled={busy}>
          {s.addThem}
        </Button>
      </form>
    </details>
  );
}
