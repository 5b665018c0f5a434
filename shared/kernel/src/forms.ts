// @suwerte/shared/forms — a kernel entry point (a Module Federation singleton of its own,
// docs/decisions/151): every form control — @suwerte/shared/inputs' (the same module instances,
// re-exported) and the ones that float a list or a panel over the page: Select, Popover — with
// segmented controls and switches.
// The styles of the components this entry point exports come with its chunk (docs/decisions/223);
// those of the inputs come with @suwerte/shared/inputs' module, which this one imports first (Mantine's
// order puts Input before Combobox, InlineInput before Switch).
export { Checkbox, FileInput, PasswordInput, Radio, TextInput, schemaResolver, useForm, useValidatedForm, type UseFormReturnType } from './inputs';
import './styles/forms.css';
export { Popover, SegmentedControl, Select, Switch } from '@mantine/core';
