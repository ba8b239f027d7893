import { Button, Link, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle, makeStyles, tokens } from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import type { Notice } from '../controller';

export interface NoticesProps {
  notices: readonly Notice[];
  onDismiss: (id: number) => void;
  onOpenSettings: () => void;
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
});

/** What happened, newest last: results written, a cancel, a service or sheet problem with its fix. */
export function Notices({ notices, onDismiss, onOpenSettings }: NoticesProps) {
  const c = useStyles();
  if (notices.length === 0) return null;
  return (
    <div className={c.stack} role="region" aria-label="Messages" aria-live="polite">
      {notices.map((n) => (
        <MessageBar key={n.id} intent={n.intent} layout="multiline">
          <MessageBarBody className={c.body}>
            <MessageBarTitle>{n.title}</MessageBarTitle> {n.text}{' '}
            {n.action === 'settings' && (
              <Link as="button" onClick={onOpenSettings}>
                Open settings
              </Link>
            )}
          </MessageBarBody>
          <MessageBarActions
            containerAction={<Button appearance="transparent" aria-label={`Dismiss: ${n.title}`} icon={<DismissRegular />} onClick={() => onDismiss(n.id)} />}
          />
        </MessageBar>
      ))}
    </div>
  );
}
