// `npm run check`'s message check: a message missing in a language, one a language
// has that English lacks, and one used nowhere are each named.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { problems } from '../../scripts/i18n.js';

let dir = '';

function project(files: Record<string, unknown>): { src: string; i18n: string } {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'i18n-check-'));
  const src = path.join(dir, 'src');
  const i18n = path.join(src, 'i18n');
  fs.mkdirSync(path.join(i18n, 'shop.inlang'), { recursive: true });
  fs.mkdirSync(path.join(i18n, 'messages', 'shop'), { recursive: true });
  for (const [name, content] of Object.entries(files)) {
    const file = path.join(dir, name);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  }
  return { src, i18n };
}

afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('the message check', () => {
  it('passes when every message is in every language and used', () => {
    const { src, i18n } = project({
      'src/i18n/messages/shop/en.json': { hello: 'Hello' },
      'src/i18n/messages/shop/es.json': { hello: 'Hola' },
      'src/i18n/messages/shop/fr.json': { hello: 'Bonjour' },
      'src/page.svelte': '<p>{shop.hello()}</p>',
    });
    expect(problems(src, i18n)).toEqual([]);
  });

  it('names a missing, an extra and an unused message', () => {
    const { src, i18n } = project({
      'src/i18n/messages/shop/en.json': { hello: 'Hello', bye: 'Bye' },
      'src/i18n/messages/shop/es.json': { hello: 'Hola', bye: 'Adiós', extra: 'Más' },
      'src/i18n/messages/shop/fr.json': { hello: 'Bonjour' },
      // A use in generated code does not count.
      'src/i18n/generated/shop/x.js': 'shop.bye()',
      'src/page.svelte': '<p>{shop.hello()}</p>',
    });
    expect(problems(src, i18n)).toEqual([
      'shop/es.json: "extra" is not in en.json',
      'shop/fr.json: "bye" is missing',
      'shop/en.json: "bye" is used nowhere in src/',
    ]);
  });
});
