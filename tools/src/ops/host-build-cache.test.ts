import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { hostBuildKey } from './host-build-cache';

describe("the host build's cache key", () => {
  let root = '';
  const apiUrl = process.env.SUWERTE_API_URL;
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  };

  afterEach(() => {
    rmSync(root, { recursive: true, force: true });
    if (apiUrl === undefined) delete process.env.SUWERTE_API_URL;
    else process.env.SUWERTE_API_URL = apiUrl;
  });

  it('changes with every input of the host build (tracked, new or deleted files, the environment), not with a remote or an ignored file', () => {
    root = mkdtempSync(path.join(tmpdir(), 'suwerte-host-key-'));
    delete process.env.SUWERTE_API_URL;
    execFileSync('git', ['init', '-q'], { cwd: root });
    write('.gitignore', 'dist/\n');
    write('host/src/main.tsx', 'export const a = 1;');
    write('shared/ui/src/button.tsx', 'export const b = 1;');
    write('package-lock.json', '{}');
    write('remote-lotto/src/page.tsx', 'export const c = 1;');
    execFileSync('git', ['add', '-A'], { cwd: root });
    const first = hostBuildKey(root);
    expect(first).toMatch(/^[0-9a-f]{24}$/);
    expect(hostBuildKey(root)).toBe(first);

    // Not inputs: a remote's sources, an ignored build output.
    write('remote-lotto/src/page.tsx', 'export const c = 2;');
    write('host/dist/index.html', '<html></html>');
    expect(hostBuildKey(root)).toBe(first);

    // Inputs: an edit of a tracked file, a new file not yet added, a deleted file, the API URL.
    write('shared/ui/src/button.tsx', 'export const b = 2;');
    const edited = hostBuildKey(root);
    expect(edited).not.toBe(first);
    write('host/src/new.tsx', 'export const d = 1;');
    const added = hostBuildKey(root);
    expect(added).not.toBe(edited);
    rmSync(path.join(root, 'host/src/new.tsx'));
    expect(hostBuildKey(root)).toBe(edited);
    rmSync(path.join(root, 'host/src/main.tsx'));
    expect(hostBuildKey(root)).not.toBe(edited);
    write('host/src/main.tsx', 'export const a = 1;');
    expect(hostBuildKey(root)).toBe(edited);
    process.env.SUWERTE_API_URL = 'https://api.example.test';
    expect(hostBuildKey(root)).not.toBe(edited);
  });
});
