import { isDeepStrictEqual } from 'node:util';
import type { FastifyInstance, RouteShorthandOptions } from 'fastify';
import { z } from 'zod';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The shared schema the route's answer is declared with (respondsWith). */
    responseSchema?: z.ZodType;
  }
}

type JsonSchema = { [key: string]: unknown };

/**
 * Keywords that only check a value: the serializer needs the shape alone. Left in, they would
 * make a nullable object's or a union's branch fail to match (fast-json-stringify picks a branch
 * of anyOf by validating the value) over a detail the serializer does not care about.
 */
const checksOnly = new Set([
  '$schema',
  'format',
  'pattern',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minItems',
  'maxItems',
  'additionalItems',
  'propertyNames',
]);

function forSerializing(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(forSerializing);
  if (value === null || typeof value !== 'object') return value;
  const result: JsonSchema = {};
  for (const [key, inner] of Object.entries(value)) {
    if (checksOnly.has(key)) continue;
    // Unknown fields are dropped by the serializer anyway; `false` would only make a branch of
    // anyOf refuse a value that carries one.
    if (key === 'additionalProperties' && inner === false) continue;
    // A property named like a keyword is still a property.
    result[key] =
      key === 'properties' ? mapValues(inner as JsonSchema, forSerializing) : forSerializing(inner);
  }
  return result;
}

function mapValues(object: JsonSchema, map: (value: unknown) => unknown): JsonSchema {
  return Object.fromEntries(Object.entries(object).map(([key, value]) => [key, map(value)]));
}

const converted = new WeakMap<z.ZodType, JsonSchema>();

/** The JSON Schema of a shared zod schema's output, as fast-json-stringify reads it (draft 7). */
export function serializationSchema(schema: z.ZodType): JsonSchema {
  let json = converted.get(schema);
  if (!json) {
    const full = z.toJSONSchema(schema, { target: 'draft-7', io: 'output' });
    json = forSerializing(full) as JsonSchema;
    converted.set(schema, json);
  }
  return json;
}

/**
 * Route options declaring a JSON answer with its shared schema (decision 020): Fastify then
 * writes it with fast-json-stringify, and a field the schema does not name is never sent.
 * `statuses` are the codes it covers (every 2xx by default); errors stay undeclared, so the error
 * handler's `{ error, message }` is written as before.
 */
export function respondsWith(
  schema: z.ZodType,
  options: RouteShorthandOptions = {},
  statuses: readonly (number | '2xx')[] = ['2xx'],
): RouteShorthandOptions {
  const json = serializationSchema(schema);
  return {
    ...options,
    schema: {
      ...options.schema,
      response: Object.fromEntries(statuses.map((status) => [String(status), json])),
    },
    config: { ...options.config, responseSchema: schema },
  };
}

/**
 * For the tests: every declared answer must be sent whole, and must parse with its shared schema.
 * The answer as JSON.stringify would write it is compared with what the serializer wrote; a
 * field the schema lacks, or a value it would change (a number where it says string), fails the
 * request with a 500 that names the route, instead of being dropped quietly.
 */
export function checkDeclaredAnswers(app: FastifyInstance): void {
  const plain = new WeakMap<object, string>();
  app.addHook('preSerialization', async (request, _reply, payload) => {
    if (request.routeOptions.config.responseSchema && payload !== null) {
      plain.set(request, JSON.stringify(payload));
    }
    return payload;
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const schema = request.routeOptions.config.responseSchema;
    const expected = plain.get(request);
    if (!schema || expected === undefined || typeof payload !== 'string') return payload;
    if (reply.statusCode < 200 || reply.statusCode > 299) return payload;
    const sent: unknown = JSON.parse(payload);
    const route = `${request.method} ${request.routeOptions.url ?? request.url}`;
    if (!isDeepStrictEqual(sent, JSON.parse(expected))) {
      throw new Error(`${route}: the declared answer differs from the one built: ${expected}`);
    }
    const parsed = schema.safeParse(sent);
    if (!parsed.success) {
      throw new Error(`${route}: the shared schema refuses the answer: ${parsed.error.message}`);
    }
    return payload;
  });
}
