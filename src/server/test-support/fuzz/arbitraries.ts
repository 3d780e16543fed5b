import fc from 'fast-check';
import type { FuzzOperation, FuzzParameter, JsonSchema } from './operations.ts';

/**
 * Put into generated text so an error message that repeats the request is noticed: no answer other than
 * a success (which may show what was stored) should ever contain it.
 */
export const ECHO_MARKER = 'Qz7vEchoMarkerK4w';

/**
 * Makes the echo marker in a request unique to it (`…K4w` becomes `…K4wr17x`): stored text may rightly show
 * an earlier request's marker on a later error page (a brand name on the 404 page), never this one's.
 */
export function tagEchoMarkers(text: string, tag: number): string {
  return text.replaceAll(ECHO_MARKER, echoMarkerOf(tag));
}

export const echoMarkerOf = (tag: number) => `${ECHO_MARKER}r${tag}x`;

/** A request as the fuzzer builds it, before the authentication it is sent with. */
export interface FuzzRequest {
  method: string;
  /** Path and query exactly as sent: already percent-encoded, malformed on purpose at times. */
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** Which generator family made the request, for the report. */
  family: string;
}

/** Ids of rows that exist when the request is sent, so fuzzed bodies reach real updates. */
export interface FuzzFixtures {
  ids: string[];
  slugs: string[];
  /** The id of a row an operation's path names (`/api/members/{id}`: a member's), by path prefix. */
  idsByPath: Record<string, string>;
}

export const NO_FIXTURES: FuzzFixtures = { ids: [], slugs: [], idsByPath: {} };

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** C0 controls, DEL and the C1 controls: what PostgreSQL's text refuses (NUL) and what logs and CSV mangle. */
const CONTROL_CHARACTERS = [...range(0x00, 0x1f), 0x7f, ...range(0x80, 0x9f)].map((code) =>
  String.fromCharCode(code),
);
const LONE_SURROGATES = ['\ud800', '\udbff', '\udc00', '\udfff', '\ud83d'];
const UNICODE_ODDITIES = [
  '\u200b', // zero-width space
  '\u200d',
  '\u202e', // right-to-left override
  '\u2028',
  '\u2029',
  '\ufeff', // byte order mark
  '\ufffd',
  '\uffff', // a non-character
  '\ufffe',
  '\u00a0',
  '\u3000',
  `e${'\u0301'.repeat(64)}`, // one letter under a pile of combining accents
  '𝕏',
  '👩‍👩‍👧‍👦',
  'İı',
  'ß',
  '１２３', // fullwidth digits
  'ｅｘａｍｐｌｅ＠ｅｘａｍｐｌｅ．ｃｏｍ',
  '٣٤٥',
  'हिन्दी',
  '\u{10ffff}',
];
const SUSPICIOUS_TEXT = [
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "'; DROP TABLE contact_inquiries; --",
  "' OR '1'='1",
  '%s%n%x%d',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: template-injection text, sent as it is.
  '${7*7}{{7*7}}',
  '../../../../etc/passwd',
  'javascript:alert(1)',
  '\\',
  '"',
  "'",
  '`',
  'null',
  'undefined',
  'NaN',
  '-1',
  '1e308',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  'toString',
  '=HYPERLINK("http://example.com")',
  '+91 98765 43210\n+91 98765 43210',
];
// Repeated openers make recursive parsers (Markdown, HTML sanitizers, JSON) go deep.
const NESTING_UNITS = [
  '>',
  '> ',
  '- ',
  '* ',
  '1. ',
  '[',
  '(',
  '{',
  '<div>',
  '<b>',
  '`',
  '**',
  '_',
  '~',
  '|',
  '#',
  '\\',
];

// NUL is the one PostgreSQL refuses outright: it gets a large share of its own.
const controlCharacter = fc.oneof(
  { weight: 2, arbitrary: fc.constant('\u0000') },
  { weight: 3, arbitrary: fc.constantFrom(...CONTROL_CHARACTERS) },
);

const join = (parts: string[]) => parts.join('');

/** Text meant to upset a server: each family is one way text goes wrong. */
function fuzzText(maxLength = 80): fc.Arbitrary<string> {
  const short = Math.max(1, Math.min(maxLength, 40));
  return fc.oneof(
    { weight: 2, arbitrary: fc.string({ maxLength: short, unit: 'binary' }) },
    // Control characters among ordinary text: type-correct and short, so they pass validation if allowed.
    {
      weight: 4,
      arbitrary: fc
        .array(fc.oneof(fc.string({ minLength: 1, maxLength: 4 }), controlCharacter), {
          minLength: 1,
          maxLength: Math.min(short, 12),
        })
        .map(join),
    },
    {
      weight: 1,
      arbitrary: fc
        .array(fc.oneof(fc.string({ maxLength: 4 }), fc.constantFrom(...LONE_SURROGATES)), {
          minLength: 1,
          maxLength: 6,
        })
        .map(join),
    },
    { weight: 1, arbitrary: fc.constantFrom(...UNICODE_ODDITIES) },
    { weight: 1, arbitrary: fc.constantFrom(...SUSPICIOUS_TEXT) },
    { weight: 1, arbitrary: fc.constantFrom('', ' ', '   ', '\t\n', '\u00a0\u3000') },
  );
}

