import { useEffect, useRef, useState } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import type { ImageRefusal } from '../lib/shrink-image';
import { announce } from './live-region';

/**
 * The largest original a shopper may choose: a 12-50 MP phone photo is 3-40 MB. What is sent is the
 * copy shrunk on the phone (shared/lib/shrink-image: at most 2048 px, a few hundred KB), well inside
 * the upload route's limit (DESIGN.md section 3.4: images only, size-limited).
 */
export const MAX_IMAGE_BYTES = 40 * 1024 * 1024;

/** Sends a file and resolves with its URL (api/upload.ts useImageUpload); rejects on failure. */
export type UploadFile = (file: File, onProgress: (fraction: number) => void, signal: AbortSignal) => Promise<string>;

export type UploadPhase =
  | { kind: 'idle' }
  /** The chosen picture is being shrunk on the phone, before anything is sent. */
  | { kind: 'shrinking' }
  | { kind: 'uploading'; percent: number }
  | { kind: 'failed'; file: File };

function isAbort(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}

/** Names a file picker may give a picture without a type (some engines leave HEIC's empty). */
const IMAGE_NAME = /\.(jpe?g|png|gif|webp|heic|heif|avif)$/i;

function isImage(file: File): boolean {
  return file.type ? file.type.startsWith('image/') : IMAGE_NAME.test(file.name);
}

/**
 * The file to send for the chosen one: loaded with the first picture chosen (its own chunk, never
 * part of a screen's first load), then kept by the module system.
 */
async function prepare(file: File, signal: AbortSignal): Promise<File> {
  const { prepareImage } = await import('../lib/shrink-image');
  return prepareImage(file, signal);
}

const megabytes = (bytes: number) => Math.round(bytes / 1024 / 1024);

function isRefusal(error: unknown): error is ImageRefusal {
  return error instanceof Error && error.name === 'ImageRefusal';
}

/** The translated reason of a refusal by shrink-image (why the picture cannot be sent). */
function refusalMessage(intl: IntlShape, refusal: ImageRefusal): string {
  if (refusal.reason === 'tooManyPixels') return intl.formatMessage({ id: 'upload.tooManyPixels' });
  if (refusal.reason === 'tooLarge') {
    return intl.formatMessage({ id: 'upload.tooLarge' }, { max: megabytes(refusal.limitBytes ?? 0) });
  }
  return intl.formatMessage({ id: 'upload.cannotOpen' });
}

const objectUrl = (file: File) => (typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null);

/**
 * What image-upload.tsx's picker does with a chosen file: checks the type and size before anything
 * else (a translated message otherwise), shows it at once (an object URL of the original), shrinks it
 * on the phone (shared/lib/shrink-image; the preview then shows the shrunk copy, which every engine
 * can draw, and the phone frees the original's pixels), uploads it with its progress and hands the URL
 * to `onChange`; after a failure the file waits for a retry (the request layer toasted why). Choosing
 * again, removing or leaving the screen cancels the shrinking or the upload in flight.
 */
export function useUploadPicker({
  onChange,
  upload,
  maxBytes = MAX_IMAGE_BYTES,
}: {
  onChange: (url: string) => void;
  upload: UploadFile;
  /** The largest original taken. */
  maxBytes?: number;
}) {
  const intl = useIntl();
  const [phase, setPhase] = useState<UploadPhase>({ kind: 'idle' });
  const [localError, setLocalError] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const controller = useRef<AbortController | null>(null);
  /** The last file prepare() gave: a retry sends it again without shrinking again. */
  const prepared = useRef<File | null>(null);

  // Leaving the screen cancels the shrinking or the upload in flight.
  useEffect(() => () => controller.current?.abort(), []);
  useEffect(
    () => () => {
      if (preview && typeof URL.revokeObjectURL === 'function') URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const send = async (file: File, abort: AbortController) => {
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
      // The preview shows it is done; a screen reader, whose focus stays on the picker (now disabled),
      // is told (SPEC.md section 8: 'Upload successful'). A failure is toasted by the request layer.
      announce(intl.formatMessage({ id: 'common.uploadSuccess' }));
    } catch (failure) {
      if (abort.signal.aborted || isAbort(failure)) return;
      setPhase({ kind: 'failed', file });
    }
  };

  const begin = () => {
    controller.current?.abort();
    const abort = new AbortController();
    controller.current = abort;
    return abort;
  };

  const start = async (original: File) => {
    const abort = begin();
    setPhase({ kind: 'shrinking' });
    let file: File;
    try {
      file = await prepare(original, abort.signal);
    } catch (failure) {
      if (abort.signal.aborted || isAbort(failure)) return;
      if (!isRefusal(failure)) {
        // Not the picture's fault (the shrinking code did not download): a retry tries again.
        setPhase({ kind: 'failed', file: original });
        return;
      }
      setPhase({ kind: 'idle' });
      setPreview(null);
      setLocalError(refusalMessage(intl, failure));
      return;
    }
    if (abort.signal.aborted) return;
    prepared.current = file;
    if (file !== original) setPreview(objectUrl(file));
    await send(file, abort);
  };

  /** The file the shopper chose (none when the picker was dismissed). */
  const pick = (file: File | undefined) => {
    if (!file) return;
    if (!isImage(file)) {
      setLocalError(intl.formatMessage({ id: 'upload.notImage' }));
      return;
    }
    if (file.size > maxBytes) {
      setLocalError(intl.formatMessage({ id: 'upload.tooLarge' }, { max: megabytes(maxBytes) }));
      return;
    }
    setLocalError(null);
    setPreview(objectUrl(file));
    void start(file);
  };

  return {
    phase,
    /** The type, size or format message of the last file chosen, or null. */
    localError,
    /** The chosen file shown before its upload is done (the shrunk copy once there is one), or null. */
    preview,
    pick,
    /** Sends the failed file again (shrinking it first if that is what failed). */
    retry: () => {
      if (phase.kind !== 'failed') return;
      if (phase.file === prepared.current) void send(phase.file, begin());
      else void start(phase.file);
    },
    /** Cancels the shrinking or the upload in flight and clears the image. */
    remove: () => {
      controller.current?.abort();
      setPhase({ kind: 'idle' });
      setPreview(null);
      setLocalError(null);
      onChange('');
    },
  };
}
