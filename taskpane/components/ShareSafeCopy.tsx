/**
 * "Make a share-safe copy": the priced BOM opened as a new workbook that keeps pricing with nothing installed
 * (taskpane/share-safe-copy.ts). The open workbook is left as it is. Where Excel cannot open a workbook from the
 * pane (ExcelApi 1.8), the copy is offered as a file to download.
 */
import { Button, Link, MessageBar, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import { DocumentCopyRegular } from '@fluentui/react-icons';
import { useEffect, useState } from 'react';
import type { PaneServices } from '../services';
import type { BomView, PricingView } from '../pane-state';
import { shareSafeFile } from '../share-safe-copy';
import { type ProblemText, describeProblem } from '../errors';
import { useSectionStyles } from './styles';

export interface ShareSafeCopyProps {
  services: Pick<PaneServices, 'newWorkbook'>;
  bom: BomView;
  pricing: PricingView;
  busy: boolean;
}

type Made =
  | { kind: 'none' }
  | { kind: 'making' }
  | { kind: 'opened' }
  | { kind: 'download'; url: string; fileName: string }
  | { kind: 'failed'; problem: ProblemText };

export function ShareSafeCopy({ services, bom, pricing, busy }: ShareSafeCopyProps) {
  const s = useSectionStyles();
  const [made, setMade] = useState<Made>({ kind: 'none' });
  // A copy made for other results is not offered for these.
  useEffect(() => setMade({ kind: 'none' }), [pricing]);
  const url = made.kind === 'download' ? made.url : null;
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);

  const make = async () => {
    setMade({ kind: 'making' });
    try {
      const file = await shareSafeFile(bom, pricing);
      if (services.newWorkbook) {
        await services.newWorkbook(file.base64);
        setMade({ kind: 'opened' });
      } else {
        const blob = new Blob([file.bytes], {
          type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        });
        setMade({ kind: 'download', url: URL.createObjectURL(blob), fileName: file.fileName });
      }
    } catch (e) {
      setMade({ kind: 'failed', problem: describeProblem(e) });
    }
  };

  const stale = pricing.staleReason ?? null;
  return (
    <section className={s.section} aria-labelledby="share-safe-heading">
      <h2 id="share-safe-heading" className={s.heading}>
        Share-safe copy
      </h2>
      <p className={s.small}>
        A new workbook for people without Partsheet: each line&apos;s price is a formula over its part&apos;s price
        breaks, so changing a quantity or the boards re-prices it in Excel, LibreOffice or Google Sheets. This workbook
        stays as it is; the copy holds no settings, credentials or service addresses, and no order or plan records.
      </p>
      {stale && <p className={s.small}>{`Price the BOM again first: ${stale}.`}</p>}
      <div className={s.row}>
        <Button
          icon={<DocumentCopyRegular />}
          onClick={() => void make()}
          disabled={busy || made.kind === 'making' || stale !== null || !bom.read}
        >
          {made.kind === 'making' ? 'Making the copy…' : 'Make a share-safe copy'}
        </Button>
      </div>
      {made.kind === 'opened' && (
        <MessageBar intent="success">
          <MessageBarBody>
            <MessageBarTitle>Share-safe copy opened</MessageBarTitle>
            It is a new workbook, not saved yet: save it where you share it from.
          </MessageBarBody>
        </MessageBar>
      )}
      {made.kind === 'download' && (
        <MessageBar intent="info">
          <MessageBarBody>
            <MessageBarTitle>Share-safe copy ready</MessageBarTitle>
            This version of Excel cannot open a new workbook from the pane.{' '}
            <Link href={made.url} download={made.fileName}>
              {`Download ${made.fileName}`}
            </Link>
          </MessageBarBody>
        </MessageBar>
      )}
      {made.kind === 'failed' && (
        <MessageBar intent="error">
          <MessageBarBody>
            <MessageBarTitle>{made.problem.title}</MessageBarTitle>
            {`${made.problem.text} (${made.problem.code})`}
          </MessageBarBody>
        </MessageBar>
      )}
    </section>
  );
}
