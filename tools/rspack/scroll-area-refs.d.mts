import type { Ref, RefCallback } from 'react';

export declare function useMergeRefs<T>(refs: ReadonlyArray<Ref<T> | undefined>): RefCallback<T>;
