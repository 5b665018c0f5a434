import * as endpointTable from '@suwerte/contracts';
import type { AnyEndpoint } from '@suwerte/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { RegistryAuth } from '../lib/auth';
import { apiRoutes } from './routes';

/** Every endpoint definition of the table (`@suwerte/contracts`), found by its shape. */
export function tableEndpoints(): AnyEndpoint[] {
  const found = new Map<string, AnyEndpoint>();
  const isEndpoint = (value: unknown): value is AnyEndpoint =>
    typeof value === 'object' && value !== null && 'id' in value && 'method' in value && 'path' in value && 'response' in value && 'auth' in value;
  for (const exported of Object.values(endpointTable)) {
    if (typeof exported !== 'object' || exported === null) continue;
    for (const value of Object.values(exported)) if (isEndpoint(value)) found.set(value.id, value);
  }
  return [...found.values()];
}

/** One route of the API as the bad-input cases see it. */
export interface CatalogEntry {
  id: string;
  method: string;
  path: string;
  auth: RegistryAuth;
  /** The body's contract, if the route reads a JSON body. */
  body: z.core.$ZodType | null;
  /** True when the route is registered from the endpoint table. */
  fromTable: boolean;
}

/**
 * Every route of the running app (the registry: nothing registered escapes), with the body
 * contract of its endpoint in the table. The only routes outside the table are pages a browser
 * navigates to (the game-site stand-in, the payment page) and the CORS preflight.
 */
export function catalog(app: FastifyInstance): CatalogEntry[] {
  const table = new Map<string, AnyEndpoint>(tableEndpoints().map((endpoint) => [endpoint.id, endpoint]));
  return apiRoutes(app).map((route) => {
    const id = `${route.method} ${route.url}`;
    const endpoint = table.get(id);
    return { id, method: route.method, path: route.url, auth: route.auth, body: endpoint?.body ?? null, fromTable: endpoint !== undefined };
  });
}

/** The fields of an object schema (through refinements), or none. */
export function fieldsOf(schema: z.core.$ZodType): Record<string, z.core.$ZodType> {
  return schema instanceof z.core.$ZodObject ? schema._zod.def.shape : {};
}
