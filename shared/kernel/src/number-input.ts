// @suwerte/shared/number-input — a kernel entry point (a Module Federation singleton of its own,
// docs/decisions/151): Mantine's NumberInput, which brings its own number formatting.
export { NumberInput } from '@mantine/core';
