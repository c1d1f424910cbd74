// Adds or updates messages in all five translation files at once, keeping their keys in one order.
//   node scripts/i18n-add.mjs messages.json
// messages.json: { "wallet.topUp.title": { "en": "Top up", "zh-CN": "充值", "ri": "チャージ", "han": "충전", "tai": "เติมเงิน" } }
// New keys go to the end of every file; existing keys are updated in place. Each file is written
// atomically, so two people adding keys at the same time do not lose each other's writes.
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const locales = ['en', 'zh-CN', 'ri', 'han', 'tai'];
const dir = join(import.meta.dirname, '..', 'translations');
const source = process.argv[2];
if (!source) {
  console.error('usage: node scripts/i18n-add.mjs messages.json');
  process.exit(2);
}
const additions = JSON.parse(readFileSync(source, 'utf8'));
const problems = [];
for (const [key, values] of Object.entries(additions)) {
  for (const locale of locales) {
    if (typeof values[locale] !== 'string' || values[locale].trim() === '') problems.push(`${key}: no ${locale}`);
  }
}
if (problems.length) {
  console.error(problems.join('\n'));
  process.exit(1);
}
for (const locale of locales) {
  const file = join(dir, `${locale}.json`);
  const messages = JSON.parse(readFileSync(file, 'utf8'));
  for (const [key, values] of Object.entries(additions)) messages[key] = values[locale];
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, `${JSON.stringify(messages, null, 2)}\n`);
  renameSync(temp, file);
}
console.log(`translations: ${Object.keys(additions).length} key(s) written to ${locales.length} files`);
