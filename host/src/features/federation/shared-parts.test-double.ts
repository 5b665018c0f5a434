// Unit tests' stand-in for the build's virtual `@suwerte/shared-parts` (tools/rspack/shared-parts.mjs):
// the same shape, the whole package as one part.
import * as SuwerteShared from '@suwerte/shared';
import type { SharedPart } from '@suwerte/shared-parts';

export const SHARED_EXPORT_NAMES: readonly string[] = Object.keys(SuwerteShared).sort();
export const SHARED_PARTS: readonly SharedPart[] = [{ names: SHARED_EXPORT_NAMES, load: () => Promise.resolve(SuwerteShared) }];