/** Text around a field's length limit, or far beyond it (past the body limit: 413). */
function longText(maxLength: number | undefined): fc.Arbitrary<string> {
  const limit = maxLength ?? 1000;
  return fc
    .tuple(
      fc.constantFrom('a', 'é', '😀', '\u0000', ' ', 'ab\n'),
      fc.constantFrom(limit, limit + 1, limit * 2 + 7, 9_000, 120_000),
    )
    .map(([unit, length]) => unit.repeat(Math.ceil(length / unit.length)).slice(0, length));
}

/** Deeply nested Markdown, HTML or brackets within a length (a post's content may hold 100,000 characters). */
function nestedText(maxLength: number | undefined): fc.Arbitrary<string> {
  const limit = maxLength ?? 1000;
  return fc
    .tuple(fc.constantFrom(...NESTING_UNITS), fc.constantFrom(10, 200, 3_000, 6_000))
    .map(
      ([unit, depth]) =>
        `${unit.repeat(Math.max(1, Math.min(depth, Math.floor((limit - 2) / unit.length))))}x`,
    );
}

/** Any of the bad texts, with the echo marker in front of some. */
function badText(maxLength: number | undefined): fc.Arbitrary<string> {
  // Room for thousands of nesting levels (a post's content) makes deep nesting the likelier attack.
  const roomy = (maxLength ?? 0) >= 10_000;
  return fc
    .tuple(
      fc.oneof(
        { weight: roomy ? 4 : 6, arbitrary: fuzzText(maxLength) },
        { weight: 1, arbitrary: longText(maxLength) },
        { weight: roomy ? 3 : 1, arbitrary: nestedText(maxLength) },
      ),
      fc.boolean(),
    )
    .map(([text, marked]) => (marked ? `${ECHO_MARKER}${text}` : text));
}

const deepArray = (depth: number) => JSON.parse(`${'['.repeat(depth)}${']'.repeat(depth)}`) as unknown;
const deepObject = (depth: number) => JSON.parse(`${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`) as unknown;

/** Values of any JSON type, some odd: for a field that expects another type. */
const wrongTypeValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(
    null,
    true,
    false,
    0,
    -1,
    1.5,
    -0,
    2 ** 53 + 1,
    1e308,
    -1e308,
    5e-324,
    '',
    '1',
    'true',
    [],
    {},
    [null],
    [''],
    { '': '' },
    { $gt: '' },
  ),
  // An own `__proto__` key, as JSON.parse makes it (an object literal would set the prototype instead).
  fc.constant(null).map(() => JSON.parse('{"__proto__":{"polluted":true}}') as unknown),
  fc.constant(null).map(() => deepArray(500)),
  fc.constant(null).map(() => deepObject(500)),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 5 }),
  fc.jsonValue({ maxDepth: 3 }),
  fc.dictionary(fc.string({ maxLength: 6 }), fc.string({ maxLength: 6 }), { maxKeys: 3 }),
);

function typesOf(schema: JsonSchema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  if (schema.type) return [schema.type];
  if (schema.enum) return [...new Set(schema.enum.map((value) => (value === null ? 'null' : typeof value)))];
  return [];
}

/** A value of the field's own type that is still wrong: out of range, badly formed, too long. */
function badValue(schema: JsonSchema): fc.Arbitrary<unknown> {
  const types = typesOf(schema);
  const ownType: fc.Arbitrary<unknown>[] = [];
  if (types.includes('string')) ownType.push(badText(schema.maxLength));
  if (types.includes('integer') || types.includes('number')) {
    const edges = [schema.minimum, schema.maximum].filter((n): n is number => n !== undefined);
    ownType.push(
      fc.constantFrom(
        ...edges.flatMap((n) => [n - 1, n + 1, n + 0.5]),
        0,
        -1,
        0.5,
        2 ** 31,
        2 ** 53 + 2,
        1e21,
        Number.MAX_VALUE,
        -Number.MAX_VALUE,
      ),
    );
  }
  if (types.includes('array')) {
    ownType.push(
      fc.constantFrom<unknown[]>(
        [],
        Array.from({ length: 1_000 }, () => ({})),
      ),
      fc.array(wrongTypeValue, { maxLength: 10 }),
    );
  }
  if (types.includes('object') || schema.properties) {
    ownType.push(badObject(schema));
  }
  return ownType.length > 0
    ? fc.oneof({ weight: 3, arbitrary: fc.oneof(...ownType) }, { weight: 1, arbitrary: wrongTypeValue })
    : wrongTypeValue;
}

