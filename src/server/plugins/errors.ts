import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ApiError } from '../../shared/contracts/api.ts';
import { codeOfStatus, HttpError } from '../lib/http-errors.ts';

const STATUS_MESSAGES: Record<number, string> = {
  400: 'The request is not valid',
  401: 'Authentication required',
  403: 'Forbidden',
  404: 'Not found',
  405: 'Method not allowed',
  408: 'The request took too long to arrive',
  409: 'Conflict',
  413: 'The request body is too large',
  414: 'The address is too long',
  415: 'Unsupported content type: send JSON',
  428: 'A confirmation that you are a person is needed',
  429: 'Too many requests, please try again later',
  431: 'The request headers are too large',
  500: 'Something went wrong on our side. Please try again.',
};

/**
 * The app's own words for a status. Messages of Fastify's and Node's errors are never passed on: many of
 * them quote the request (its URL, a header), and an error answer must not echo input.
 */
function statusMessage(status: number): string {
  return STATUS_MESSAGES[status] ?? (status >= 500 ? STATUS_MESSAGES[500]! : STATUS_MESSAGES[400]!);
}

/** The body of an error answer, serialized: {success:false, code, message}. */
export function errorBody(status: number, message = statusMessage(status)): string {
  const body: ApiError = { success: false, code: codeOfStatus(status), message };
  return JSON.stringify(body);
}

export const JSON_TYPE = 'application/json; charset=utf-8';

function fieldErrors(
  issues: { instancePath?: string; params?: unknown; message?: string }[],
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const params = issue.params as { issue?: { path?: PropertyKey[] } } | undefined;
    const path = params?.issue?.path ?? issue.instancePath?.split('/').filter(Boolean) ?? [];
    const field = path.length > 0 ? path.map(String).join('.') : '_';
    errors[field] ??= issue.message ?? 'Invalid value';
  }
  return errors;
}

const NO_SUCH_ENDPOINT_MESSAGE = 'No such endpoint';

/** One error shape for every 4xx and 5xx: {success:false, code, message, errors?}. Never a stack trace. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    let body: ApiError;
    let status: number;

    if (error instanceof HttpError) {
      status = error.statusCode;
      body = {
        ...error.details,
        success: false,
        code: error.code,
        message: error.message,
        ...(error.errors ? { errors: error.errors } : {}),
      };
      if (error.headers) reply.headers(error.headers);
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      status = 400;
      const errors = fieldErrors(error.validation);
      const first = Object.values(errors)[0];
      body = {
        success: false,
        code: 'VALIDATION',
        message: first ? `Please check the form: ${first}` : STATUS_MESSAGES[400]!,
        errors,
      };
    } else if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      status = 500;
      body = { success: false, code: 'INTERNAL', message: statusMessage(500) };
    } else {
      const code = typeof error.statusCode === 'number' ? error.statusCode : 500;
      status = code >= 400 && code < 600 ? code : 500;
      if (status >= 500) {
        request.log.error({ err: error }, 'request failed');
        body = { success: false, code: 'INTERNAL', message: statusMessage(500) };
      } else {
        // Fastify's own client errors (bad JSON, wrong content type, body too large) keep a clear message.
        const message =
          error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
            ? 'The request body is not valid JSON'
            : statusMessage(status);
        body = { success: false, code: codeOfStatus(status), message };
      }
    }
    return reply.status(status).type(JSON_TYPE).send(JSON.stringify(body));
  });

  // The path is not repeated: an answer carrying the URL back is a reflection waiting to be misused.
  app.setNotFoundHandler((_request, reply) =>
    reply.status(404).type(JSON_TYPE).send(errorBody(404, NO_SUCH_ENDPOINT_MESSAGE)),
  );
}
