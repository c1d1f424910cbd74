import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';

/** DESIGN.md section 3.4 and the contract: images only, at most 5 MB. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

export interface ImageUploadProps {
  /** The uploaded image's URL, or '' when there is none. */
  value: string;
  onChange: (url: string) => void;
  /** Sends the file and resolves with its URL (api/upload.ts useImageUpload); rejects on failure. */
  upload: (file: File, onProgress: (fraction: number) => void, signal: AbortSignal) => Promise<string>;
  /** The visible label, translated (e.g. 'Payment evidence'). */
  label: string;
  maxBytes?: number;
  /** Translation id of a form error to show (e.g. 'validation.evidenceRequired'). */
  error?: string;
  /** Called when the shopper leaves the picker (for Formik's touched). */
  onBlur?: () => void;
}

type Phase = { kind: 'idle' } | { kind: 'uploading'; percent: number } | { kind: 'failed'; file: File };

function isAbort(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}

/**
 * An image picker that uploads at once: a real file input (labelled, keyboard reachable), checks the
 * type and size before sending anything, a preview, a progress bar, retry after a failure and remove.
 * Pure UI: the caller passes `upload`, so this knows nothing of the API. The request layer already
 * toasts upload failures; the failed state here offers the retry.
 */
export function ImageUpload({
  value,
  onChange,
  upload,
  label,
  maxBytes = MAX_IMAGE_BYTES,
  error,
  onBlur,
}: ImageUploadProps) {
  const intl = useIntl();
  const id = useId();
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [localError, setLocalError] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const controller = useRef<AbortController | null>(null);

  // Leaving the screen cancels an upload in flight.
  useEffect(() => () => controller.current?.abort(), []);
  useEffect(
    () => () => {
      if (preview && typeof URL.revokeObjectURL === 'function') URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const start = async (file: File) => {
    controller.current?.abort();
    const abort = new AbortController();
    controller.current = abort;
    setPhase({ kind: 'uploading', percent: 0 });
    try {
      const url = await upload(
        file,
        (fraction) => setPhase({ kind: 'uploading', percent: Math.round(fraction * 100) }),
        abort.signal,
      );
      if (abort.signal.aborted) return;
      setPhase({ kind: 'idle' });
      onChange(url);
    } catch (failure) {
      if (abort.signal.aborted || isAbort(failure)) return;
      setPhase({ kind: 'failed', file });
    }
  };

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file may be chosen again after a removal.
    event.target.value = '';
    onBlur?.();
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      setLocalError(intl.formatMessage({ id: 'upload.notImage' }));
      return;
    }
    if (file.size > maxBytes) {
      setLocalError(intl.formatMessage({ id: 'upload.tooLarge' }, { max: Math.round(maxBytes / 1024 / 1024) }));
      return;
    }
    setLocalError(null);
    setPreview(typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null);
    void start(file);
  };

  const remove = () => {
    controller.current?.abort();
    setPhase({ kind: 'idle' });
    setPreview(null);
    setLocalError(null);
    onChange('');
  };

  const shown = value || preview;
  const message = localError ?? (error ? intl.formatMessage({ id: error }) : null);
  const messageId = `${id}-message`;
  const busy = phase.kind === 'uploading';
  const name = label;

  return (
    <div className={`image-upload${message ? ' image-upload--invalid' : ''}`}>
      <span className="form-field__label" id={`${id}-label`}>
        {name}
      </span>
      <div className="image-upload__body">
        {shown ? (
          <img
            className="image-upload__preview"
            src={shown}
            alt={intl.formatMessage({ id: 'upload.preview' }, { label: name })}
          />
        ) : null}
        <div className="image-upload__side">
          {!value && !busy && (
            <label className="image-upload__pick" htmlFor={id}>
              <FormattedMessage id={phase.kind === 'failed' ? 'upload.chooseAnother' : 'upload.choose'} />
            </label>
          )}
          <input
            id={id}
            className="visually-hidden"
            type="file"
            accept="image/*"
            aria-labelledby={`${id}-label`}
            aria-describedby={message ? messageId : `${id}-hint`}
            aria-invalid={message ? true : undefined}
            onChange={choose}
            disabled={busy || Boolean(value)}
          />
          {busy && (
            <div className="image-upload__progress">
              <div
                className="image-upload__bar"
                role="progressbar"
                aria-label={intl.formatMessage({ id: 'upload.progress' })}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={phase.percent}
              >
                <span style={{ width: `${phase.percent}%` }} />
              </div>
              <span className="image-upload__percent">
                <FormattedMessage id="upload.uploading" values={{ percent: phase.percent }} />
              </span>
            </div>
          )}
          {phase.kind === 'failed' && (
            <p className="image-upload__failed" role="status">
              <FormattedMessage id="upload.failed" />
            </p>
          )}
          <div className="image-upload__actions">
            {phase.kind === 'failed' && (
              <button type="button" className="button button--ghost" onClick={() => void start(phase.file)}>
                <FormattedMessage id="common.retry" />
              </button>
            )}
            {(shown || busy || phase.kind === 'failed') && (
              <button type="button" className="button button--ghost" onClick={remove}>
                <FormattedMessage id="upload.remove" />
              </button>
            )}
          </div>
        </div>
      </div>
      {message ? (
        <div className="form-field__error" id={messageId} role={localError ? 'alert' : undefined}>
          {message}
        </div>
      ) : (
        <div className="form-field__hint" id={`${id}-hint`}>
          <FormattedMessage id="upload.hint" values={{ max: Math.round(maxBytes / 1024 / 1024) }} />
        </div>
      )}
    </div>
  );
}
