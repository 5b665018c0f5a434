// Split point: the API client, TanStack Query and the contracts stay out of the shell's first paint.
export { startAccountSync } from '@suwerte/shared/host';
