import { readEarly, takeEarly } from './early-reads';

const URL = '/remotes.json';

describe('the early reads', () => {
  afterEach(async () => {
    await takeEarly(URL);
    vi.restoreAllMocks();
  });

  it('reads a file once and hands a second reader the same answer, in a task after the one the first reacts in', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('{"remotes":{}}'));
    const first = readEarly(URL, {});
    const second = readEarly(URL, {});
    let secondHasIt = false;
    void second.then(() => (secondHasIt = true));
    expect((await first).text).toBe('{"remotes":{}}');
    // Every microtask of the first reader's task: the second reader has not reacted in it.
    for (let turn = 0; turn < 50; turn += 1) await Promise.resolve();
    expect(secondHasIt).toBe(false);
    expect((await second).text).toBe('{"remotes":{}}');
    expect((await takeEarly(URL))?.text).toBe('{"remotes":{}}');
    expect(fetch).toHaveBeenCalledTimes(1);
    // Taken once: a later read asks the server.
    expect(await takeEarly(URL)).toBeNull();
  });

  it('hands over a failed read as none: its reader asks the server itself', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    const first = readEarly(URL, {});
    await expect(takeEarly(URL)).resolves.toBeNull();
    await expect(first).rejects.toThrow('Failed to fetch');
  });
});
