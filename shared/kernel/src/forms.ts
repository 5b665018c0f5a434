// @suwerte/shared/forms — a kernel entry point (a Module Federation singleton of its own,
// docs/decisions/151): every form control — @suwerte/shared/inputs' (the same module instances,
// re-exported) and the ones that float a list or a panel over the page: Select, Popover — with
// segmented controls and switches.
// The styles of the components this entry point exports come with its chunk (docs/decisions/223):
// the inputs' sheet as well as its own — a bundler takes a re-export from a module without side
// effects straight from its source (@mantine/core), so inputs.ts's own import of it is not enough.
// In Mantine's order: Input before Combobox, InlineInput before Switch.
import './styles/inputs.css';
import './styles/forms.css';
export { Checkbox, FileInput, PasswordInput, Radio, TextInput, schemaResolver, useForm, useValidatedForm, type UseFormReturnType } from './inputs';
export { Popover, SegmentedControl, Select, Switch } from '@mantine/core';
