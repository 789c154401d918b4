import { type ChangeEvent, type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { useHydrated } from './lazy-screen.ts';

type Values = Record<string, string>;

/**
 * A field's problem: the words shown beside it, or `true` to flag it without words of its own (the
 * form's message says what is wrong, as SPEC §5 does for sign-in); `false` or absent: no problem.
 */
type Problem = string | boolean;
export type Problems<V extends Values> = Partial<Record<keyof V, Problem>>;

export interface FormOptions<V extends Values> {
  initial: V;
  /**
   * The client-side rules, from the shared domain rules the server's schema uses too
   * (src/shared/domain/*-rules.ts), so the two sides agree without zod in the browser.
   */
  validate?: (values: V) => Problems<V>;
  /** How a field's typed value is kept (e.g. an email address in lower case). */
  normalise?: Partial<Record<keyof V, (value: string) => string>>;
  /** Which flagged field takes the focus, where the spec names one; otherwise the first flagged. */
  focus?: (problems: Problems<V>) => keyof V | undefined;
}

/** What a submit handler may answer: the form's message and the fields to flag (e.g. after a failure). */
export interface Outcome<V extends Values> {
  message?: string | null;
  problems?: Problems<V>;
  /** Values to put back (e.g. clear a rejected password). */
  reset?: Partial<V>;
}

/**
 * The scaffold every form shares: a value per field, client-side rules, the form's message, busy
 * while a call runs, field problems (the client's and the server's `fieldErrors` as the screen words
 * them) and focus on the first flagged field. `field(name)` spreads onto a `<TextField>`.
 */
export function useForm<V extends Values>({ initial, validate, normalise, focus }: FormOptions<V>) {
  const [values, setValues] = useState<V>(initial);
  const [problems, setProblems] = useState<Problems<V>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inputs = useRef<Partial<Record<keyof V, HTMLInputElement | HTMLSelectElement | null>>>({});
  const toFocus = useRef<Problems<V> | null>(null);

  // The first flagged field takes the focus once the problems are on screen: after the render, so a
  // field the same outcome brings back (an earlier step) or re-enables (busy ends) can take it.
  useEffect(() => {
    const flagged = toFocus.current;
    if (!flagged) return;
    toFocus.current = null;
    const first =
      focus?.(flagged) ?? (Object.keys(inputs.current) as (keyof V)[]).find((name) => flagged[name]);
    if (first) inputs.current[first]?.focus();
  });

  const set = useCallback((name: keyof V, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
  }, []);

  // Values loaded after the first render (a screen's current settings) fill only the fields nobody
  // has typed in yet: a person quicker than the network keeps what they typed.
  const initialValues = useRef(initial);
  const prefill = useCallback((loaded: Partial<V>) => {
    setValues((current) => {
      const next = { ...current };
      for (const [name, value] of Object.entries(loaded) as [keyof V, string][]) {
        if (current[name] === initialValues.current[name]) next[name] = value as V[keyof V];
      }
      return next;
    });
  }, []);

  // A server-rendered form (Sign in) can be typed into before the page hydrates; hydration keeps what
  // the fields show, so a form hydrated from the server's HTML takes their values once, or a submit
  // would send the initial ones. A form rendered in the browser shows its state already.
  const hydrated = useHydrated();
  const [fromServer] = useState(!hydrated);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, after the first render
  useEffect(() => {
    if (!fromServer) return;
    for (const [name, element] of Object.entries(inputs.current) as [keyof V, HTMLInputElement | null][]) {
      if (element && element.value !== values[name])
        set(name, normalise?.[name]?.(element.value) ?? element.value);
    }
  }, []);

  /** Shows an outcome: the message, the flagged fields (focusing the first), values put back. */
  const show = useCallback((outcome: Outcome<V>) => {
    if (outcome.reset) setValues((current) => ({ ...current, ...outcome.reset }));
    setMessage(outcome.message ?? null);
    const flagged = outcome.problems ?? {};
    setProblems(flagged);
    toFocus.current = flagged;
  }, []);

  /** The submit handler: checks the rules, then runs `action` (busy meanwhile) and shows its outcome. */
  function onSubmit(action: (values: V) => Promise<Outcome<V> | undefined>) {
    return async (event?: FormEvent) => {
      event?.preventDefault();
      const found = validate?.(values) ?? {};
      if (Object.values(found).some(Boolean)) {
        show({ problems: found });
        return;
      }
      setBusy(true);
      setMessage(null);
      setProblems({});
      try {
        const outcome = await action(values);
        if (outcome) show(outcome);
      } finally {
        setBusy(false);
      }
    };
  }

  /** Props for the `<TextField>` (or `<SelectField>`) of `name`. */
  function field(name: keyof V & string) {
    const problem = problems[name];
    return {
      name,
      value: values[name],
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
        set(name, normalise?.[name]?.(event.target.value) ?? event.target.value),
      ref: (element: HTMLInputElement | HTMLSelectElement | null) => {
        inputs.current[name] = element;
      },
      invalid: Boolean(problem),
      error: typeof problem === 'string' ? problem : null,
    };
  }

  return { values, set, prefill, field, problems, message, setMessage, busy, show, onSubmit };
}
