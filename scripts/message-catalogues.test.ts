import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../src/shared/rules/locales.ts';
import { compileCatalogue, MESSAGES_DIR } from './compiled-messages.ts';

/**
 * Every language has every text of every catalogue, written in its own script, with the same placeholders;
 * the compiled messages (what the pages format) use only values the site fills (decision 038).
 */
const NAMESPACES = fs
  .readdirSync(path.join(MESSAGES_DIR, 'en'))
  .filter((file) => file.endsWith('.json'))
  .map((file) => file.replace(/\.json$/, ''));

type Tree = string | readonly Tree[] | { readonly [key: string]: Tree };

function read(locale: string, namespace: string): Tree {
  return JSON.parse(fs.readFileSync(path.join(MESSAGES_DIR, locale, `${namespace}.json`), 'utf8')) as Tree;
}

/** Every text with its path: `hero.heading`, `stats.0.label`. */
function texts(tree: Tree, at = ''): [string, string][] {
  if (typeof tree === 'string') return [[at, tree]];
  const entries: [string, Tree][] = Array.isArray(tree)
    ? tree.map((item, index) => [String(index), item])
    : Object.entries(tree);
  return entries.flatMap(([key, value]) => texts(value, at ? `${at}.${key}` : key));
}

/** The placeholders of an ICU message: `{name}`, `{count, plural, ...}`. */
function placeholders(text: string): string[] {
  return [...new Set([...text.matchAll(/\{\s*(\w+)\s*[,}]/g)].map((match) => match[1]!))].sort();
}

/** Texts that are deliberately in the other language: the switch to it speaks it. */
const IN_THE_OTHER_LANGUAGE = /^language\./;

const LATIN_WORD = /[A-Za-z]{3,}/;
const DEVANAGARI = /[\u0900-\u097F]/;

describe('the message catalogues', () => {
  it('exist for every namespace in every language', () => {
    expect(NAMESPACES).toContain('site');
    for (const locale of LOCALES) {
      for (const namespace of NAMESPACES) {
        expect(
          fs.existsSync(path.join(MESSAGES_DIR, locale, `${namespace}.json`)),
          `${locale}/${namespace}`,
        ).toBe(true);
      }
    }
  });

  describe.each(NAMESPACES)('%s', (namespace) => {
    const english = new Map(texts(read('en', namespace)));

    it.each(LOCALES.filter((locale) => locale !== 'en'))(
      'has every English text in %s, with the same placeholders, and no other',
      (locale) => {
        const translated = new Map(texts(read(locale, namespace)));
        expect([...translated.keys()].sort()).toEqual([...english.keys()].sort());
        for (const [key, text] of english) {
          const other = translated.get(key)!;
          expect(other.trim(), `${locale} ${namespace}.${key} is empty`).not.toBe('');
          expect(placeholders(other), `${locale} ${namespace}.${key}`).toEqual(placeholders(text));
        }
      },
    );

    it('writes Hindi in Devanagari wherever the English has words', () => {
      const hindi = new Map(texts(read('hi', namespace)));
      for (const [key, text] of english) {
        if (IN_THE_OTHER_LANGUAGE.test(key)) continue;
        const words = text.replace(/\{[^{}]*\}/g, '');
        if (!LATIN_WORD.test(words)) continue;
        expect(hindi.get(key), `hi ${namespace}.${key}`).toMatch(DEVANAGARI);
      }
    });

    it.each(LOCALES)('compiles in %s', (locale) => {
      expect(() => compileCatalogue(path.join(MESSAGES_DIR, locale, `${namespace}.json`))).not.toThrow();
    });
  });
});
