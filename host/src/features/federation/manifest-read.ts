/** How a release's manifest is read, by the federation chunk and the deep-link warm-up alike: revalidated (it is served no-cache), never with cookies. */
export const MANIFEST_READ: RequestInit = { cache: 'no-cache', credentials: 'omit' };