/**
 * Plausible values a JSON schema cannot express (zod refinements): phone numbers libphonenumber accepts,
 * a rating, a handle. A valid-looking body starts from these so that one broken field is the only fault.
 * No password here is the test admin's: a valid password change or sign-in would end the fuzzer's session.
 */
const PLAUSIBLE_VALUES: Record<string, unknown> = {
  email: 'fuzz.visitor@example.com',
  supportEmail: 'help@example.com',
  password: 'fuzz password 123',
  currentPassword: 'not the admin password',
  newPassword: 'another fuzz password',
  // Numbers as visitors and admins type them, read with countryCode.
  phone: '98765 43210',
  type: 'phone',
  value: '098765 43210',
  // A new mobile each time: a second member with the same one is refused before any other check.
  mobile: fc.integer({ min: 0, max: 99_999_999 }).map((n) => `98${String(n).padStart(8, '0')}`),
  countryCode: '+91',
  timeZone: 'Asia/Kolkata',
  rating: '4.8',
  usersCount: '10,000+',
  brandName: 'Sampark',
  image: 'https://example.com/picture.png',
  content: 'Hello **world**',
  // The contact form's honeypot: filled in, the form pretends success and stores nothing.
  website: '',
  businessHours: [{ days: 'Monday to Friday', hours: '9 AM to 6 PM' }],
};

function matchesType(value: unknown, schema: JsonSchema): boolean {
  const types = typesOf(schema);
  if (types.length === 0) return true;
  if (value === null) return schema.nullable === true || types.includes('null');
  if (Array.isArray(value)) return types.includes('array');
  if (typeof value === 'number') return types.includes('number') || types.includes('integer');
  return types.includes(typeof value);
}

/** A value the schema accepts (before refinements), for the fields a request leaves intact. */
function validValue(schema: JsonSchema, name?: string): fc.Arbitrary<unknown> {
  const plausible = name === undefined ? undefined : PLAUSIBLE_VALUES[name];
  if (plausible instanceof fc.Arbitrary) return plausible;
  if (plausible !== undefined && matchesType(plausible, schema)) return fc.constant(plausible);
  const value = validValueOfType(schema);
  return schema.nullable ? fc.oneof({ weight: 4, arbitrary: value }, fc.constant(null)) : value;
}

function validValueOfType(schema: JsonSchema): fc.Arbitrary<unknown> {
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches && branches.length > 0) return fc.oneof(...branches.map((branch) => validValue(branch)));
  if (schema.allOf?.[0]) return validValue(schema.allOf[0]);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  const [type] = typesOf(schema);
  switch (type) {
    case 'string':
      return validString(schema);
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 0);
      const max = Math.max(
        min,
        Math.min(schema.maximum ?? (schema.exclusiveMaximum ?? 1000) - 1, min + 1000),
      );
      return fc.integer({ min: Math.ceil(min), max: Math.floor(max) });
    }
    case 'boolean':
      return fc.boolean();
    case 'array': {
      const minLength = schema.minItems ?? 0;
      return fc.array(validValue(schema.items ?? {}), {
        minLength,
        maxLength: Math.max(minLength, Math.min(schema.maxItems ?? 3, 3)),
      });
    }
    case 'object':
      return validObject(schema);
    case 'null':
      return fc.constant(null);
    default:
      return fc.string({ maxLength: 10 });
  }
}

/**
 * Strings a pattern matches. fast-check cannot build from a lookahead (`(?!…)`, `(?=…)`): then strings of the
 * pattern without its lookaheads, kept when the whole pattern matches them.
 */
function matching(pattern: RegExp): fc.Arbitrary<string> {
  try {
    return fc.stringMatching(pattern, { size: 'xsmall' });
  } catch {
    const withoutLookaheads = new RegExp(
      pattern.source.replace(/\(\?[=!](?:\\.|[^()\\])*\)/g, ''),
      pattern.flags,
    );
    return fc.stringMatching(withoutLookaheads, { size: 'xsmall' }).filter((text) => pattern.test(text));
  }
}

function validString(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 40, 40));
  const fits = (text: string) => text.length >= minLength && text.length <= (schema.maxLength ?? Infinity);
  if (schema.format === 'uuid') return fc.uuid();
  if (schema.format === 'email') return fc.emailAddress().filter(fits);
  if (schema.pattern) return matching(new RegExp(schema.pattern)).filter(fits);
  return fc.string({ unit: 'grapheme-ascii', minLength, maxLength });
}

