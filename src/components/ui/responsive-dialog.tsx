import { cloneElement, createElement, type FocusEvent, type MouseEvent, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { onDemand } from '@/lib/on-demand';
import type { ResponsiveDialogProps } from './responsive-dialog-content';
import { toast } from './toast';

export type { ResponsiveDialogProps } from './responsive-dialog-content';

// Radix's dialog and vaul's drawer are fetched when a dialog first opens, or ahead of that when the pointer
// or focus reaches a trigger: almost every page has a dialog (Sign Out's confirmation at least), few visits
// open one (what that saves: docs/performance.md#lazy-loaders).

const content = onDemand(() =>
  import('./responsive-dialog-content').then((module) => module.ResponsiveDialogContent),
);

type TriggerProps = {
  onClick?: (event: MouseEvent) => void;
  onPointerEnter?: (event: MouseEvent) => void;
  onFocus?: (event: FocusEvent) => void;
};

/**
 * The one dialog of the product: a centred dialog from 640 px up, a bottom drawer below. Until it first
 * opens it is only its trigger, with the same ARIA state a closed dialog's trigger has.
 */
export function ResponsiveDialog(props: ResponsiveDialogProps) {
  const { t } = useTranslation();
  const { onOpenChange } = props;
  // Offline, say: the dialog cannot appear, so it is not left "open" behind the user's back.
  const loaded = content.useOpened(props.open, () => {
    onOpenChange(false);
    toast.error(t('errors.unknown'));
  });
  // The same component on every render once loaded: React keeps the dialog's state.
  if (loaded) return createElement(loaded, props);
  if (!props.trigger) return null;
  const trigger = props.trigger as ReactElement<TriggerProps>;
  const prefetch = () => void content.load().catch(() => {});
  return cloneElement(trigger, {
    'aria-haspopup': 'dialog',
    'aria-expanded': false,
    'data-state': 'closed',
    onPointerEnter: (event: MouseEvent) => {
      trigger.props.onPointerEnter?.(event);
      prefetch();
    },
    onFocus: (event: FocusEvent) => {
      trigger.props.onFocus?.(event);
      prefetch();
    },
    onClick: (event: MouseEvent) => {
      trigger.props.onClick?.(event);
      if (!event.defaultPrevented) onOpenChange(true);
    },
  } as TriggerProps);
}
