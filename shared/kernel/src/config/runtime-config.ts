import { z } from 'zod/mini';

// The config is the first thing the browser parses: no JIT (the CSP forbids eval; see contracts/fields.ts).
z.config({ jitless: true });

/** Production or test player API / game site; the spec fixes the site type to production. */
export const SITE_TYPE = 'production' as const;
export type SiteType = 'production' | 'test';

const UrlPair = z.object({ production: z.url(), test: z.url() });

/**
 * `/config.json`, served next to the host (and next to each remote's standalone page).
 * Generated from environment variables when a container starts, so one build runs anywhere.
 */
export const RuntimeConfigSchema = z.object({
  api: UrlPair,
  socket: UrlPair,
  gameSite: UrlPair,
  imageUpload: z.object({
    url: z.url(),
    uploadPreset: z.string().check(z.minLength(1)),
    cloudName: z.string().check(z.minLength(1)),
  }),
  defaultReferralCode: z.string().check(z.minLength(1)),
  analytics: z._default(z.object({ measurementId: z.nullable(z.string().check(z.minLength(1))) }), { measurementId: null }),
  /**
   * Real players' vitals (LCP, INP, CLS) per remote release: the share of page loads, 0–1, that
   * measure and report them. Unset: 1 in 10 (enough for a canary's figures, little traffic).
   */
  vitals: z._default(z.object({ sampleRate: z.number().check(z.gte(0), z.lte(1)) }), { sampleRate: 0.1 }),
});
export type RuntimeConfig = z.infer<typeof RuntimeConfigSchema>;

let current: RuntimeConfig | null = null;
let resolveReady: (config: RuntimeConfig) => void = () => undefined;
const ready = new Promise<RuntimeConfig>((resolve) => {
  resolveReady = resolve;
});

/** Installs the runtime config (host bootstrap, a remote's standalone shell, or a test). */
export function setRuntimeConfig(config: RuntimeConfig): void {
  current = config;
  resolveReady(config);
}

/** Resolves once the config is installed; API calls made before that simply wait. */
export function whenRuntimeConfig(): Promise<RuntimeConfig> {
  return current ? Promise.resolve(current) : ready;
}

export function getRuntimeConfig(): RuntimeConfig | null {
  return current;
}

/** How `/config.json` is read: revalidated on every load (it is served no-cache). */
export const RUNTIME_CONFIG_READ: RequestInit = { cache: 'no-cache' };

/** The answer to a read of the file, as far as loading it needs. */
export type RuntimeConfigAnswer = Pick<Response, 'ok' | 'status' | 'json'>;

/**
 * Fetches and validates `/config.json`; a bad file is a clear error, never a half-configured site.
 * `read`: the host hands over the early script's read of it (docs/decisions/236).
 */
export async function loadRuntimeConfig(url = '/config.json', read: (url: string) => Promise<RuntimeConfigAnswer> = (file) => fetch(file, RUNTIME_CONFIG_READ)): Promise<RuntimeConfig> {
  const response = await read(url);
  if (!response.ok) throw new Error(`Runtime config ${url} answered HTTP ${response.status}`);
  const parsed = RuntimeConfigSchema.safeParse(await response.json());
  if (!parsed.success) throw new Error(`Runtime config ${url} is invalid: ${z.prettifyError(parsed.error)}`);
  setRuntimeConfig(parsed.data);
  return parsed.data;
}

/** The URL of the current site type from a production/test pair. */
export function forSiteType(pair: { production: string; test: string }): string {
  return pair[SITE_TYPE];
}
