import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/**
 * What a shopper typed into a form, kept while they log in again after a 401 (SPEC.md section 8):
 * plain values (text, choices, uploaded image URLs), so the state stays serializable and Redux
 * DevTools can travel through it. The slice is not persisted (make-store.ts wraps only session and
 * language in redux-persist): it lives in memory only, as payment data must. Secret fields (payment
 * codes, passwords) are not even here: see `keptSecrets` in use-form-keeper.tsx.
 */
export interface KeptForm {
  values: Record<string, unknown>;
  /** The username of the shopper who typed them: another shopper logging in never sees them. */
  owner: string | null;
}

export type KeptFormsState = Record<string, KeptForm>;

const initialState: KeptFormsState = {};

export const keptFormsSlice = createSlice({
  name: 'keptForms',
  initialState,
  reducers: {
    /** The session ended (401) while the form `formId` was open with these values. */
    formKept(state, action: PayloadAction<{ formId: string } & KeptForm>) {
      const { formId, values, owner } = action.payload;
      state[formId] = { values, owner };
    },
    /** The form is open again and took its values back (or they were not the shopper's). */
    keptFormTaken(state, action: PayloadAction<string>) {
      delete state[action.payload];
    },
    /** The shopper logged out: nothing typed before stays. */
    keptFormsCleared() {
      return initialState;
    },
  },
});

export const { formKept, keptFormTaken, keptFormsCleared } = keptFormsSlice.actions;

/**
 * The session's backData (hand-overs between screens: checkout's selection of bag lines or buy now,
 * the picked address) kept through a 401 under this id, so a checkout and the screens it opened go
 * on after the new login (make-store.ts).
 */
export const KEPT_BACK_DATA = 'session.backData';

export const selectKeptForm = (state: { keptForms: KeptFormsState }, formId: string): KeptForm | undefined =>
  state.keptForms[formId];

/**
 * Secret fields (payment codes, passwords) kept across a 401, by form: a module-level memory store
 * instead of the slice, because every action and state of the store is recorded by Redux DevTools
 * (and by a journey's action log), where a payment code must never appear. Taken with the form's
 * entry in the slice, cleared on logout, never written to any storage.
 */
export const keptSecrets = new Map<string, Record<string, unknown>>();

/** sessionStorage keys of drafts: `draft:<formId>`. */
const DRAFT_PREFIX = 'draft:';

function drafts(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    // Storage disabled (private mode, a sandboxed frame): no drafts, the form still works.
    return null;
  }
}

/** A form's draft from sessionStorage (this tab only, gone when the tab closes). */
export function readDraft(formId: string): KeptForm | undefined {
  const text = drafts()?.getItem(DRAFT_PREFIX + formId);
  if (!text) return undefined;
  try {
    const parsed = JSON.parse(text) as Partial<KeptForm>;
    if (!parsed.values || typeof parsed.values !== 'object') return undefined;
    return { values: parsed.values, owner: typeof parsed.owner === 'string' ? parsed.owner : null };
  } catch {
    return undefined;
  }
}

export function writeDraft(formId: string, draft: KeptForm): void {
  try {
    drafts()?.setItem(DRAFT_PREFIX + formId, JSON.stringify(draft));
  } catch {
    // Quota exceeded: the draft is a convenience, the form keeps its values on screen.
  }
}

/** After a successful submit: the draft of `formId` is done with. */
export function discardDraft(formId: string): void {
  drafts()?.removeItem(DRAFT_PREFIX + formId);
}

/** Logout: every draft of this tab goes. */
export function discardAllDrafts(): void {
  const storage = drafts();
  if (!storage) return;
  const keys: string[] = [];
  for (let index = 0; index < storage.length; index += 1) {
    const key = storage.key(index);
    if (key?.startsWith(DRAFT_PREFIX)) keys.push(key);
  }
  for (const key of keys) storage.removeItem(key);
}
