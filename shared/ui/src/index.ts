// Public API of @pharmacy/ui (a federation singleton: the toast store below is shared app-wide).
export { theme, ThemeProvider, useAppTheme, th, space, media, breakpoints } from './theme';
export type { AppTheme, Breakpoint, ThemeProviderProps } from './theme';
export { GlobalStyle } from './GlobalStyle';

export { Spinner, PageSpinner, SPINNER_DEFAULT_SIZE } from './components/Spinner';
export type { SpinnerProps } from './components/Spinner';
export { Button, buttonStyles } from './components/Button';
export type { ButtonProps, ButtonVariant, ButtonSize } from './components/Button';
export { Input, controlStyles } from './components/Input';
export { Textarea } from './components/Textarea';
export { Select, Options } from './components/Select';
export { MutedText } from './components/Text';
export { ChoiceGroup } from './components/ChoiceGroup';
export { PlainList } from './components/PlainList';
export { Field } from './components/Field';
export type { FieldProps } from './components/Field';
export { ChipCombobox } from './components/ChipCombobox';
export type { ChipComboboxProps, ComboboxSuggestion } from './components/ChipCombobox';
export { Card, CardTitle } from './components/Card';
export { BannerFrame } from './components/BannerFrame';
// Dialog: import from '@pharmacy/ui/dialog' (see dialog.ts)
export {
  Table,
  TableCaption,
  TableHead,
  TableBody,
  TableRow,
  TableHeaderCell,
  TableCell,
} from './components/Table';
export { EmptyState } from './components/EmptyState';
export { Pagination, pagesToShow } from './components/Pagination';
export type { PaginationProps } from './components/Pagination';
export type { EmptyStateProps } from './components/EmptyState';
export { HiddenOnPhone, VisuallyHidden, visuallyHiddenCss } from './components/VisuallyHidden';
export { Badge } from './components/Badge';
export { CartIcon, UserIcon } from './components/Icon';
export type { BadgeProps, BadgeVariant } from './components/Badge';
export { PageTitle, SITE_NAME } from './components/PageTitle';
export { useDocumentHead, usePageOrigin, ServerHeadProvider } from './head';
export { remoteComponent } from './remoteComponent';
export type { RemoteComponentSlot } from './remoteComponent';
export { useHydrated } from './hydration';
export type { DocumentHead, HeadCollector } from './head';
export type { PageTitleProps } from './components/PageTitle';

export {
  toast,
  useToast,
  dismissToast,
  resetToasts,
  getToastState,
  subscribeToasts,
  reducer as toastReducer,
  TOAST_LIMIT,
  TOAST_REMOVE_DELAY,
  TOAST_DEFAULT_DURATION,
} from './toast/store';
export type {
  ToastInput,
  ToasterToast,
  ToastState,
  ToastStoreAction,
  ToastVariant,
  ToastHandle,
  ToastActionDescriptor,
} from './toast/store';
export {
  Toaster,
  ToastAction,
  TOAST_SWIPE_DIRECTION,
  TOAST_SWIPE_THRESHOLD,
  TOAST_HOTKEY,
  TOAST_REGION_LABEL,
  TOAST_VIEWPORT_MAX_WIDTH,
} from './toast/Toaster';
export type { ToastActionProps, ToastPlacement } from './toast/Toaster';
export { ToastSlot } from './toast/ToastSlot';
export { isTapBaseline, TAP_BASELINE_FLAG } from './tapBaseline';
