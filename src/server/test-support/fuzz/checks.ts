import { ERROR_CODES } from '../../../shared/rules/api.ts';
/** What an answer must never be, whatever the request. */
export type ViolationKind =
  | 'server error'
  | 'stack trace'
  | 'error shape'
  | 'echo'
  | 'security headers'
  | 'redirect'
  | 'logged error';

export interface Violation {
  kind: ViolationKind;
  detail: string;
}

export interface FuzzResponse {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
}

// A V8 stack frame (`    at fn (/path/file.ts:12:5)`), a file of the project or a dependency, or Node internals.
const STACK_FRAME = /\n\s+at .+\(.*:\d+:\d+\)|\bat (?:async )?[\w$.<>[\] ]+ \((?:file:\/\/|\/|node:)/;
const RAW_ERROR = /\b(?:Type|Range|Syntax|Reference|Eval|URI|Aggregate)Error\b|\bError: |\bat Object\./;

function leaksInternals(body: string, isError: boolean): string | null {
  if (STACK_FRAME.test(body)) return 'a stack frame';
  if (body.includes(process.cwd())) return `a path of the project (${process.cwd()})`;
  if (/node_modules[\\/]|node:internal/.test(body)) return 'a dependency or Node path';
  if (isError && RAW_ERROR.test(body)) return `a raw error (${RAW_ERROR.exec(body)![0].trim()})`;
  return null;
}

function header(response: FuzzResponse, name: string): string | undefined {
  const value = response.headers[name];
  return value === undefined ? undefined : String(value);
}

/** `{success:false, code, message, errors?:{field: message}}` with a known code, and nothing else. */
function errorShapeProblem(body: string): string | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return 'the body is not JSON';
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    return 'the body is not an object';
  const { success, code, message, errors, ...rest } = parsed as Record<string, unknown>;
  if (success !== false) return 'success is not false';
  if (!ERROR_CODES.some((known) => known === code)) return 'no known code';
  if (typeof message !== 'string' || message.trim() === '') return 'no message';
  if (Object.keys(rest).length > 0) return `unexpected keys ${Object.keys(rest).join(', ')}`;
  if (errors !== undefined) {
    if (typeof errors !== 'object' || errors === null) return 'errors is not an object';
    if (Object.values(errors).some((value) => typeof value !== 'string'))
      return 'an errors entry is not text';
  }
  return null;
}

/**
 * Every rule for the answer to a bad request: no 5xx, no stack trace or internal path, the one JSON error
 * shape under /api, no echo of the input in an error, the security headers, no redirect off the site.
 */
export function checkResponse(
  request: { method: string; url: string },
  response: FuzzResponse,
  {
    serverErrors = [],
    marker,
  }: {
    serverErrors?: string[];
    /** The echo marker as this request carried it (made unique to it, see tagEchoMarkers). */
    marker?: string;
  } = {},
): Violation[] {
  const violations: Violation[] = [];
  const status = response.statusCode;
  const isError = status >= 400;
  if (status >= 500) violations.push({ kind: 'server error', detail: `status ${status}` });
  const leak = leaksInternals(response.body, isError);
  if (leak) violations.push({ kind: 'stack trace', detail: `the body shows ${leak}` });
  const isApi = /^\/api(?:[/?#]|$)/.test(request.url);
  if (isApi && isError && request.method !== 'HEAD') {
    const type = header(response, 'content-type') ?? '';
    const problem = type.startsWith('application/json')
      ? errorShapeProblem(response.body)
      : `content-type ${type}`;
    if (problem) violations.push({ kind: 'error shape', detail: problem });
  }
  if (isError && marker !== undefined && response.body.includes(marker)) {
    violations.push({ kind: 'echo', detail: 'the error repeats the request' });
  }
  const missing = ['x-content-type-options', 'content-security-policy'].filter(
    (name) => !header(response, name),
  );
  if (missing.length > 0)
    violations.push({ kind: 'security headers', detail: `missing ${missing.join(', ')}` });
  const location = header(response, 'location');
  if (status >= 300 && status < 400 && location !== undefined && !/^\/(?![/\\])/.test(location)) {
    violations.push({ kind: 'redirect', detail: `Location ${location.slice(0, 100)}` });
  }
  if (serverErrors.length > 0 && status < 500) {
    violations.push({ kind: 'logged error', detail: serverErrors[0]! });
  }
  return violations;
}
