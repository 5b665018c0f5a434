// Turns the host build's remotes.json into the template the host container fills at start:
// each remote keeps the URL prefixes it owns (the host's file stays their single source) and its
// `entry` becomes a placeholder, @ENTRY_<NAME>@, that deploy/static/entrypoint.sh replaces with a
// URL built from REMOTE_<NAME>_URL and REMOTE_<NAME>_VERSION, followed by @CANARY_<NAME>@, which it
// replaces with the remote's canary (REMOTE_<NAME>_CANARY_VERSION/_SHARE) or nothing. One remote per line.
//
//   node deploy/scripts/registry-template.mjs host/dist/remotes.json > remotes.template.json
import { readFileSync } from 'node:fs';

const source = process.argv[2];
if (!source) {
  console.error('usage: node deploy/scripts/registry-template.mjs <remotes.json>');
  process.exit(64);
}
const registry = JSON.parse(readFileSync(source, 'utf8'));
const remotes = registry?.remotes;
if (!remotes || typeof remotes !== 'object') {
  console.error(`${source}: no "remotes" object`);
  process.exit(65);
}
const lines = Object.entries(remotes).map(([name, remote]) => {
  if (!/^[a-z]+$/.test(name) || !Array.isArray(remote?.routes) || remote.routes.length === 0) {
    console.error(`${source}: remote "${name}" needs a lower-case name and a list of routes`);
    process.exit(65);
  }
  const routes = JSON.stringify(remote.routes);
  const upper = name.toUpperCase();
  return `    ${JSON.stringify(name)}: { "entry": "@ENTRY_${upper}@"@CANARY_${upper}@, "routes": ${routes} }`;
});
process.stdout.write(`{\n  "remotes": {\n${lines.join(',\n')}\n  }\n}\n`);
