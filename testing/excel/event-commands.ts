/**
 * The in-memory workbook's commands for sheet visibility and change events (the state is sheet-events.ts), and the
 * blocks a request's commands changed, whose handlers the workbook then tells.
 */
import type { CellBlock } from '../../src/excel/address';
import { type Command, MemoryExcelError, type Ref } from './model';
import type { MemoryContext } from './proxies';
import type { SheetModel } from './sheets';

/** The blocks whose values a request's commands changed: values set, cells cleared of contents, cells inserted. */
export function changedBlocks(context: MemoryContext, commands: readonly Command[]): CellBlock[] {
  const out: CellBlock[] = [];
  for (const c of commands) {
    const changes =
      (c.o === 'set' && c.a?.[0] === 'values') ||
      (c.o === 'call' && c.a?.[0] === 'clear' && c.a[1] !== 'Formats') ||
      c.o === 'insert';
    const ref: Ref | undefined = changes ? context.bound(c.i) : undefined;
    if (ref?.kind === 'range' && ref.block !== null) out.push(ref.block);
  }
  return out;
}

interface Scope {
  model: SheetModel;
  context: MemoryContext;
  command: Command;
  args: unknown[];
  parent: Ref | undefined;
  self(): Ref;
  sheetOf(ref: Ref | undefined): { name: string };
}

/** The commands of visibility and events, for commands.ts. */
export const SHEET_EVENT_COMMANDS: Record<string, (scope: Scope) => void> = {
  sheetSet: ({ model, args, self, sheetOf }) => {
    const [property, value] = args as [string, unknown];
    if (property !== 'visibility')
      throw new MemoryExcelError('InvalidArgument', `The worksheet property ${property} cannot be set.`);
    model.events.setVisibility([...model.sheets.keys()], sheetOf(self()).name, value);
  },
  addChangedHandler: ({ model, context, command, parent, sheetOf }) => {
    const handler = context.handlerOf(command.i);
    if (!handler) throw new MemoryExcelError('InvalidArgument', 'No handler was given.');
    model.events.add(`${context.run}:${command.i}`, sheetOf(parent).name, handler);
    context.bind(command.i, { kind: 'result' });
  },
  removeChangedHandler: ({ model, context, command }) => {
    model.events.remove(`${context.run}:${command.i}`);
  },
};
