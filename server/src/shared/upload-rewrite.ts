/**
 * Uploads stored before uploads were re-encoded kept the bytes their client sent, GPS position and
 * camera serial included. Each is rewritten once (platform/images, reencodeAs): in the format its
 * stored name says (records name the file, so the name stays: .jpg JPEG, .png PNG, .webp WebP, .gif
 * a still GIF of its first frame), upright, at most 2048 px, without metadata. The server rewrites
 * them in the background at start and, first, any one a request asks for; `npm run ops --
 * uploads:reencode` does the same on a stopped or running server's database. Until it is rewritten
 * an upload is not served; one that cannot be decoded is removed (uploads.encoded = 2, its URL 404).
 */
import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../platform/db';
import { ImageError, MIME_OF, reencodeAs, type EncodeOptions, type StoredFormat } from '../platform/images';
import { UPLOAD_ENCODED } from './uploads';

const FORMAT_OF: Record<string, StoredFormat> = { jpg: 'jpeg', png: 'png', gif: 'gif', webp: 'webp' };

/** What became of one upload: servable, not servable (no record, no file, undecodable), or not yet. */
export type RewriteState = 'ready' | 'gone' | 'later';

export interface RewriteReport {
  rewritten: string[];
  /** Could not be decoded: removed. */
  unreadable: string[];
  /** Not rewritten this time (busy, or a file system error): tried again later. */
  deferred: string[];
}

export class UploadRewriter {
  private readonly running = new Map<string, Promise<RewriteState>>();
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly uploadsDir: string,
    private readonly encode: EncodeOptions,
    private readonly report: (line: string) => void = () => {},
  ) {}

  private state(name: string): number | undefined {
    if (!this.db.open) return undefined;
    return this.db.prepare<[string], { encoded: number }>('SELECT encoded FROM uploads WHERE file_name = ?').get(name)
      ?.encoded;
  }

  /** Whether the named upload may be served now: recorded and rewritten (now, when it was not yet). */
  async ready(name: string): Promise<RewriteState> {
    const encoded = this.state(name);
    if (encoded === UPLOAD_ENCODED.done) return 'ready';
    if (encoded !== UPLOAD_ENCODED.pending) return 'gone';
    return this.rewrite(name);
  }

  /** Rewrites one pending upload (once, however many ask at the same time). */
  rewrite(name: string): Promise<RewriteState> {
    let pending = this.running.get(name);
    if (!pending) {
      pending = this.rewriteOne(name).finally(() => this.running.delete(name));
      this.running.set(name, pending);
    }
    return pending;
  }

  /** Every pending upload, one after the other (so uploads and pages keep their share of the encoder). */
  async rewritePending(): Promise<RewriteReport> {
    const report: RewriteReport = { rewritten: [], unreadable: [], deferred: [] };
    if (!this.db.open) return report;
    const names = this.db
      .prepare<[number], { file_name: string }>('SELECT file_name FROM uploads WHERE encoded = ? ORDER BY id')
      .all(UPLOAD_ENCODED.pending)
      .map((row) => row.file_name);
    for (const name of names) {
      if (this.stopped) break;
      const state = await this.rewrite(name);
      (state === 'ready' ? report.rewritten : state === 'gone' ? report.unreadable : report.deferred).push(name);
    }
    return report;
  }

  /** No more rewrites after the one running (the server is closing). */
  stop(): void {
    this.stopped = true;
  }

  private async rewriteOne(name: string): Promise<RewriteState> {
    const format = FORMAT_OF[path.extname(name).slice(1)];
    const file = path.join(this.uploadsDir, name);
    let bytes: Buffer | null = null;
    try {
      bytes = format ? await readFile(file) : null;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') return this.defer(name, error);
    }
    try {
      const image = bytes && format ? await reencodeAs(bytes, format, this.encode) : null;
      return this.record(name, file, image && { data: image.data, mime: MIME_OF[image.format] });
    } catch (error) {
      if (error instanceof ImageError && error.problem !== 'busy') return this.record(name, file, null, error);
      return this.defer(name, error);
    }
  }

  /**
   * Writes the new bytes over the old (beside, then renamed) and marks the row, in one immediate
   * transaction: an ops run beside the server waits for the other's write, then finds the row done
   * and leaves it. `image` null: the file is missing or undecodable, and removed.
   */
  private record(
    name: string,
    file: string,
    image: { data: Buffer; mime: string } | null,
    why?: unknown,
  ): RewriteState {
    if (!this.db.open) return 'later';
    return this.db
      .transaction((): RewriteState => {
        const encoded = this.state(name);
        if (encoded === UPLOAD_ENCODED.done) return 'ready';
        if (encoded !== UPLOAD_ENCODED.pending) return 'gone';
        if (!image) {
          rmSync(file, { force: true });
          this.db.prepare('UPDATE uploads SET encoded = ? WHERE file_name = ?').run(UPLOAD_ENCODED.unreadable, name);
          this.report(`uploads: ${name} could not be decoded and was removed (${String(why ?? 'no file')})`);
          return 'gone';
        }
        const temp = `${file}.rewrite.tmp`;
        writeFileSync(temp, image.data);
        renameSync(temp, file);
        this.db
          .prepare('UPDATE uploads SET encoded = ?, size = ?, mime = ? WHERE file_name = ?')
          .run(UPLOAD_ENCODED.done, image.data.length, image.mime, name);
        return 'ready';
      })
      .immediate();
  }

  private defer(name: string, error: unknown): RewriteState {
    this.report(`uploads: ${name} not rewritten yet: ${error instanceof Error ? error.message : String(error)}`);
    return 'later';
  }
}