function validObject(schema: JsonSchema): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, property] of Object.entries(properties)) model[name] = validValue(property, name);
  return fc.record(model, { requiredKeys: schema.required ?? [] });
}

/** An object with every field plausible except one: broken, missing, or joined by a stranger. */
function oneFieldBroken(schema: JsonSchema): fc.Arbitrary<unknown> {
  const names = Object.keys(schema.properties ?? {});
  const base = validObject(schema);
  if (names.length === 0)
    return fc.tuple(base, unknownField).map(([body, [key, value]]) => ({ ...body, [key]: value }));
  return fc.oneof(
    {
      weight: 6,
      arbitrary: fc
        .constantFrom(...names)
        .chain((name) =>
          fc
            .tuple(base, badValue(schema.properties![name]!))
            .map(([body, value]) => ({ ...body, [name]: value })),
        ),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(base, fc.constantFrom(...names))
        .map(([body, name]) => Object.fromEntries(Object.entries(body).filter(([key]) => key !== name))),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(base, unknownField).map(([body, [key, value]]) => ({ ...body, [key]: value })),
    },
  );
}

const unknownField: fc.Arbitrary<[string, unknown]> = fc.tuple(
  fc.oneof(
    fc.constantFrom('__proto__', 'constructor', 'prototype', 'id', '_id', 'isAdmin', 'role', ECHO_MARKER, ''),
    fuzzText(20),
  ),
  wrongTypeValue,
);

/** Every field plausible, broken or absent at random, plus strangers. */
function badObject(schema: JsonSchema): fc.Arbitrary<Record<string, unknown>> {
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    model[name] = fc.oneof(validValue(property, name), badValue(property));
  }
  return fc
    .tuple(fc.record(model, { requiredKeys: [] }), fc.array(unknownField, { maxLength: 2 }))
    .map(([body, extra]) => ({ ...body, ...Object.fromEntries(extra) }));
}

// Bodies a JSON parser must refuse or that are JSON of the wrong kind, as raw text.
const RAW_BODIES = [
  '',
  ' ',
  '{',
  '}',
  '{"a":',
  '{"a":1,}',
  "{'a':1}",
  '{"a":"\u0000"}',
  '{"a":"\\u0000"}',
  '{"a":"\\ud800"}',
  '{"a":"\\x41"}',
  '\ufeff{}',
  'null',
  '[]',
  '"x"',
  '1e999',
  '-0',
  'true',
  'NaN',
  'undefined',
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  `{"${ECHO_MARKER}":1}`,
  `${ECHO_MARKER}`,
  `${'['.repeat(40_000)}${']'.repeat(40_000)}`,
  `${'['.repeat(40_000)}{"__proto__":1}${']'.repeat(40_000)}`,
  `{"a":${'1'.repeat(5_000)}}`,
  '{"a":1}{"b":2}',
  '{"a":1}\u0000',
];

const invalidJsonBody = fc.oneof(
  fc.constantFrom(...RAW_BODIES),
  fc.string({ maxLength: 30, unit: 'binary' }),
  fc.jsonValue({ maxDepth: 2 }).map((value) => JSON.stringify(value) ?? 'null'),
);

const WRONG_CONTENT_TYPES = [
  'text/plain',
  'text/plain; charset=utf-8',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=fuzz',
  'multipart/form-data',
  'application/octet-stream',
  'application/xml',
  'application/jsonx',
  'json',
  '',
  '*/*',
  'application/json; charset=latin1',
  'application/json; charset=utf-16',
  'application/json;;;',
  `application/${ECHO_MARKER}`,
  'APPLICATION/JSON',
  'application/merge-patch+json',
  'application/json\u0000',
];

interface BodyCase {
  payload?: string | Buffer;
  headers: Record<string, string>;
  family: string;
}

const json = (value: unknown, family: string): BodyCase => ({
  payload: JSON.stringify(value) ?? 'null',
  headers: { 'content-type': 'application/json' },
  family,
});

