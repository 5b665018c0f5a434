import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PublishError } from './errors';

export const isUrl = (source: string): boolean => /^https?:\/\//.test(source);

/** Reads a JSON document from a file or an http(s) URL (e.g. a live site's remotes.json). */
export async function readJson(source: string): Promise<unknown> {
  let text: string;
  try {
    if (isUrl(source)) {
      const response = await fetch(source, { cache: 'no-store' });
      if (!response.ok) throw new PublishError(`${source} answered HTTP ${response.status}`);
      text = await response.text();
    } else {
      text = readFileSync(source, 'utf8');
    }
  } catch (error) {
    if (error instanceof PublishError) throw error;
    throw new PublishError(`cannot read ${source}: ${error instanceof Error ? error.message : String(error)}`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new PublishError(`${source} is not JSON`);
  }
}

/** A file beside a folder or a site: `<dir>/<name>` or `<url>/<name>`. */
export function besides(source: string, name: string): string {
  return isUrl(source) ? `${source.replace(/\/+$/, '')}/${name}` : path.join(source, name);
}
