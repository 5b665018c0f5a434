// @suwerte/shared/number-input — a kernel entry point (a Module Federation singleton of its own,
// docs/decisions/151): Mantine's NumberInput, which brings its own number formatting.
// The styles of the components this entry point exports come with its chunk (docs/decisions/223).
import './styles/number-input.css';
export { NumberInput } from '@mantine/core';
