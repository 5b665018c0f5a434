// Split point: the API client and its contracts stay out of the shell's first paint.
export { fetchAccount } from '@suwerte/shared';
