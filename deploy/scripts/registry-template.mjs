// Turns the host build's remotes.json into the template the host container fills at start
// (registryTemplate in @suwerte/federation, where every writer of remotes.json lives): each remote
// keeps the URL prefixes it owns and its `entry` becomes a placeholder that deploy/static/entrypoint.sh
// replaces with the release's URL, followed by the remote's canary or nothing. One remote per line.
//
//   node deploy/scripts/registry-template.mjs host/dist/remotes.json > remotes.template.json
import { readFileSync } from 'node:fs';
import { registryTemplate } from '@suwerte/federation/registry-writers';

const source = process.argv[2];
if (!source) {
  console.error('usage: node deploy/scripts/registry-template.mjs <remotes.json>');
  process.exit(64);
}
try {
  process.stdout.write(registryTemplate(JSON.parse(readFileSync(source, 'utf8')), source));
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(65);
}