/** The body families: valid-looking with one fault, mixed, non-object JSON, invalid JSON, wrong types. */
function bodyCase(operation: FuzzOperation): fc.Arbitrary<BodyCase> {
  const schema = operation.body?.schema ?? { type: 'object', properties: {} };
  // One broken field in a plausible body is what reaches the database: it gets most of the runs.
  const asJson = fc.oneof(
    { weight: 4, arbitrary: oneFieldBroken(schema).map((value) => json(value, 'body: one field broken')) },
    { weight: 1, arbitrary: badObject(schema).map((value) => json(value, 'body: mixed fields')) },
    { weight: 1, arbitrary: wrongTypeValue.map((value) => json(value, 'body: not an object')) },
  );
  const withBody = fc.oneof(
    { weight: 6, arbitrary: asJson },
    {
      weight: 2,
      arbitrary: invalidJsonBody.map((payload) => ({
        payload,
        headers: { 'content-type': 'application/json' },
        family: 'body: invalid JSON',
      })),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(fc.constantFrom(...WRONG_CONTENT_TYPES), validValue(schema), fc.boolean())
        .map(([type, value, asForm]) => ({
          payload: asForm
            ? new URLSearchParams(
                // A nested object may have no prototype (fast-check makes some), so no toString: sent as JSON.
                Object.entries((value ?? {}) as Record<string, unknown>).map(([k, v]) => [
                  k,
                  typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v),
                ]),
              ).toString()
            : (JSON.stringify(value) ?? ''),
          headers: { 'content-type': type },
          family: 'body: wrong content type',
        })),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(110_000, 1_100_000)
        .map((size) => json({ filler: 'x'.repeat(size) }, 'body: beyond the body limit')),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom<BodyCase>(
        { headers: {}, family: 'body: none' },
        { headers: { 'content-type': 'application/json' }, family: 'body: none' },
        {
          payload: '{"value":"x"}',
          headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
          family: 'body: wrong content encoding',
        },
        {
          payload: '{}',
          headers: { 'content-type': 'application/json', 'content-length': '5' },
          family: 'body: wrong content length',
        },
      ),
    },
  );
  // Operations without a body are sent one now and then: a body must not upset them either.
  return operation.body
    ? withBody
    : fc.oneof({ weight: 3, arbitrary: fc.constant<BodyCase>({ headers: {}, family: 'no body' }) }, withBody);
}

/** Percent-encodes any text, lone surrogates too (encodeURIComponent would throw on them). */
export function percentEncode(text: string): string {
  return [...Buffer.from(text, 'utf8')]
    .map((byte) =>
      /[A-Za-z0-9\-_.~]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');
}

/** Path segments and query values as sent, percent-encoding broken on purpose. */
const MALFORMED_URL_PARTS = [
  '%',
  '%%',
  '%0',
  '%zz',
  '%00',
  '%E0%A4%A',
  '%C0%AF',
  '%ED%A0%80',
  '%FF',
  '%2e%2e%2f',
  '..%2F',
  '..%2F..%2Fetc%2Fpasswd',
  '%2F',
  '..',
  '.',
  '%20',
  '%0A',
  '%0D%0ASet-Cookie:%20x=1',
  '%3Cscript%3E',
  '+',
  ';',
  '*',
  '~',
  'null',
  'undefined',
  '0',
  '-1',
  '__proto__',
  'constructor',
  '%5B%5D',
  `${ECHO_MARKER}%00`,
];

/** A path parameter: a real id or slug, a random one, malformed, encoded junk or absurdly long. */
function pathSegment(parameter: FuzzParameter, fixtures: FuzzFixtures): fc.Arbitrary<string> {
  const real = parameter.name === 'slug' ? fixtures.slugs : fixtures.ids;
  const families: fc.WeightedArbitrary<string>[] = [
    { weight: 2, arbitrary: fc.constantFrom(...MALFORMED_URL_PARTS) },
    { weight: 3, arbitrary: badText(120).map(percentEncode) },
    { weight: 1, arbitrary: fc.uuid() },
    {
      weight: 1,
      arbitrary: fc.constantFrom(100, 101, 1_000, 8_192, 9_000).map((n) => `${ECHO_MARKER}${'a'.repeat(n)}`),
    },
    { weight: 1, arbitrary: validValue(parameter.schema).map((value) => percentEncode(String(value))) },
  ];
  if (real.length > 0) {
    families.push(
      { weight: 3, arbitrary: fc.constantFrom(...real) },
      // A real id with a fault after it: a NUL, a suffix, another case.
      {
        weight: 2,
        arbitrary: fc
          .tuple(fc.constantFrom(...real), fc.constantFrom('%00', '%20', '.', 'x', '%2F', '%0A'))
          .map(([id, suffix]) => id + suffix),
      },
      { weight: 1, arbitrary: fc.constantFrom(...real).map((id) => id.toUpperCase()) },
    );
  }
  return fc.oneof(...families);
}

const ABSURD_NUMBERS = [
  '-1',
  '0',
  '1e308',
  '1e999',
  'NaN',
  'Infinity',
  '-Infinity',
  '999999999',
  '9007199254740993',
  '1.5',
  '0x10',
  '%201',
  '1%20',
  '+1',
  '00001',
  '-0',
  '',
  '%EF%BC%91', // fullwidth 1
  '1,2',
  'true',
];

function queryValue(parameter: FuzzParameter): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 2, arbitrary: validValue(parameter.schema).map((value) => percentEncode(String(value))) },
    { weight: 2, arbitrary: fc.constantFrom(...ABSURD_NUMBERS) },
    { weight: 3, arbitrary: badText(parameter.schema.maxLength ?? 200).map(percentEncode) },
    { weight: 1, arbitrary: fc.constantFrom(...MALFORMED_URL_PARTS) },
  );
}

