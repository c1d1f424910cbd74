import { useEffect, useRef, useState } from 'react';
import { addListener } from '@reduxjs/toolkit';
import { useFormikContext } from 'formik';
import { FormattedMessage } from 'react-intl';
import { useStore } from 'react-redux';
import { useAppDispatch } from './hooks';
import {
  discardDraft,
  formKept,
  keptFormTaken,
  keptSecrets,
  readDraft,
  selectKeptForm,
  writeDraft,
} from './kept-forms.slice';
import type { RootState } from './make-store';
import { sessionExpired } from './session.slice';

export interface FormKeeperOptions<V> {
  /**
   * Also keep a draft in sessionStorage (this tab only, cleared on logout and by `discardDraft` after a successful submit), so a
   * reload brings the values back. Not for payment data: wallet forms and payment codes keep their
   * values in memory only.
   */
  draft?: boolean;
  /** Fields kept in memory only, outside the store and never in a draft: payment codes, passwords. */
  secret?: readonly (keyof V & string)[];
}

function split(values: object, secret: readonly string[]) {
  const plain: Record<string, unknown> = {};
  const secrets: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values)) {
    if (secret.includes(name)) secrets[name] = value;
    else plain[name] = value;
  }
  return { plain, secrets };
}

const ownerOf = (state: RootState) => state.session.userInfo?.username ?? null;

/**
 * Keeps what the shopper typed into a form (`formId` names the form and what it is about, e.g.
 * `refund:12:3,4`) through a 401 (SPEC.md section 8): when the session ends, the values go to the
 * keptForms slice (memory only) and, after the shopper logged in again and the form opens again, come
 * back as `restored`. With `draft`, they are also written to sessionStorage as they change, so a
 * reload restores them too. Only the shopper who typed them gets them back.
 *
 * `restored` is read once, when the form mounts. After a successful submit the screen calls
 * `discardDraft(formId)` (kept-forms.slice.ts); the memory copy was already taken when the form mounted.
 */
export function useFormKeeper<V extends object>(
  formId: string,
  values: V,
  options: FormKeeperOptions<V> = {},
): { restored: Partial<V> | undefined } {
  const { draft = false } = options;
  const secretKey = (options.secret ?? []).join(',');
  const store = useStore<RootState>();
  const dispatch = useAppDispatch();
  // Read once, not subscribed: the shopper cannot change while the form is open (a logout or a 401
  // takes the screen away), and a subscription here would re-render the form on every store update.
  const [owner] = useState(() => ownerOf(store.getState()));

  const [restored] = useState<Partial<V> | undefined>(() => {
    const kept = selectKeptForm(store.getState(), formId);
    const source = kept ?? (draft ? readDraft(formId) : undefined);
    if (!source || source.owner !== owner) return undefined;
    return { ...source.values, ...(kept ? keptSecrets.get(formId) : undefined) } as Partial<V>;
  });
  // The kept values are used up by this form (or were another shopper's, who must not see them).
  useEffect(() => {
    if (selectKeptForm(store.getState(), formId)) dispatch(keptFormTaken(formId));
    keptSecrets.delete(formId);
    const stale = draft ? readDraft(formId) : undefined;
    if (stale && stale.owner !== owner) discardDraft(formId);
  }, [store, dispatch, formId, draft, owner]);

  const serialized = JSON.stringify(split(values, secretKey ? secretKey.split(',') : []).plain);
  const [unchanged] = useState(() => JSON.stringify(values));
  const latest = useRef(values);
  useEffect(() => {
    latest.current = values;
  }, [values]);

  // SPEC.md section 8: the 401 clears the session and the app goes to /login; what was typed stays.
  useEffect(
    () =>
      dispatch(
        addListener({
          actionCreator: sessionExpired,
          effect: (_action, listenerApi) => {
            const current = latest.current;
            if (JSON.stringify(current) === unchanged) return;
            const { plain, secrets } = split(current, secretKey ? secretKey.split(',') : []);
            if (Object.keys(secrets).length > 0) keptSecrets.set(formId, secrets);
            const previous = listenerApi.getOriginalState() as RootState;
            listenerApi.dispatch(formKept({ formId, values: plain, owner: ownerOf(previous) }));
          },
        }),
      ),
    [dispatch, formId, secretKey, unchanged],
  );

  // The draft follows what is typed; untouched values leave none. Nothing is written at mount.
  const [first] = useState(serialized);
  useEffect(() => {
    if (!draft) return;
    if (serialized === first) {
      if (!restored) discardDraft(formId);
      return;
    }
    writeDraft(formId, { values: JSON.parse(serialized) as Record<string, unknown>, owner });
  }, [draft, serialized, first, restored, formId, owner]);

  return { restored };
}

/**
 * useFormKeeper for a Formik form: placed inside <Formik>, it keeps the form's values through a 401
 * (and, with `draft`, a reload), puts them back when the form opens again and says so. After a
 * successful submit the screen calls `discardDraft(formId)`.
 */
export function FormKeeper<V extends object>({ formId, ...options }: { formId: string } & FormKeeperOptions<V>) {
  const { values, setValues } = useFormikContext<V>();
  const { restored } = useFormKeeper(formId, values, options);
  const applied = useRef(false);
  useEffect(() => {
    if (!restored || applied.current) return;
    applied.current = true;
    // Only the fields this form has (a draft written by an older version may hold others).
    const next = { ...values };
    for (const name of Object.keys(values) as (keyof V)[]) {
      if (name in restored) next[name] = restored[name] as V[keyof V];
    }
    void setValues(next, false);
  }, [restored, values, setValues]);
  if (!restored) return null;
  return (
    <p className="form-kept" role="status">
      <FormattedMessage id="common.entriesKept" />
    </p>
  );
}
