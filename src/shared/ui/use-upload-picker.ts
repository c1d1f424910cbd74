import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { announce } from './live-region';

/** DESIGN.md section 3.4 and the contract: images only, at most 5 MB. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** Sends a file and resolves with its URL (api/upload.ts useImageUpload); rejects on failure. */
export type UploadFile = (file: File, onProgress: (fraction: number) => void, signal: AbortSignal) => Promise<string>;

export type UploadPhase = { kind: 'idle' } | { kind: 'uploading'; percent: number } | { kind: 'failed'; file: File };

function isAbort(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}

/**
 * What image-upload.tsx's picker does with a chosen file: checks the type and size before sending
 * anything (a translated message otherwise), shows it at once (an object URL), uploads it with its
 * progress and hands the URL to `onChange`; after a failure the file waits for a retry (the request
 * layer toasted why). Choosing again, removing or leaving the screen cancels an upload in flight.
 */
export function useUploadPicker({
  onChange,
  upload,
  maxBytes = MAX_IMAGE_BYTES,
}: {
  onChange: (url: string) => void;
  upload: UploadFile;
  maxBytes?: number;
}) {
  const intl = useIntl();
  const [phase, setPhase] = useState<UploadPhase>({ kind: 'idle' });
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
      // The preview shows it is done; a screen reader, whose focus stays on the picker (now disabled),
      // is told (SPEC.md section 8: 'Upload successful'). A failure is toasted by the request layer.
      announce(intl.formatMessage({ id: 'common.uploadSuccess' }));
    } catch (failure) {
      if (abort.signal.aborted || isAbort(failure)) return;
      setPhase({ kind: 'failed', file });
    }
  };

  /** The file the shopper chose (none when the picker was dismissed). */
  const pick = (file: File | undefined) => {
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

  return {
    phase,
    /** The type or size message of the last file chosen, or null. */
    localError,
    /** The chosen file shown before its upload is done, or null. */
    preview,
    pick,
    /** Sends the failed file again. */
    retry: () => {
      if (phase.kind === 'failed') void start(phase.file);
    },
    /** Cancels an upload in flight and clears the image. */
    remove: () => {
      controller.current?.abort();
      setPhase({ kind: 'idle' });
      setPreview(null);
      setLocalError(null);
      onChange('');
    },
  };
}
