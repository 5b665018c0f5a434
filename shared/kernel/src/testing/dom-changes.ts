/**
 * The text of every element the page added while `run` went on, removed ones included: a state
 * shown for a single render (a loading line, an empty state) is in it even when the test's next
 * look would no longer find it.
 */
export async function addedWhile(run: () => Promise<void>): Promise<string[]> {
  const records: MutationRecord[] = [];
  const observer = new MutationObserver((delivered) => records.push(...delivered));
  observer.observe(document.body, { childList: true, subtree: true });
  await run();
  records.push(...observer.takeRecords());
  observer.disconnect();
  return records.flatMap((record) => [...record.addedNodes]).map((node) => node.textContent ?? '');
}
