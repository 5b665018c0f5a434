// @suwerte/shared/forms — a kernel entry point (a Module Federation singleton of its own,
// docs/decisions/151): Mantine's inputs — with Select and Popover, whose lists float (floating-ui) —
// its form hook, and the site's validated form.
// The styles of the components this entry point exports come with its chunk (docs/decisions/223).
import './styles/forms.css';
export { Checkbox, FileInput, PasswordInput, Popover, Radio, SegmentedControl, Select, Switch, TextInput } from '@mantine/core';
export { schemaResolver, useForm, type UseFormReturnType } from '@mantine/form';
export { useValidatedForm } from './ui/forms';
