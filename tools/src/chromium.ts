/**
 * Debian's Chromium with the flags this machine needs (browser downloads do not work here, and
 * without the background-networking flags Chromium keeps dialling out to a closed network).
 * Used by the e2e suites, the benchmarks and the screenshot tool.
 */
export const CHROMIUM = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
};
