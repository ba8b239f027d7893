import { makeStyles, tokens } from '@fluentui/react-components';
import { type ReactNode, useId, useLayoutEffect, useRef } from 'react';

const useStyles = makeStyles({
  dialog: {
    // As the browser places a modal dialog; also where a browser without <dialog> (Safari before 15.4) shows it.
    display: 'block',
    position: 'fixed',
    inset: 0,
    margin: 'auto',
    height: 'fit-content',
    zIndex: 10,
    boxSizing: 'border-box',
    width: 'calc(100vw - 24px)',
    maxWidth: '480px',
    maxHeight: 'calc(100vh - 24px)',
    overflowY: 'auto',
    padding: tokens.spacingHorizontalL,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorTransparentStroke}`,
    borderRadius: tokens.borderRadiusXLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground1,
    boxShadow: tokens.shadow64,
    fontFamily: tokens.fontFamilyBase,
    fontSize: tokens.fontSizeBase300,
    lineHeight: tokens.lineHeightBase300,
    '::backdrop': { backgroundColor: 'rgba(0, 0, 0, 0.4)' },
  },
  title: {
    margin: `0 0 ${tokens.spacingVerticalS}`,
    fontSize: tokens.fontSizeBase500,
    lineHeight: tokens.lineHeightBase500,
    fontWeight: tokens.fontWeightSemibold,
  },
  content: {
    overflowWrap: 'anywhere',
  },
  actions: {
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalS,
    marginTop: tokens.spacingVerticalL,
  },
});

export interface PaneDialogProps {
  title: ReactNode;
  /** What the dialog asks or says. */
  children: ReactNode;
  /** Its buttons, stacked the pane's width. */
  actions: ReactNode;
  /** Escape, as the buyer's way out: the same answer as the dialog's Cancel. */
  onDismiss: () => void;
}

/**
 * Marks the answer focused when the dialog opens (`<Button {...SAFE_ANSWER}>Cancel</Button>`): where the other answer
 * cannot be undone (an order placed), Enter then takes the safe one. Without it, the first answer is focused.
 */
export const SAFE_ANSWER = { 'data-dialog-default': '' } as const;

/**
 * A question the pane asks before going on, as the browser's own modal dialog (`<dialog>` opened with showModal):
 * the rest of the pane is inert while it is open, Tab stays inside it, Escape dismisses it, and focus goes back
 * where it was when it closes (also where the browser would leave it on the page's body). The answer marked
 * SAFE_ANSWER is focused when it opens, else the first. Rendered only while asked; nothing of it is in the page otherwise. Fluent's Dialog
 * keeps focus in by focusable `aria-hidden` sentinels (axe `aria-hidden-focus`, microsoft/tabster#288), which the
 * browser's dialog does not need.
 */
export function PaneDialog({ title, children, actions, onDismiss }: PaneDialogProps) {
  const c = useStyles();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const textId = useId();
  const dismiss = useRef(onDismiss);
  dismiss.current = onDismiss;
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const before = dialog.ownerDocument.activeElement as HTMLElement | null;
    let modal = false;
    if (typeof dialog.showModal === 'function') {
      try {
        dialog.showModal();
        modal = true;
      } catch {
        // Shown below as a dialog that is not modal.
      }
    }
    // A browser without modal dialogs (Safari before 15.4, a test DOM) shows it over the pane, its first button
    // focused, and Escape answers it as the browser's dialog would.
    if (!modal) dialog.setAttribute('open', '');
    const safe = dialog.querySelector<HTMLElement>('[data-dialog-default]:not([disabled])');
    if (safe) safe.focus();
    else if (!modal) dialog.querySelector<HTMLElement>('button:not([disabled])')?.focus();
    const onCancel = (e: Event) => {
      e.preventDefault();
      dismiss.current();
    };
    const onKey = (e: KeyboardEvent) => {
      if (!modal && e.key === 'Escape') onCancel(e);
    };
    dialog.addEventListener('cancel', onCancel);
    dialog.addEventListener('keydown', onKey);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      dialog.removeEventListener('keydown', onKey);
      if (modal && typeof dialog.close === 'function') dialog.close();
      // Back where the buyer acted, when that is still in the page and the focus was left in the dialog or nowhere.
      const now = dialog.ownerDocument.activeElement;
      const lost = now === null || now === dialog.ownerDocument.body || dialog.contains(now);
      if (lost && before && before !== dialog.ownerDocument.body && before.isConnected) before.focus();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      className={c.dialog}
      role="alertdialog"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={textId}
    >
      <h2 id={titleId} className={c.title}>
        {title}
      </h2>
      <div id={textId} className={c.content}>
        {children}
      </div>
      <div className={c.actions}>{actions}</div>
    </dialog>
  );
}
