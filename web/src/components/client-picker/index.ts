export { ClientPicker, ClientCombobox, type ClientPickerProps } from './ClientPicker';
export { AlertIcon } from './AlertIcon';
export { QuickCreateForm } from './QuickCreateForm';
export { useDebounced } from './use-debounced';
export type { PickerClient } from './client-picker-gql';
