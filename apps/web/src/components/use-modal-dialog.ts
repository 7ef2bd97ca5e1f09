import { type RefObject, useEffect, useRef } from 'react';

/**
 * For a <dialog> that is on screen while it is mounted: opens it as a modal (or just open where
 * showModal is missing), moves focus to its `[data-autofocus]` element, and gives focus back to where it
 * was when it unmounts. Returns the ref to put on the <dialog>.
 */
export function useModalDialog(): RefObject<HTMLDialogElement | null> {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    return () => {
      if (previous?.isConnected) previous.focus();
    };
  }, []);
  return ref;
}
