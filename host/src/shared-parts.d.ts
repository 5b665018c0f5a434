// The virtual module the host's build generates (tools/rspack/shared-parts.mjs); in unit tests,
// src/features/federation/shared-parts.test-double.ts.
declare module '@suwerte/shared-parts' {
  export interface SharedPart {
    /** The runtime exports of @suwerte/shared this part holds. */
    readonly names: readonly string[];
    /** Loads the part's chunk: a module with those exports. */
    load(): Promise<unknown>;
  }
  /** Every runtime export of @suwerte/shared, sorted. */
  export const SHARED_EXPORT_NAMES: readonly string[];
  export const SHARED_PARTS: readonly SharedPart[];
}
