import {
  Button,
  Link,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  MessageBarTitle,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import { INSERT_HEADER_ROW, type Notice } from '../controller';

export interface NoticesProps {
  notices: readonly Notice[];
  onDismiss: (id: number) => void;
  onOpenSettings: () => void;
  /** The action of the notice saying the results have no header row. */
  onInsertHeaderRow?: () => void;
  /** The pane is busy: actions wait. */
  busy?: boolean;
}

const useStyles = makeStyles({
  stack: {
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalS,
    paddingTop: tokens.spacingVerticalS,
  },
  body: {
    overflowWrap: 'anywhere',
    whiteSpace: 'normal',
  },
  code: { color: tokens.colorNeutralForeground3, whiteSpace: 'nowrap' },
});

/**
 * What happened, newest last: results written, a cancel, a service or sheet problem with its fix. Every notice wraps
 * to the pane's width (350 px in Excel), its whole text shown, never cut to one line with the rest on hover only.
 */
export function Notices({ notices, onDismiss, onOpenSettings, onInsertHeaderRow, busy = false }: NoticesProps) {
  const c = useStyles();
  if (notices.length === 0) return null;
  return (
    <div className={c.stack} role="region" aria-label="Messages" aria-live="polite">
      {notices.map((n) => (
        <MessageBar key={n.id} intent={n.intent} layout="multiline" data-testid={`notice-${n.intent}`}>
          <MessageBarBody className={c.body}>
            <MessageBarTitle>{n.title}</MessageBarTitle> {n.text}{' '}
            {n.code && n.intent !== 'success' && <span className={c.code}>(error {n.code})</span>}{' '}
            {n.action === 'settings' && (
              <Link as="button" onClick={onOpenSettings}>
                Open settings
              </Link>
            )}
          </MessageBarBody>
          <MessageBarActions
            containerAction={
              <Button
                appearance="transparent"
                aria-label={`Dismiss: ${n.title}`}
                icon={<DismissRegular />}
                onClick={() => onDismiss(n.id)}
              />
            }
          >
            {n.action === 'insert-header-row' && onInsertHeaderRow ? (
              <Button size="small" disabled={busy} onClick={onInsertHeaderRow}>
                {INSERT_HEADER_ROW}
              </Button>
            ) : null}
          </MessageBarActions>
        </MessageBar>
      ))}
    </div>
  );
}
