import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * A Dockerfile linter for this repository's images, written here because no Docker engine (and
 * no hadolint) runs on this machine. It checks the rules the images promise — multi-stage,
 * small final image, non-root, health-checked — plus hadolint's best-known rules (pinned base
 * images, apt/apk hygiene, exec-form CMD, no ADD of local files) and that everything a COPY
 * names exists in the build context and is not excluded by .dockerignore.
 */

export interface Instruction {
  keyword: string;
  args: string;
  line: number;
}

export interface Stage {
  image: string;
  name: string | null;
  line: number;
  instructions: Instruction[];
}

export interface LintIssue {
  line: number;
  rule: string;
  message: string;
}

/** Instructions with continuation lines joined; comments and parser directives dropped. */
export function parseDockerfile(text: string): Instruction[] {
  const instructions: Instruction[] = [];
  const lines = text.split('\n');
  let buffer = '';
  let start = 0;
  for (let index = 0; index < lines.length; index += 1) {
    const raw = lines[index] ?? '';
    const trimmed = raw.trim();
    if (buffer === '' && (trimmed === '' || trimmed.startsWith('#'))) continue;
    if (buffer !== '' && trimmed.startsWith('#')) continue;
    if (buffer === '') start = index + 1;
    if (trimmed.endsWith('\\')) {
      buffer += `${trimmed.slice(0, -1).trimEnd()} `;
      continue;
    }
    buffer += trimmed;
    const match = /^(\S+)\s*(.*)$/s.exec(buffer);
    if (match) instructions.push({ keyword: (match[1] ?? '').toUpperCase(), args: (match[2] ?? '').trim(), line: start });
    buffer = '';
  }
  return instructions;
}

export function stagesOf(instructions: Instruction[]): Stage[] {
  const stages: Stage[] = [];
  for (const instruction of instructions) {
    if (instruction.keyword === 'FROM') {
      const match = /^(?:--platform=\S+\s+)?(\S+)(?:\s+AS\s+(\S+))?$/i.exec(instruction.args);
      stages.push({ image: match?.[1] ?? instruction.args, name: match?.[2] ?? null, line: instruction.line, instructions: [] });
    } else {
      stages.at(-1)?.instructions.push(instruction);
    }
  }
  return stages;
}

/** Flags (`--from=build`, `--chmod=755`) and the source/destination words of a COPY. */
function copyParts(args: string): { flags: Record<string, string>; sources: string[]; destination: string } {
  const words = args.split(/\s+/).filter(Boolean);
  const flags: Record<string, string> = {};
  while (words[0]?.startsWith('--')) {
    const [key = '', value = ''] = (words.shift() ?? '').slice(2).split('=');
    flags[key] = value;
  }
  const destination = words.pop() ?? '';
  return { flags, sources: words, destination };
}

