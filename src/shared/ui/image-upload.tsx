import { useId, useState, type ChangeEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { MAX_IMAGE_BYTES, useUploadPicker, type UploadFile } from './use-upload-picker';
import { Picture } from './picture';

export { MAX_IMAGE_BYTES } from './use-upload-picker';

export interface ImageUploadProps {
  /** The uploaded image's URL, or '' when there is none. */
  value: string;
  onChange: (url: string) => void;
  /** Sends the file and resolves with its URL (api/upload.ts useImageUpload); rejects on failure. */
  upload: UploadFile;
  /** The visible label, translated (e.g. 'Payment evidence'). */
  label: string;
  maxBytes?: number;
  /** Translation id of a form error to show (e.g. 'validation.evidenceRequired'). */
  error?: string;
  /** Called when the shopper leaves the picker (for Formik's touched). */
  onBlur?: () => void;
}

/**
 * An image picker that uploads at once: a real file input (labelled, keyboard reachable), checks the
 * type and size before sending anything, a preview, the picture shrunk on the phone
 * (use-upload-picker), a progress bar, retry after a failure and remove.
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
  const { phase, localError, preview, pick, retry, remove } = useUploadPicker({ onChange, upload, maxBytes });

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file may be chosen again after a removal.
    event.target.value = '';
    onBlur?.();
    pick(file);
  };

  // An original the engine cannot draw (HEIC outside Safari) shows no broken image while it is
  // shrunk; the shrunk copy (another URL) then shows, or the picker says why there is none.
  const [broken, setBroken] = useState<string | null>(null);
  const shown = value || (preview !== broken ? preview : null);
  const message = localError ?? (error ? intl.formatMessage({ id: error }) : null);
  const messageId = `${id}-message`;
  const busy = phase.kind === 'uploading' || phase.kind === 'shrinking';
  const name = label;

  return (
    <div className={`image-upload${message ? ' image-upload--invalid' : ''}`}>
      <span className="form-field__label" id={`${id}-label`}>
        {name}
      </span>
      <div className="image-upload__body">
        {shown ? (
          <Picture
            drawn={88}
            className="image-upload__preview"
            src={shown}
            alt={intl.formatMessage({ id: 'upload.preview' }, { label: name })}
            onError={() => {
              if (shown === preview) setBroken(preview);
            }}
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
              {/* While shrinking, how long it takes is unknown: no value (ARIA's indeterminate progress bar). */}
              <div
                className="image-upload__bar"
                role="progressbar"
                aria-label={intl.formatMessage({ id: 'upload.progress' })}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={phase.kind === 'uploading' ? phase.percent : undefined}
              >
                <span style={{ width: `${phase.kind === 'uploading' ? phase.percent : 0}%` }} />
              </div>
              <span className="image-upload__percent">
                {phase.kind === 'uploading' ? (
                  <FormattedMessage id="upload.uploading" values={{ percent: phase.percent }} />
                ) : (
                  <FormattedMessage id="upload.shrinking" />
                )}
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
              <button type="button" className="button button--ghost" onClick={retry}>
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
