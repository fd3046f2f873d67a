// Shared UI primitives for every plugin: small, themed by base.css variables, RTL-safe.
export { Button, leadingDebounce, type ButtonProps } from './Button.tsx'
export { Spinner, PageSpinner } from './Spinner.tsx'
export { EmptyState, ErrorState, type EmptyStateProps, type ErrorStateProps } from './States.tsx'
export { Dialog, type DialogProps } from './Dialog.tsx'
export { Sheet, type SheetProps } from './Sheet.tsx'
export { Avatar, type AvatarProps } from './Avatar.tsx'
export { useText, kernelUiStrings } from './text.ts'
export * from './icons.tsx'
