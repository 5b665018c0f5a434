import path from 'node:path';
import { mergeConfig } from 'vitest/config';
import { browserProject } from '../shared/kernel/vitest.browser-preset';

export default mergeConfig(browserProject('host'), {
  // The build generates this module (tools/rspack/shared-parts.mjs); tests get the whole package as one part.
  resolve: { alias: { '@suwerte/shared-parts': path.join(import.meta.dirname, 'src/features/federation/shared-parts.test-double.ts') } },
});