/** The subset of .dockerignore syntax: `dir`, `**\/name`, `dir/*`, `*.ext`, `!exception`. */
export function dockerignoreMatcher(text: string): (relative: string) => boolean {
  const rules = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const negate = line.startsWith('!');
      const pattern = (negate ? line.slice(1) : line).replace(/^\/+|\/+$/g, '');
      const source = pattern
        .split('/')
        .map((part) => (part === '**' ? '(?:.*)' : part.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*').replace(/\?/g, '[^/]')))
        .join('/')
        .replace(/\(\?:\.\*\)\//g, '(?:.*/)?');
      return { negate, regex: new RegExp(`^${source}(?:/.*)?$`) };
    });
  return (relative) => {
    let excluded = false;
    for (const rule of rules) if (rule.regex.test(relative)) excluded = !rule.negate;
    return excluded;
  };
}

/**
 * The paths a COPY source can name: itself, or — when it uses a build argument (`remote-${REMOTE}`)
 * — every existing path of that shape, the argument standing for one path segment's worth.
 */
function expandBuildArgs(source: string, context: string): string[] {
  if (!/\$\{?\w+\}?/.test(source)) return existsSync(path.join(context, source)) ? [source] : [];
  const segments = source.split('/');
  let found = [''];
  for (const segment of segments) {
    const next: string[] = [];
    for (const parent of found) {
      if (!/\$\{?\w+\}?/.test(segment)) {
        const candidate = parent ? `${parent}/${segment}` : segment;
        if (existsSync(path.join(context, candidate))) next.push(candidate);
        continue;
      }
      const pattern = new RegExp(`^${segment.split(/\$\{?\w+\}?/).map((part) => part.replace(/[.+^${}()|[\]\\*?]/g, '\\$&')).join('[^/]+')}$`);
      let entries: string[];
      try {
        entries = readdirSync(path.join(context, parent));
      } catch {
        entries = [];
      }
      for (const entry of entries) if (pattern.test(entry)) next.push(parent ? `${parent}/${entry}` : entry);
    }
    found = next;
  }
  return found;
}

/**
 * The stages an image can be built from (`--target`): the last stage, and every stage no other
 * stage builds on (`FROM <stage>`) or copies from (`COPY --from=<stage>`). A multi-target file
 * (deploy/Dockerfile) has several.
 */
export function targetStages(stages: Stage[]): Stage[] {
  const used = new Set<string>();
  for (const stage of stages) {
    used.add(stage.image);
    for (const instruction of stage.instructions) {
      const from = instruction.keyword === 'COPY' ? /--from=(\S+)/.exec(instruction.args)?.[1] : undefined;
      if (from) used.add(from);
    }
  }
  return stages.filter((stage, index) => index === stages.length - 1 || (stage.name !== null && !used.has(stage.name)));
}

/** A stage and the stages it is built on (`FROM <earlier stage>`), the stage first. */
export function chainOf(stage: Stage, stages: Stage[]): Stage[] {
  const chain = [stage];
  for (let parent = stages.find((other) => other.name === stage.image); parent && !chain.includes(parent); parent = stages.find((other) => other.name === parent?.image)) {
    chain.push(parent);
  }
  return chain;
}

/** What an image must have, read from its target stage and the stages it is built on (the nearest setting wins). */
function checkTarget(stage: Stage, chain: Stage[], report: (line: number, rule: string, message: string) => void): void {
  const what = stage.name ? `the target "${stage.name}"` : 'the final stage';
  const nearest = (...keywords: string[]) => {
    for (const link of chain) {
      const found = link.instructions.filter((instruction) => keywords.includes(instruction.keyword)).at(-1);
      if (found) return found;
    }
    return undefined;
  };
  const user = nearest('USER');
  if (!user) report(stage.line, 'non-root', `${what} must switch to an unprivileged USER`);
  else if (ROOT_USERS.has(user.args.trim())) report(user.line, 'non-root', `the USER of ${what} must not be root`);
  if (!nearest('HEALTHCHECK')) report(stage.line, 'healthcheck', `${what} needs a HEALTHCHECK`);
  if (!nearest('EXPOSE')) report(stage.line, 'expose', `document the port of ${what} with EXPOSE`);
  const start = [nearest('CMD'), nearest('ENTRYPOINT')].filter((instruction) => instruction !== undefined);
  if (start.length === 0) report(stage.line, 'start', `${what} needs a CMD or ENTRYPOINT`);
  for (const instruction of start) {
    if (!instruction.args.startsWith('[')) report(instruction.line, 'exec-form', `${instruction.keyword} in JSON (exec) form, so signals reach the process`);
  }
  const root = chain.at(-1) ?? stage;
  if (/^(node|debian|ubuntu|python)(:|$)/.test(root.image) && !/(slim|alpine)/.test(root.image)) {
    report(root.line, 'small-final', `${root.image}: use a slim or alpine base for ${what}`);
  }
  const toolchain = chain.some((link) =>
    link.instructions.some((instruction) => instruction.keyword === 'RUN' && /(^|\s)(g\+\+|gcc|build-essential|build-base|make|python3)(\s|$)/.test(instruction.args)),
  );
  if (toolchain) report(stage.line, 'small-final', `compilers belong in a build stage, not in ${what}`);
}

export interface LintOptions {
  /** The build context (the repository root): COPY sources must exist there. */
  context: string;
  /** Workspace folders whose package.json every `npm install` needs (npm workspaces). */
  workspaces?: string[];
}

const ROOT_USERS = new Set(['root', '0', '0:0', 'root:root']);

export function lintDockerfile(text: string, options: LintOptions): LintIssue[] {
  const issues: LintIssue[] = [];
  const report = (line: number, rule: string, message: string) => issues.push({ line, rule, message });
  const instructions = parseDockerfile(text);
  const stages = stagesOf(instructions);
  const ignorePath = path.join(options.context, '.dockerignore');
  const ignored = dockerignoreMatcher(existsSync(ignorePath) ? readFileSync(ignorePath, 'utf8') : '');

  if (stages.length < 2) report(1, 'multi-stage', 'build in one stage and copy only the result into a small final stage');
  const names = new Set<string>();
  stages.forEach((stage, index) => {
    const [image = '', tag] = stage.image.split('@')[0]?.split(':') ?? [];
    if (!names.has(stage.image)) {
      if (!tag && !stage.image.includes('@')) report(stage.line, 'pinned-base', `FROM ${image}: pin a tag`);
      if (tag === 'latest') report(stage.line, 'pinned-base', `FROM ${image}:latest: pin a version tag`);
    }
    const last = index === stages.length - 1;
    if (!last && !stage.name) report(stage.line, 'named-stage', 'name build stages (FROM … AS build) so COPY --from reads clearly');

    const copiedManifests = new Set<string>();
    for (const instruction of stage.instructions) {
      const { keyword, args, line } = instruction;
      if (keyword === 'ADD' && !/^(--\S+\s+)*(https?:|git@)/.test(args)) report(line, 'no-add', 'use COPY for local files');
      if (keyword === 'MAINTAINER') report(line, 'deprecated', 'MAINTAINER is deprecated: use a LABEL');
      if (keyword === 'WORKDIR' && !args.startsWith('/') && !args.startsWith('$')) report(line, 'absolute-workdir', `WORKDIR ${args}: use an absolute path`);
      if ((keyword === 'ENV' || keyword === 'ARG') && /(SECRET|PASSWORD|TOKEN)\w*\s*=\s*\S/i.test(args)) {
        report(line, 'no-secrets', `${keyword} bakes a secret into the image: pass it at run time`);
      }
      if (keyword === 'RUN') {
        if (/(^|[\s;&|])sudo\s/.test(args)) report(line, 'no-sudo', 'RUN runs as the stage user already: no sudo');
        if (/(^|[\s;&|])cd\s/.test(args)) report(line, 'workdir-not-cd', 'use WORKDIR instead of cd');
        if (/apt-get\s+(-\S+\s+)*install/.test(args)) {
          if (!/\s(-y|--yes|-qq?y)\b/.test(args)) report(line, 'apt', 'apt-get install needs -y');
          if (!args.includes('--no-install-recommends')) report(line, 'apt', 'apt-get install --no-install-recommends keeps the layer small');
          if (!args.includes('rm -rf /var/lib/apt/lists')) report(line, 'apt', 'remove /var/lib/apt/lists in the same RUN');
        }
        if (/apt-get\s+update/.test(args) && !/apt-get\s+(-\S+\s+)*install/.test(args)) report(line, 'apt', 'apt-get update alone caches a stale index: update and install in one RUN');
        if (/apk\s+add/.test(args) && !args.includes('--no-cache')) report(line, 'apk', 'apk add --no-cache keeps the layer small');
        // A workspace install (not `npm install --prefix <dir> <package>`, one package into a folder of its own).
        if (/\bnpm\s+(install|ci|i)\b/.test(args) && !/\s--prefix[\s=]/.test(args) && options.workspaces) {
          for (const workspace of options.workspaces) {
            if (!copiedManifests.has(`${workspace}/package.json`)) {
              report(line, 'workspaces', `npm needs ${workspace}/package.json (a workspace the root lists) before it installs`);
            }
          }
          if (!copiedManifests.has('package-lock.json')) report(line, 'lockfile', 'copy package-lock.json before npm install');
        }
      }
      if (keyword === 'COPY') {
        const { flags, sources } = copyParts(args);
        if (flags.from !== undefined) {
          if (!names.has(flags.from) && !/^\d+$/.test(flags.from)) report(line, 'copy-from', `COPY --from=${flags.from}: no earlier stage has that name`);
          continue;
        }
        for (const source of sources) {
          const clean = source.replace(/^\.\/?/, '').replace(/\/+$/, '');
          if (clean === '') continue;
          const candidates = expandBuildArgs(clean, options.context);
          if (candidates.length === 0) report(line, 'copy-source', `COPY ${source}: not in the build context`);
          else if (candidates.every(ignored)) report(line, 'copy-source', `COPY ${source}: excluded by .dockerignore`);
          copiedManifests.add(clean);
        }
        // `COPY package.json package-lock.json ./` copies root files; `COPY x/package.json x/` a workspace's.
      }
    }
    if (stage.name) names.add(stage.name);
  });
  for (const stage of targetStages(stages)) checkTarget(stage, chainOf(stage, stages), report);
  return issues.sort((a, b) => a.line - b.line);
}