/** A query string: the operation's own parameters with bad values, repeated, bracketed, plus strangers. */
function queryString(operation: FuzzOperation): fc.Arbitrary<string> {
  const names = operation.query.map((parameter) => parameter.name);
  const own = operation.query.map((parameter) =>
    fc
      .tuple(
        fc.constantFrom(
          parameter.name,
          parameter.name,
          parameter.name,
          `${parameter.name}[]`,
          `${parameter.name}[a]`,
          `${parameter.name}.x`,
        ),
        queryValue(parameter),
        fc.integer({ min: 1, max: 3 }),
      )
      .map(([name, value, times]) => Array.from({ length: times }, () => `${name}=${value}`).join('&')),
  );
  const stranger = fc
    .tuple(
      fc.oneof(
        fc.constantFrom(
          '__proto__',
          'constructor[prototype][x]',
          'page',
          'pageSize',
          'q',
          ECHO_MARKER,
          '%00',
          '%',
        ),
        fuzzText(10).map(percentEncode),
      ),
      fc.oneof(fc.constantFrom(...ABSURD_NUMBERS), fuzzText(20).map(percentEncode)),
    )
    .map(([name, value]) => `${name}=${value}`);
  const pairs = fc.array(
    fc.oneof({ weight: 4, arbitrary: own.length > 0 ? fc.oneof(...own) : stranger }, stranger),
    {
      maxLength: Math.max(3, names.length + 1),
    },
  );
  return fc.oneof(
    { weight: 8, arbitrary: pairs.map((list) => list.join('&')) },
    { weight: 1, arbitrary: fc.constantFrom('', '&', '&&=&', '=', '%', '?', '#x', 'a=1#x') },
    { weight: 1, arbitrary: fc.constantFrom(2_000, 9_000).map((n) => `q=${ECHO_MARKER}${'a'.repeat(n)}`) },
  );
}

// Headers the app or its plugins read (compression, static files, caching, hosts, proxies, CSRF), with
// values they may not expect. inject refuses control characters in a header, as Node's parser would.
const ODD_HEADERS: [string, fc.Arbitrary<string>][] = [
  [
    'accept-encoding',
    fc.constantFrom('br', 'gzip', 'deflate', 'identity;q=0', '*', 'gzip;q=NaN', 'br, gzip', ''),
  ],
  ['accept', fc.constantFrom('application/json', 'text/html', '*/*', 'application/xml', '', 'text/html;q=x')],
  ['accept-language', fc.constantFrom('hi', 'hi-IN,en;q=0.5', '*', 'x'.repeat(5_000), ECHO_MARKER)],
  [
    'range',
    fc.constantFrom(
      'bytes=0-0',
      'bytes=-1',
      'bytes=999999999999-',
      'bytes=a-b',
      'bytes=0-1,2-3',
      'items=0-1',
    ),
  ],
  ['if-none-match', fc.constantFrom('*', '"x"', 'W/"x"', ECHO_MARKER)],
  ['if-modified-since', fc.constantFrom('yesterday', 'Thu, 01 Jan 1970 00:00:00 GMT', '9999-99-99')],
  [
    'host',
    fc.constantFrom(
      'localhost',
      'evil.example',
      `${ECHO_MARKER}.example`,
      '[::1]:80',
      'localhost:99999',
      '999.999.999.999',
      '[:]',
      'localhost:',
      '',
    ),
  ],
  ['x-forwarded-for', fc.constantFrom('203.0.113.7', 'garbage', '::1, 10.0.0.1', '')],
  ['x-forwarded-host', fc.constantFrom('evil.example', ECHO_MARKER)],
  ['x-forwarded-proto', fc.constantFrom('https', 'gopher')],
  ['sec-fetch-site', fc.constantFrom('cross-site', 'same-origin', 'none', 'garbage')],
  ['user-agent', fc.constantFrom('', 'x'.repeat(8_000), ECHO_MARKER, 'Googlebot/2.1')],
  ['referer', fc.constantFrom('javascript:alert(1)', 'http://evil.example/', ECHO_MARKER)],
];

