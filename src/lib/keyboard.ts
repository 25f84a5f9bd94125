/**
 * True when a key press belongs to text entry (a field, a select, editable content): the areas'
 * single-key and Ctrl/⌘ shortcuts never fire there.
 */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    // isContentEditable is not implemented everywhere (jsdom); the attribute says the same.
    target.closest('[contenteditable]:not([contenteditable="false"])') !== null ||
    target instanceof HTMLInputElement ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement
  );
}

/** A key press with Ctrl, ⌘ or Alt belongs to the browser or to another shortcut, not to a single-key one. */
export function hasCommandModifier(event: KeyboardEvent): boolean {
  return event.ctrlKey || event.metaKey || event.altKey;
}
