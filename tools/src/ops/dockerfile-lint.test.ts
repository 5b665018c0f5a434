import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../site';
import { dockerignoreMatcher, lintDockerfile, parseDockerfile } from './dockerfile-lint';

const rootManifest = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { workspaces: string[] };
const options = { context: REPO_ROOT, workspaces: rootManifest.workspaces };
const deployDir = path.join(REPO_ROOT, 'deploy');
const dockerfiles = readdirSync(deployDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => path.join(deployDir, entry.name, 'Dockerfile'))
  .filter((file) => {
    try {
      readFileSync(file);
      return true;
    } catch {
      return false;
    }
  });

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
  it('has a Dockerfile for every part', () => {
    expect(dockerfiles.map((file) => path.basename(path.dirname(file))).sort()).toEqual(
      ['host', 'player-api', 'remote'],
    );
  });

  it.each(dockerfiles.map((file) => [path.relative(REPO_ROOT, file), file]))('%s passes every rule', (_name, file) => {
    expect(lintDockerfile(readFileSync(file, 'utf8'), options)).toEqual([]);
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