/** Now and then a header or two with an odd value. */
const oddHeaders: fc.Arbitrary<Record<string, string>> = fc.oneof(
  { weight: 3, arbitrary: fc.constant({}) },
  {
    weight: 1,
    arbitrary: fc
      .array(
        fc.oneof(...ODD_HEADERS.map(([name, value]) => value.map((text): [string, string] => [name, text]))),
        { minLength: 1, maxLength: 2 },
      )
      .map((entries) => Object.fromEntries(entries)),
  },
);

/** A session cookie that is not a session: expired, malformed, huge, doubled. */
export const staleCookie: fc.Arbitrary<string> = fc.constantFrom(
  `sampark_session=${'A'.repeat(43)}`,
  'sampark_session=',
  'sampark_session=%00',
  `sampark_session=${'x'.repeat(5_000)}`,
  'sampark_session=a; sampark_session=b',
  '=;;=',
  'sampark_session="quoted"',
  `sampark_session=${ECHO_MARKER}%E0%A4%A`,
  '__Host-sampark_session=x',
  'sampark_session=../../etc/passwd',
);

function fillPath(operation: FuzzOperation, segments: string[]): string {
  let index = 0;
  return operation.path.replace(/\{[^}]+\}/g, () => segments[index++] ?? '');
}

/** A bad request to one operation: its path parameters, query string and body fuzzed together. */
export function fuzzRequest(operation: FuzzOperation, fixtures: FuzzFixtures): fc.Arbitrary<FuzzRequest> {
  const segments = fc.tuple(...operation.pathParams.map((parameter) => pathSegment(parameter, fixtures)));
  return fc
    .record({
      segments: operation.pathParams.length > 0 ? segments : fc.constant([] as string[]),
      query: fc.oneof(
        { weight: operation.query.length > 0 ? 1 : 4, arbitrary: fc.constant(null) },
        { weight: operation.query.length > 0 ? 4 : 1, arbitrary: queryString(operation) },
      ),
      body: bodyCase(operation),
      head: fc.oneof(
        { weight: 6, arbitrary: fc.constant(false) },
        { weight: 1, arbitrary: fc.constant(true) },
      ),
      extra: oddHeaders,
    })
    .map(({ segments, query, body, head, extra }): FuzzRequest => {
      const method = operation.method === 'GET' && head ? 'HEAD' : operation.method;
      const url = fillPath(operation, segments) + (query === null ? '' : `?${query}`);
      const bodyAllowed = method !== 'GET' && method !== 'HEAD';
      const family = [
        operation.pathParams.length > 0 ? 'path' : null,
        query === null ? null : 'query',
        bodyAllowed ? body.family : null,
        Object.keys(extra).length > 0 ? 'headers' : null,
      ]
        .filter(Boolean)
        .join(' + ');
      return bodyAllowed
        ? {
            method,
            url,
            headers: { ...extra, ...body.headers },
            payload: body.payload,
            family: family || 'plain',
          }
        : { method, url, headers: extra, family: family || 'plain' };
    });
}

/** A public page (or a made-up one) as an operation: its slug and the query strings pages read. */
export function pageOperation(pagePath: string): FuzzOperation {
  return {
    method: 'GET',
    path: pagePath,
    pathParams: [...pagePath.matchAll(/\{([^}]+)\}/g)].map((match) => ({
      name: match[1]!,
      required: true,
      schema: { type: 'string', pattern: '^[a-z0-9_-]+$', maxLength: 120 },
    })),
    query: [
      { name: 'page', required: false, schema: { type: 'integer', minimum: 1 } },
      { name: 'q', required: false, schema: { type: 'string', maxLength: 200 } },
    ],
    body: null,
  };
}

/** A page request: a public path (or a made-up one) with a fuzzed slug or query string. */
export function pageRequest(pagePath: string, fixtures: FuzzFixtures): fc.Arbitrary<FuzzRequest> {
  return fuzzRequest(pageOperation(pagePath), fixtures);
}

// The values that have broken servers before, tried in every field, parameter and path segment.
const TEXT_CATALOGUE: { name: string; text: (maxLength: number | undefined) => string | null }[] = [
  { name: 'NUL', text: () => `${ECHO_MARKER}a\u0000b` },
  { name: 'control characters', text: () => 'a\u0001\u001b[31m\u007f\u0085\u009fb' },
  { name: 'lone surrogate', text: () => 'a\ud800b\udfff' },
  { name: 'empty', text: () => '' },
  { name: 'too long', text: (max) => (max === undefined ? null : 'x'.repeat(max + 1)) },
  {
    name: 'deep nesting',
    text: (max) => ((max ?? 0) < 1_000 ? null : `${'> '.repeat(Math.min(3_000, (max! - 1) / 2))}x`),
  },
];

