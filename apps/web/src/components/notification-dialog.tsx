import { type PointerEvent, useEffect, useId, useRef } from 'react';
import type { DialogRequest } from '../lib/notifications';
import styles from './notification-dialog.module.css';
import { NOTIFY_ICONS } from './notify-icons';
import { useModalDialog } from './use-modal-dialog';

/** Keys that move the focus: the shopper is reading the alert with the keyboard. */
const NAVIGATION_KEYS = new Set(['Tab', 'ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown']);

/** Whether a point is inside the dialog's own box: events on its ::backdrop also target the dialog. */
function isOnBox(dialog: HTMLElement, x: number, y: number): boolean {
  const box = dialog.getBoundingClientRect();
  return x >= box.left && x <= box.right && y >= box.top && y <= box.bottom;
}

/**
 * One `alert()` or `confirm()` in a native modal <dialog>: focus moves in (to the confirm button of an
 * alert, to the cancel button of a question) and back where it was on close; Escape cancels.
 */
export function NotificationDialog({ request }: { request: DialogRequest }) {
  const ref = useModalDialog();
  const titleId = useId();
  const textId = useId();
  const Icon = NOTIFY_ICONS[request.icon];

  // An alert with a timer closes by itself. It waits while the pointer is on its own box (not on the
  // dark backdrop around it, which a modal <dialog> also counts as itself) and while the shopper moves
  // through it with the keyboard; the focus it opens with does not count, or it would never close.
  const remaining = useRef(request.timer);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const started = useRef(0);
  const pointerOnBox = useRef(false);
  const usingKeyboard = useRef(false);
  const resume = () => {
    if (remaining.current === undefined || timer.current !== undefined) return;
    started.current = Date.now();
    timer.current = setTimeout(() => request.close(false), remaining.current);
  };
  const pause = () => {
    if (remaining.current === undefined || timer.current === undefined) return;
    clearTimeout(timer.current);
    timer.current = undefined;
    remaining.current = Math.max(0, remaining.current - (Date.now() - started.current));
  };
  const update = () => (pointerOnBox.current || usingKeyboard.current ? pause() : resume());
  const trackPointer = (event: PointerEvent<HTMLDialogElement>) => {
    pointerOnBox.current = isOnBox(event.currentTarget, event.clientX, event.clientY);
    update();
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: the timer starts once, when the dialog opens
  useEffect(() => {
    resume();
    return () => clearTimeout(timer.current);
  }, []);

  const isConfirm = request.kind === 'confirm';
  return (
    <dialog
      ref={ref}
      className={styles.dialog}
      role="alertdialog"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={request.text ? textId : undefined}
      onCancel={(event) => {
        event.preventDefault();
        request.close(false);
      }}
      onPointerEnter={trackPointer}
      onPointerMove={trackPointer}
      onPointerLeave={() => {
        pointerOnBox.current = false;
        update();
      }}
      onKeyDown={(event) => {
        if (!NAVIGATION_KEYS.has(event.key)) return;
        usingKeyboard.current = true;
        update();
      }}
    >
      <Icon className={`${styles.icon} ${styles[request.icon]}`} width={56} height={56} />
      <h2 id={titleId} className={styles.title}>
        {request.title}
      </h2>
      {request.text && (
        <p id={textId} className={styles.text}>
          {request.text}
        </p>
      )}
      <div className={styles.actions}>
        {isConfirm && (
          <button
            type="button"
            className={styles.cancel}
            data-autofocus=""
            onClick={() => request.close(false)}
          >
            {request.cancelText}
          </button>
        )}
        <button
          type="button"
          className={styles.confirm}
          data-autofocus={isConfirm ? undefined : ''}
          onClick={() => request.close(true)}
        >
          {request.confirmText}
        </button>
      </div>
    </dialog>
  );
}
