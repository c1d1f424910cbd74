import Database from 'better-sqlite3';
import { migrations } from './migrations';

export type Db = Database.Database;

/**
 * Opens (or creates) the database and brings its schema up to date.
 * A file database runs in WAL mode: readers never block the writer and a crash loses no
 * committed transaction. Foreign keys are enforced.
 */
export function openDatabase(file: string): Db {
  const db = new Database(file);
  if (file !== ':memory:') {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
  }
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrate(db);
  return db;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/**
 * The text of an HTML fragment: tags (with their attributes), comments and scripts removed, the
 * common entities decoded, whitespace collapsed. The search index holds a description's text only,
 * so 'img', 'src' or 'strong' are never search words.
 */
export function htmlText(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name[0] === '#') {
        const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
        return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : ' ';
      }
      return ENTITIES[name.toLowerCase()] ?? whole;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * SQL functions the schema uses (the search index triggers call html_text): registered on every
 * connection by migrate(), which openDatabase runs.
 */
function registerFunctions(db: Db): void {
  db.function('html_text', { deterministic: true }, (html: unknown) =>
    typeof html === 'string' ? htmlText(html) : '',
  );
}

/** Applies, in order and each in its own transaction, the migrations not yet recorded. */
export function migrate(db: Db): number[] {
  registerFunctions(db);
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version    INTEGER PRIMARY KEY,
    name       TEXT NOT NULL,
    applied_at INTEGER NOT NULL
  )`);
  const done = new Set(
    db
      .prepare<[], { version: number }>('SELECT version FROM schema_migrations')
      .all()
      .map((r) => r.version),
  );
  const applied: number[] = [];
  const record = db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)');
  for (const m of [...migrations].sort((a, b) => a.version - b.version)) {
    if (done.has(m.version)) continue;
    db.transaction(() => {
      db.exec(m.sql);
      record.run(m.version, m.name, nowSeconds());
    })();
    applied.push(m.version);
  }
  return applied;
}

export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}
