/**
 * "Make a share-safe copy": the priced BOM opened as a new workbook that keeps pricing with nothing installed
 * (taskpane/share-safe-copy.ts). The open workbook is left as it is. Where Excel cannot open a workbook from the
 * pane (ExcelApi 1.8), the copy is offered as a file to download.
 */
import { Button, Checkbox, Link, MessageBar, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import { DocumentCopyRegular } from '@fluentui/react-icons';
import { useEffect, useState } from 'react';
import type { PaneServices } from '../services';
import type { PartsheetSettings } from '../../src/settings';
import type { BomView, PricingView } from '../pane-state';
import { shareSafeFile } from '../share-safe-copy';
import { workbookFetchedValues } from '../fetched-cells';
import { type ProblemText, describeProblem } from '../errors';
import { useSectionStyles } from './styles';

export interface ShareSafeCopyProps {
  services: Pick<PaneServices, 'newWorkbook' | 'settings' | 'workbook' | 'book' | 'cells'>;
  /** The pane's settings: whether the copy keeps the order and plan records is remembered there. */
  settings: PartsheetSettings | null;
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

export function ShareSafeCopy({ services, settings, bom, pricing, busy }: ShareSafeCopyProps) {
  const s = useSectionStyles();
  const [made, setMade] = useState<Made>({ kind: 'none' });
  const keepRecords = settings?.shareSafeRecords ?? false;
  const [choiceProblem, setChoiceProblem] = useState<ProblemText | null>(null);
  const choose = async (keep: boolean) => {
    setChoiceProblem(null);
    try {
      await services.settings.saveSettings({ shareSafeRecords: keep });
    } catch (e) {
      setChoiceProblem(describeProblem(e));
    }
  };
  // A copy made for other results is not offered for these.
  useEffect(() => setMade({ kind: 'none' }), [pricing]);
  const url = made.kind === 'download' ? made.url : null;
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);

  const make = async () => {
    setMade({ kind: 'making' });
    try {
      const fetched = await workbookFetchedValues(services.book, services.cells, bom.location);
      const records = keepRecords ? { orders: services.workbook.loadOrders() } : null;
      const file = await shareSafeFile(bom, pricing, records, fetched);
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
        breaks, so changing a quantity or the boards re-prices it in Excel, LibreOffice or Google Sheets. Your PARTS
        cells come as their values, listed with when each was fetched. This workbook stays as it is; the copy holds no
        settings, credentials or service addresses, and no order or plan records unless you keep them.
      </p>
      <Checkbox
        label="Keep the order and plan records in the copy (the orders placed from this BOM and each line's plan, in a hidden sheet)"
        checked={keepRecords}
        disabled={busy || made.kind === 'making' || settings === null}
        onChange={(_, d) => void choose(d.checked === true)}
      />
      {choiceProblem && (
        <MessageBar intent="error">
          <MessageBarBody>
            <MessageBarTitle>Choice not remembered</MessageBarTitle>
            {`${choiceProblem.text} (${choiceProblem.code})`}
          </MessageBarBody>
        </MessageBar>
      )}
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
