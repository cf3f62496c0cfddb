/**
 * Arbitraries for hostile requests: path parameters, query strings and JSON bodies that mix real ids and
 * field names with wrong types, prototype keys, deep nesting, huge strings and percent-encoded junk.
 */
import fc from 'fast-check';
import { LONE_SURROGATE } from '../../api/lib/no-nul';

/** Field names the API reads from bodies and query strings, so generated input reaches past "unknown key". */
const FIELD_NAMES = [
  'email', 'password', 'firstName', 'secondName', 'currentPassword', 'newPassword', 'sheets', 'sheetId', 'action', 'collaboratorId',
  'problemUrl', 'name', 'difficulty', 'topics', 'questionId', 'customTags', 'sheetsIn', 'custom', 'slug', 'platform', 'checked',
  'starred', 'note', 'title', 'tags', 'questionsLinked', 'description', 'visibility', 'tag', 'config', 'version', 'topicOrder',
  'subTopicOrder', 'questionOrder', 'data', 'topic', 'subTopic', 'oldTopic', 'newTopic', 'oldSubTopic', 'newSubTopic', 'days', 'tz',
  'page', 'limit', 'pageSize', 'search', 'type', 'category', 'status', 'sortBy', 'order', 'from', 'to', 'file',
] as const;

const PROTO_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', '__defineGetter__'] as const;

/** Path and query text that is left as it is (not encoded): traversal, broken escapes, NUL, a surrogate. */
const RAW_JUNK = ['..', '.', '%2e%2e', '..%2f..%2fetc%2fpasswd', '%00', '%ff', '%', '%zz', '%E0%A4%A', '%C0%AF', '%u0000', '%252e', '%ED%A0%80', '%ed%bf%bf'];

const SPECIAL = [
  '', ' ', 'null', 'undefined', 'NaN', '-1', '0', '1e309', '9999999999999999999999', "' or 1=1 --", '"; drop table users; --',
  '00000000-0000-0000-0000-000000000000', 'ffffffff-ffff-ffff-ffff-ffffffffffff', 'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF',
  '{00000000-0000-0000-0000-000000000000}', '00000000000000000000000000000000', '\u0000', 'a\u0000b', '\uFEFF', '\uD800', '\uDC00', 'a\uD83D', '\uDE00b', 'https://leetcode.com/problems/two-sum/',
  'javascript:alert(1)', '<script>alert(1)</script>', 'a'.repeat(300), 'é'.repeat(70), '😀'.repeat(40), '\u202E\u0000\r\n',
];

const HUGE = ['x'.repeat(900_000), '€'.repeat(300_000), '['.repeat(200_000)];

const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, 'g');
const hexByte = (b: number) => `%${b.toString(16).toUpperCase()}`;

/**
 * Percent-encodes text. UTF-8 has no encoding for a lone surrogate (encodeURIComponent throws), so one
 * is spelled as the three bytes a careless encoder writes for it (ED A0..BF xx).
 */
function encode(s: string): string {
  let out = '';
  let last = 0;
  for (const m of s.matchAll(LONE_SURROGATES)) {
    const u = m[0].charCodeAt(0);
    out += encodeURIComponent(s.slice(last, m.index)) + hexByte(0xed) + hexByte(0x80 | ((u >> 6) & 0x3f)) + hexByte(0x80 | (u & 0x3f));
    last = m.index + 1;
  }
  return out + encodeURIComponent(s.slice(last));
}

/** Text with one unpaired UTF-16 surrogate in it, high or low, anywhere. */
const withLoneSurrogate = fc
  .tuple(fc.string({ maxLength: 10 }), fc.integer({ min: 0xd800, max: 0xdfff }), fc.string({ maxLength: 10 }))
  .map(([before, unit, after]) => `${before}${String.fromCharCode(unit)}${after}`);

/** A text value: unicode, binary, broken UTF-16, special strings, real values of the world, or long. */
function textArb(real: readonly string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
    { weight: 1, arbitrary: withLoneSurrogate },
    { weight: 2, arbitrary: fc.constantFrom(...SPECIAL) },
    { weight: 3, arbitrary: real.length ? fc.constantFrom(...real) : fc.constant('') },
    { weight: 1, arbitrary: fc.integer({ min: 100, max: 5000 }).map((n) => 'ab/'.repeat(n)) },
  );
}

