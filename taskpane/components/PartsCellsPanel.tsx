/**
 * The workbook's PARTS cells (taskpane/cells-controller.ts): "Refresh prices" for the active sheet or the workbook,
 * with what it will cost said beforehand and the age of the values it leaves alone (F9 does not run custom
 * functions again), and the failing cells listed by kind, each kind with "Retry these". Shows nothing until the
 * functions have calculated a PARTS cell.
 */
import { countOf, plural } from '../../src/text/plural';
import {
  Button,
  MessageBar,
  MessageBarBody,
  Radio,
  RadioGroup,
  Spinner,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { ArrowClockwiseRegular, ArrowSyncRegular } from '@fluentui/react-icons';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { CellsController } from '../cells-controller';
import { type FailingGroup, type RefreshPlan } from '../parts-cells';
// Times as the cells' stale words and the share-safe copy give them: `2026-12-02 10:42 UTC`.
import { utcMinute } from '../../src/text/times';
import type { PaneServices } from '../services';
import { useSectionStyles } from './styles';

export interface PartsCellsPanelProps {
  services: Pick<PaneServices, 'cells' | 'book' | 'now'>;
}

const useStyles = makeStyles({
  group: {
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalXS,
    paddingTop: tokens.spacingVerticalS,
  },
  groupHead: { margin: 0, fontSize: tokens.fontSizeBase300, fontWeight: tokens.fontWeightSemibold },
  address: { fontWeight: tokens.fontWeightSemibold },
});

function age(from: number, now: number): string {
  const minutes = Math.max(0, Math.round((now - from) / 60_000));
  if (minutes < 60) return `${countOf(minutes, 'minute')} old`;
  const hours = Math.round(minutes / 60);
  return hours < 48 ? `${countOf(hours, 'hour')} old` : `${countOf(Math.round(hours / 24), 'day')} old`;
}

/** What a refresh will do (or did), in words. */
function planText(plan: RefreshPlan, now: number, done: boolean): string {
  const cost =
    plan.rerun.length === 0
      ? 'Every PARTS value here is fresh: nothing to refresh.'
      : `${done ? 'Recalculated' : 'Recalculates'} ${countOf(plan.rerunCells, 'cell')}: ${countOf(plan.requests, 'request')} to the parts service (${countOf(plan.parts, 'part')}).`;
  const kept =
    plan.keptCells === 0
      ? ''
      : ` ${countOf(plan.keptCells, 'cell')} ${done ? plural(plan.keptCells, 'was', 'were') : plural(plan.keptCells, 'is', 'are')} left alone, values from ${
          plan.keptOldest === null ? 'earlier' : `${utcMinute(plan.keptOldest)} (${age(plan.keptOldest, now)})`
        }.`;
  return cost + kept;
}

function Group({ group, busy, onRetry }: { group: FailingGroup; busy: boolean; onRetry: () => void }) {
  const s = useSectionStyles();
  const c = useStyles();
  const headingId = `parts-cells-${group.kind}`;
  return (
    <div className={c.group} role="group" aria-labelledby={headingId}>
      <div className={s.row}>
        <h3 id={headingId} className={`${c.groupHead} ${s.grow}`}>
          {`${group.title} (${group.cells.length})`}
        </h3>
        <Button size="small" icon={<ArrowClockwiseRegular />} disabled={busy} onClick={onRetry}>
          Retry these
        </Button>
      </div>
      <ul className={s.list}>
        {group.cells.map((cell) => (
          <li key={cell.address}>
            <span className={c.address}>{cell.address}</span> {cell.message}
          </li>
        ))}
      </ul>
    </div>
  );
}

export function PartsCellsPanel({ services }: PartsCellsPanelProps) {
  const s = useSectionStyles();
  const [controller] = useState(() => new CellsController(services));
  useEffect(() => controller.start(), [controller]);
  const state = useSyncExternalStore(controller.subscribe, controller.getState);
  const plan = state.plan;
  if (state.groups.length === 0 && (plan === null || plan.rerunCells + plan.keptCells === 0)) return null;
  const now = services.now().getTime();
  const refreshing = state.busy?.kind === 'refresh';
  return (
    <section className={s.section} aria-labelledby="parts-cells-heading">
      <h2 id="parts-cells-heading" className={s.heading}>
        PARTS cells
      </h2>
      <RadioGroup
        layout="horizontal"
        aria-label="Cells to refresh"
        value={state.choice}
        onChange={(_, data) => controller.choose(data.value === 'workbook' ? 'workbook' : 'sheet')}
      >
        <Radio value="sheet" label={state.sheet ? `This sheet (${state.sheet})` : 'This sheet'} />
        <Radio value="workbook" label="Workbook" />
      </RadioGroup>
      {plan && state.done?.kind !== 'refreshed' && <p className={s.small}>{planText(plan, now, false)}</p>}
      <div className={s.row}>
        {refreshing ? (
          <Spinner size="tiny" label="Refreshing prices…" />
        ) : (
          <Button
            icon={<ArrowSyncRegular />}
            disabled={state.busy !== null || plan === null || plan.rerun.length === 0}
            onClick={() => void controller.refresh()}
          >
            Refresh prices
          </Button>
        )}
      </div>
      {state.done?.kind === 'refreshed' && (
        <p className={s.small} role="status">
          {planText(state.done.plan, now, true)}
        </p>
      )}
      {state.done?.kind === 'retried' && (
        <p className={s.small} role="status">{`Calculating ${countOf(state.done.cells, 'cell')} again.`}</p>
      )}
      {state.problem && (
        <MessageBar intent="error">
          <MessageBarBody>{state.problem}</MessageBarBody>
        </MessageBar>
      )}
      {state.groups.length > 0 && <p className={s.text}>Failing cells, by kind:</p>}
      {state.groups.map((group) => (
        <Group
          key={group.kind}
          group={group}
          busy={state.busy !== null}
          onRetry={() => void controller.retry(group.kind)}
        />
      ))}
    </section>
  );
}
