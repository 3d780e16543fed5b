/** The part of JSON Schema that zod's OpenAPI output uses, as the fuzzer reads it. */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  nullable?: boolean;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

export interface FuzzParameter {
  name: string;
  required: boolean;
  schema: JsonSchema;
}

/** One operation of the OpenAPI document: what a request to it may carry. */
export interface FuzzOperation {
  /** Upper case, e.g. `PATCH`. */
  method: string;
  /** The OpenAPI path template, e.g. `/api/contacts/{id}`. */
  path: string;
  pathParams: FuzzParameter[];
  query: FuzzParameter[];
  body: { schema: JsonSchema; required: boolean; contentType: string } | null;
}

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

interface OpenApiParameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: JsonSchema;
}

interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: JsonSchema }> };
}

/** Every operation of an OpenAPI 3 document (as @fastify/swagger serves it), in document order. */
export function operationsFromOpenApi(document: unknown): FuzzOperation[] {
  const paths = (document as { paths?: Record<string, Record<string, OpenApiOperation>> }).paths;
  if (!paths) throw new Error('The OpenAPI document has no paths');
  const operations: FuzzOperation[] = [];
  for (const [path, item] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!HTTP_METHODS.includes(method)) continue;
      const parameters = operation.parameters ?? [];
      const parameter = (p: OpenApiParameter): FuzzParameter => ({
        name: p.name,
        required: p.required ?? p.in === 'path',
        schema: p.schema ?? {},
      });
      const content = Object.entries(operation.requestBody?.content ?? {});
      const [contentType, media] = content.find(([type]) => type === 'application/json') ?? content[0] ?? [];
      operations.push({
        method: method.toUpperCase(),
        path,
        pathParams: parameters.filter((p) => p.in === 'path').map(parameter),
        query: parameters.filter((p) => p.in === 'query').map(parameter),
        body:
          contentType && media
            ? {
                schema: media.schema ?? {},
                required: operation.requestBody?.required ?? false,
                contentType,
              }
            : null,
      });
    }
  }
  return operations;
}

export interface RouteEntry {
  method: string;
  /** Parameters written `{}`, whatever their names: `/api/blogs/{}`. */
  path: string;
}

/** A path with its parameters written `{}`, from either notation (`{id}` or `:id`, `:slug|:id`). */
export function normalizeRoutePath(path: string): string {
  return path.replace(/\{[^}]+\}/g, '{}').replace(/:[A-Za-z0-9_]+(?:\|:[A-Za-z0-9_]+)*/g, '{}');
}

/**
 * The routes of `app.printRoutes({ commonPrefix: false })`, one entry per method. Fastify has no public
 * list of its routes once they are registered; its printed tree is the one complete view.
 */
export function routesFromPrintout(printout: string): RouteEntry[] {
  const routes: RouteEntry[] = [];
  const prefixes: string[] = [];
  for (const line of printout.split('\n')) {
    const match = /^([\s│]*)[├└]── (.*?)(?: \(([^)]*)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    prefixes.length = depth;
    const path = prefixes.join('') + match[2]!;
    prefixes.push(match[2]!);
    for (const method of match[3]?.split(',') ?? []) {
      routes.push({ method: method.trim(), path: normalizeRoutePath(path) });
    }
  }
  return routes;
}