/** A fixed value sampled from an arbitrary: the catalogue's requests are the same in every run. */
const sampleOf = <T>(arbitrary: fc.Arbitrary<T>, seed = 1): T =>
  fc.sample(arbitrary, { numRuns: 1, seed })[0]!;

/**
 * Catalogue requests: a valid-looking request (a real row, plausible fields) with one field, parameter
 * or path segment set to each value that has broken servers before. Unlike the random requests, each is
 * sure to be sent, so a hole as common as NUL in one text field is found in every run.
 */
export function catalogueRequests(operation: FuzzOperation, fixtures: FuzzFixtures): FuzzRequest[] {
  const prefix = Object.keys(fixtures.idsByPath)
    .filter((path) => operation.path.startsWith(path))
    .sort((a, b) => b.length - a.length)[0];
  const realSegment = (parameter: FuzzParameter) =>
    parameter.name === 'slug'
      ? (fixtures.slugs[0] ?? 'a-slug')
      : ((prefix ? fixtures.idsByPath[prefix] : fixtures.ids[0]) ?? sampleOf(fc.uuid()));
  const segments = operation.pathParams.map(realSegment);
  const bodySchema = operation.body?.schema;
  // A body of its own for each request: unique fields (a slug, a mobile) must not collide with the last.
  const validBody = () =>
    bodySchema
      ? (sampleOf(validValue(bodySchema), requests.length + 1) as Record<string, unknown>)
      : undefined;
  const requests: FuzzRequest[] = [];
  const add = (family: string, pathSegments: string[], query: string, bodyValue: unknown = validBody()) => {
    const method = operation.method;
    const url = fillPath(operation, pathSegments) + (query ? `?${query}` : '');
    requests.push(
      bodyValue === undefined
        ? { method, url, headers: {}, family }
        : {
            method,
            url,
            headers: { 'content-type': 'application/json' },
            payload: JSON.stringify(bodyValue),
            family,
          },
    );
  };
  for (const [index, parameter] of operation.pathParams.entries()) {
    for (const slug of parameter.name === 'slug' ? fixtures.slugs.slice(1) : []) {
      add(
        'catalogue: another real slug',
        segments.map((segment, i) => (i === index ? slug : segment)),
        '',
      );
    }
    for (const entry of TEXT_CATALOGUE) {
      const text = entry.text(parameter.schema.maxLength ?? 100);
      if (text === null || text === '') continue;
      const changed = segments.map((segment, i) => (i === index ? percentEncode(text) : segment));
      add(`catalogue: ${entry.name} in path ${parameter.name}`, changed, '');
    }
    add(
      `catalogue: NUL after a real id`,
      segments.map((segment, i) => (i === index ? `${segment}%00` : segment)),
      '',
    );
  }
  for (const parameter of operation.query) {
    for (const entry of TEXT_CATALOGUE) {
      const text = entry.text(parameter.schema.maxLength);
      if (text !== null)
        add(
          `catalogue: ${entry.name} in query ${parameter.name}`,
          segments,
          `${parameter.name}=${percentEncode(text)}`,
        );
    }
    for (const value of ['-1', '0', '1e308', 'NaN', '999999999']) {
      add(`catalogue: ${value} in query ${parameter.name}`, segments, `${parameter.name}=${value}`);
    }
    add(`catalogue: repeated query ${parameter.name}`, segments, `${parameter.name}=1&${parameter.name}=2`);
  }
  for (const [name, property] of Object.entries(operation.body?.schema.properties ?? {})) {
    const types = typesOf(property);
    if (types.includes('string')) {
      for (const entry of TEXT_CATALOGUE) {
        const text = entry.text(property.maxLength);
        if (text !== null)
          add(`catalogue: ${entry.name} in body ${name}`, segments, '', { ...validBody(), [name]: text });
      }
    }
    add(`catalogue: wrong type in body ${name}`, segments, '', {
      ...validBody(),
      [name]: { [ECHO_MARKER]: [1] },
    });
  }
  if (operation.method === 'GET') {
    // HEAD with each compression: the answer names its encoding but has no body (a run once tripped on it).
    for (const encoding of ['br', 'gzip', 'deflate', '*']) {
      requests.push({
        method: 'HEAD',
        url: fillPath(operation, segments),
        headers: { 'accept-encoding': encoding },
        family: `catalogue: HEAD with Accept-Encoding ${encoding}`,
      });
    }
  }
  return requests;
}

/** A 32-bit seed for one operation from the run's seed, so each operation's requests stay the same alone. */
export function operationSeed(runSeed: number, key: string): number {
  let hash = 0x811c9dc5 ^ runSeed;
  for (const char of key) {
    hash ^= char.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193);
  }
  return hash | 0;
}
