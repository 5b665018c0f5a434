// @suwerte/shared/inputs — a kernel entry point (a Module Federation singleton of its own,
// docs/decisions/151): what a form draws without a floating list — text, password and file inputs,
// checkboxes, radios — and the validated form, so a page whose first screen is such a form does not
// load Select's and Popover's floating-ui with it (docs/decisions/228). @suwerte/shared/forms exports
// the same names (from this module) and the floating ones.
// The styles of the components this entry point exports come with its chunk (docs/decisions/223).
import './styles/inputs.css';
export { Checkbox, FileInput, PasswordInput, Radio, TextInput } from '@mantine/core';
export { schemaResolver, useForm, type UseFormReturnType } from '@mantine/form';
export { useValidatedForm } from './ui/forms';