/** A path segment: encoded text, or raw junk that stays as typed. */
export function segmentArb(real: readonly string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 4, arbitrary: textArb(real).map(encode) },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_JUNK) },
    { weight: 2, arbitrary: real.length ? fc.constantFrom(...real) : fc.constant('x') },
  );
}

/** A query string of known and unknown keys, repeated keys and raw junk. */
export function queryArb(real: readonly string[]): fc.Arbitrary<string> {
  const key = fc.oneof(fc.constantFrom(...FIELD_NAMES), fc.constantFrom(...PROTO_KEYS), fc.string({ maxLength: 10 }));
  const value = fc.oneof({ weight: 4, arbitrary: textArb(real).map(encode) }, { weight: 1, arbitrary: fc.constantFrom(...RAW_JUNK) });
  return fc
    .array(fc.tuple(key, value), { maxLength: 6 })
    .map((pairs) => (pairs.length ? `?${pairs.map(([k, v]) => `${encode(k)}=${v}`).join('&')}` : ''));
}

/** JSON text of a value: arbitrary JSON, deep nesting, or a huge string (within the body limit). */
function valueText(real: readonly string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 6, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)) },
    { weight: 3, arbitrary: textArb(real).map((s) => JSON.stringify(s)) },
    { weight: 1, arbitrary: fc.integer({ min: 1, max: 3000 }).map((n) => `${'['.repeat(n)}1${']'.repeat(n)}`) },
    { weight: 1, arbitrary: fc.integer({ min: 1, max: 3000 }).map((n) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`) },
    { weight: 1, arbitrary: fc.constantFrom(...HUGE.slice(0, 2)).map((s) => JSON.stringify(s)) },
    { weight: 1, arbitrary: fc.constantFrom('-0', '1e400', '-1e400', '0.1e-400', '1.5', '9007199254740993', 'true', 'null', '[]', '{}') },
  );
}

/** An object's JSON text built by hand, so keys such as __proto__ arrive as real keys on the wire. */
function objectText(real: readonly string[], depth: number): fc.Arbitrary<string> {
  const key = fc.oneof(
    { weight: 5, arbitrary: fc.constantFrom(...FIELD_NAMES) },
    { weight: 2, arbitrary: fc.constantFrom(...PROTO_KEYS) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 12 }) },
  );
  const value = depth > 0 ? fc.oneof({ weight: 4, arbitrary: valueText(real) }, { weight: 1, arbitrary: objectText(real, depth - 1) }) : valueText(real);
  return fc
    .array(fc.tuple(key, value), { maxLength: 8 })
    .map((entries) => `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`);
}

export type BodyKind = { kind: 'none' } | { kind: 'json'; text: string; contentType: string } | { kind: 'form'; fields: [string, string][]; file: string | null };

/** A request body: JSON text (mostly objects), broken JSON, another content type, or a multipart form. */
export function bodyArb(real: readonly string[]): fc.Arbitrary<BodyKind> {
  const json = (text: fc.Arbitrary<string>) => text.map((t): BodyKind => ({ kind: 'json', text: t, contentType: 'application/json' }));
  return fc.oneof(
    { weight: 1, arbitrary: fc.constant<BodyKind>({ kind: 'none' }) },
    { weight: 8, arbitrary: json(objectText(real, 2)) },
    { weight: 2, arbitrary: json(valueText(real)) },
    { weight: 1, arbitrary: json(fc.string({ maxLength: 30 }).map((s) => `{"a":${s}`)) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'application/json; charset=utf-16', 'multipart/form-data'), fc.string({ maxLength: 40 }))
        .map(([contentType, text]): BodyKind => ({ kind: 'json', text, contentType })),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(
          fc.array(fc.tuple(fc.constantFrom('sheetId', 'file', '__proto__', 'constructor', 'x'), textArb(real)), { maxLength: 3 }),
          fc.option(fc.oneof(fc.string({ unit: 'grapheme', maxLength: 200 }), textArb(real).map((u) => `problemUrl,topic,subTopic,solved\n${u},${u},${u},true\n`))),
        )
        .map(([fields, file]): BodyKind => ({ kind: 'form', fields, file })),
    },
  );
}
