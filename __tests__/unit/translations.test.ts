import fs from 'node:fs';
import path from 'node:path';
import { localeKeys } from '../../src/shared/i18n/locales';

const root = path.resolve(__dirname, '../..');
const dir = path.join(root, 'translations');
const files = ['en', 'zh-CN', 'ri', 'han', 'tai'];

function load(name: string): Record<string, unknown> {
  return JSON.parse(fs.readFileSync(path.join(dir, `${name}.json`), 'utf8')) as Record<string, unknown>;
}

const catalogues = Object.fromEntries(files.map((name) => [name, load(name)]));
const english = catalogues.en!;

/** ICU argument names in a message ({status}, {count, plural, ...}), sorted. */
function placeholders(message: string): string[] {
  return [...message.matchAll(/\{\s*([A-Za-z_][\w.]*)\s*(?=[,}])/g)].map((match) => match[1]!).sort();
}

describe('translations', () => {
  it('has exactly one file per interface language', () => {
    expect(files).toEqual([...localeKeys]);
    const present = fs
      .readdirSync(dir)
      .filter((file) => file.endsWith('.json'))
      .map((file) => file.replace(/\.json$/, ''));
    expect(present.sort()).toEqual([...files].sort());
  });

  it('has a non-trivial English catalogue that is a flat object of strings', () => {
    expect(Object.keys(english).length).toBeGreaterThan(50);
    for (const name of files) {
      const catalogue = catalogues[name]!;
      expect(Array.isArray(catalogue)).toBe(false);
      const notStrings = Object.entries(catalogue)
        .filter(([, value]) => typeof value !== 'string')
        .map(([key]) => `${name}: ${key}`);
      expect(notStrings).toEqual([]);
    }
  });

  it.each(files.filter((name) => name !== 'en'))('%s has exactly the keys of en, no more, no fewer', (name) => {
    const keys = new Set(Object.keys(catalogues[name]!));
    const englishKeys = new Set(Object.keys(english));
    expect({
      missing: [...englishKeys].filter((key) => !keys.has(key)),
      extra: [...keys].filter((key) => !englishKeys.has(key)),
    }).toEqual({
      missing: [],
      extra: [],
    });
  });

  it.each(files)('%s has no empty value', (name) => {
    const empty = Object.entries(catalogues[name]!)
      .filter(([, value]) => typeof value !== 'string' || value.trim() === '')
      .map(([key]) => key);
    expect(empty).toEqual([]);
  });

  it.each(files.filter((name) => name !== 'en'))('%s keeps every placeholder of the English message', (name) => {
    const differing = Object.entries(english)
      .filter(([key, value]) => {
        const translated = catalogues[name]![key];
        return typeof translated === 'string' && placeholders(String(value)).join() !== placeholders(translated).join();
      })
      .map(([key]) => key);
    expect(differing).toEqual([]);
  });

  it.each(files.filter((name) => name !== 'en'))(
    '%s leaves no English text untranslated (except the brand)',
    (name) => {
      const same = Object.entries(english)
        .filter(
          ([key, value]) =>
            key !== 'app.name' &&
            /\p{L}/u.test(String(value).replace(/\{[^{}]*\}/g, '')) &&
            catalogues[name]![key] === value,
        )
        .map(([key]) => key);
      expect(same).toEqual([]);
    },
  );

  it('has every translation id written in src/ in the English catalogue', () => {
    const namespaces = new Set(Object.keys(english).map((key) => key.split('.')[0]));
    const sources: string[] = [];
    const walk = (folder: string) => {
      for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
        const full = path.join(folder, entry.name);
        if (entry.isDirectory()) {
          if (entry.name !== 'generated') walk(full);
        } else if (/\.tsx?$/.test(entry.name)) sources.push(full);
      }
    };
    walk(path.join(root, 'src'));
    const unknown = new Set<string>();
    for (const file of sources) {
      const text = fs.readFileSync(file, 'utf8');
      for (const match of text.matchAll(/['"`]([a-z][A-Za-z]*(?:\.[A-Za-z0-9_]+)+)['"`]/g)) {
        const id = match[1]!;
        if (namespaces.has(id.split('.')[0]) && !(id in english)) unknown.add(`${id} (${path.relative(root, file)})`);
      }
    }
    expect(sources.length).toBeGreaterThan(10);
    expect([...unknown]).toEqual([]);
  });

  it("holds SPEC.md's wording for the error catalogue in English", () => {
    expect(english).toMatchObject({
      'guard.loginFirst': 'Please login first',
      'request.networkError': 'Backend connection abnormal',
      'request.timeout': 'System request timed out',
      'request.httpStatus': 'System interface {status} abnormal',
      'validation.loginRequired': 'Please input account and password',
      'validation.email': 'Please fill correct email',
    });
  });
});
