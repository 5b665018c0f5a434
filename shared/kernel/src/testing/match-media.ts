/** A `window.matchMedia` answering `matches(query)` (jsdom has none; tests choose what matches). */
export function matchMediaStub(matches: (query: string) => boolean = () => false): (query: string) => MediaQueryList {
  return (query: string) =>
    ({
      matches: matches(query),
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
