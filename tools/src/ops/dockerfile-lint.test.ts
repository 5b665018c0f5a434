import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../site';
import { dockerignoreMatcher, lintDockerfile, parseDockerfile, stagesOf, targetStages } from './dockerfile-lint';

const rootManifest = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { workspaces: string[] };
const options = { context: REPO_ROOT, workspaces: rootManifest.workspaces };
const DOCKERFILE = path.join(REPO_ROOT, 'deploy', 'Dockerfile');
const deployDir = path.join(REPO_ROOT, 'deploy');

const GOOD = `# syntax=docker/dockerfile:1
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm install
FROM alpine:3.21
RUN apk add --no-cache nginx
COPY --from=build /app/dist /srv/app
USER nginx
EXPOSE 8080
HEALTHCHECK CMD wget -q -O /dev/null http://127.0.0.1:8080/ || exit 1
ENTRYPOINT ["nginx"]
`;
const rules = (text: string, workspaces?: string[]) =>
  lintDockerfile(text, { context: REPO_ROOT, ...(workspaces ? { workspaces } : {}) }).map((issue) => issue.rule);

describe('Dockerfile lint', () => {
  it('builds every image from one file, one target each (deploy/Dockerfile)', () => {
    const stages = stagesOf(parseDockerfile(readFileSync(DOCKERFILE, 'utf8')));
    expect(targetStages(stages).map((stage) => stage.name)).toEqual(['player-api', 'host', 'remote', 'gateway']);
    // No part keeps a Dockerfile of its own beside it (the shared stages would drift apart).
    const perPart = readdirSync(deployDir, { withFileTypes: true }).filter((entry) => entry.isDirectory() && existsSync(path.join(deployDir, entry.name, 'Dockerfile')));
    expect(perPart.map((entry) => entry.name)).toEqual([]);
  });

  it('deploy/Dockerfile passes every rule', () => {
    expect(lintDockerfile(readFileSync(DOCKERFILE, 'utf8'), options)).toEqual([]);
  });

  it('checks each target of a multi-target file with what it inherits from the stages it is built on', () => {
    const multi = `FROM debian:trixie-slim AS build
RUN apt-get update && apt-get install -y --no-install-recommends g++ && rm -rf /var/lib/apt/lists/*
FROM debian:trixie-slim AS runtime
EXPOSE 8080
ENTRYPOINT ["/srv/run"]
FROM runtime AS one
COPY --from=build /out /srv
USER app
HEALTHCHECK CMD ["/srv/check"]
FROM runtime AS two
COPY --from=build /out /srv
HEALTHCHECK CMD ["/srv/check"]
`;
    // "two" inherits EXPOSE and ENTRYPOINT but runs as root; "one" is fine; "build" and "runtime" are no targets.
    expect(lintDockerfile(multi, { context: REPO_ROOT }).map((issue) => [issue.line, issue.rule, issue.message])).toEqual([
      [10, 'non-root', 'the target "two" must switch to an unprivileged USER'],
    ]);
    expect(rules(multi.replace('FROM runtime AS one', 'FROM build AS one'))).toEqual(['expose', 'start', 'small-final', 'non-root']);
    expect(rules(multi.replace('USER app', 'USER root').replace('FROM runtime AS two', 'FROM runtime AS two\nUSER 1000'))).toEqual(['non-root']);
    expect(rules(`${multi}USER app\n`)).toEqual([]);
  });

  it('does not take `npm install --prefix <dir> <package>` for a workspace install', () => {
    expect(rules(GOOD.replace('RUN npm install', 'RUN npm install --prefix /sqlite better-sqlite3@12.11.1'), ['host'])).toEqual([]);
    expect(rules(GOOD.replace('RUN npm install', 'RUN npm install --workspace host'), ['host'])).toEqual(['workspaces']);
  });

  it('accepts a minimal good file and joins continuation lines', () => {
    expect(rules(GOOD)).toEqual([]);
    expect(parseDockerfile('RUN a \\\n  # note\n  && b\nUSER x').map((i) => [i.keyword, i.args, i.line])).toEqual([
      ['RUN', 'a && b', 1],
      ['USER', 'x', 4],
    ]);
  });

  it('flags single-stage, root, unpinned and unhealthy images', () => {
    expect(rules('FROM node\nCMD node main.js\n')).toEqual(
      expect.arrayContaining(['multi-stage', 'pinned-base', 'non-root', 'healthcheck', 'expose', 'exec-form', 'small-final']),
    );
    expect(rules(GOOD.replace('USER nginx', 'USER root'))).toEqual(['non-root']);
    expect(rules(GOOD.replace('alpine:3.21', 'alpine:latest'))).toEqual(['pinned-base']);
    expect(rules(GOOD.replace('FROM node:20-bookworm-slim AS build', 'FROM node:20-bookworm-slim'))).toEqual(['named-stage', 'copy-from']);
  });

  it('flags package-manager hygiene, ADD, cd, sudo and baked secrets', () => {
    expect(rules(GOOD.replace('apk add --no-cache nginx', 'apk add nginx'))).toEqual(['apk']);
    expect(rules(GOOD.replace('RUN npm install', 'RUN apt-get update\nRUN apt-get install python3 && npm install'))).toEqual(['apt', 'apt', 'apt', 'apt']);
    expect(rules(GOOD.replace('COPY package.json', 'ADD package.json'))).toContain('no-add');
    expect(rules(GOOD.replace('RUN npm install', 'RUN cd /tmp && sudo npm install'))).toEqual(['no-sudo', 'workdir-not-cd']);
    expect(rules(GOOD.replace('USER nginx', 'ENV JWT_SECRET=abc\nUSER nginx'))).toEqual(['no-secrets']);
    expect(rules(GOOD.replace('FROM alpine:3.21', 'FROM alpine:3.21\nRUN apk add --no-cache g++'))).toEqual(['small-final']);
  });

  it('checks COPY sources against the build context and .dockerignore, and npm workspaces', () => {
    expect(rules(GOOD.replace('COPY package.json', 'COPY nowhere.json package.json'))).toEqual(['copy-source']);
    expect(rules(GOOD.replace('COPY package.json', 'COPY host/dist package.json'))).toEqual(['copy-source']);
    // A source named by a build argument stands for every path of its shape.
    expect(rules(GOOD.replace('COPY package.json', 'COPY remote-${REMOTE}/package.json package.json'))).toEqual([]);
    expect(rules(GOOD.replace('COPY package.json', 'COPY nothing-${REMOTE} package.json'))).toEqual(['copy-source']);
    expect(rules(GOOD.replace('COPY package.json', 'COPY remote-$REMOTE/dist package.json'))).toEqual(['copy-source']);
    expect(rules(GOOD, ['host'])).toEqual(['workspaces']);
    expect(rules(GOOD.replace('RUN npm install', 'COPY host/package.json host/\nRUN npm install'), ['host'])).toEqual([]);
  });

  it('reads .dockerignore patterns like Docker', () => {
    const ignored = dockerignoreMatcher('**/node_modules\n**/dist\ne2e/*\n!e2e/package.json\n.env\n');
    expect(ignored('node_modules')).toBe(true);
    expect(ignored('host/node_modules/react')).toBe(true);
    expect(ignored('remote-lotto/dist/main.js')).toBe(true);
    expect(ignored('e2e/tests')).toBe(true);
    expect(ignored('e2e/package.json')).toBe(false);
    expect(ignored('.env')).toBe(true);
    expect(ignored('.env.example')).toBe(false);
    expect(ignored('host/src/dist.ts')).toBe(false);
  });
});
