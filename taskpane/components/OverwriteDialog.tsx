import { Button } from '@fluentui/react-components';
import type { OverwriteChoice, OverwriteQuestion } from '../../src/excel/priced-sheet';
import { PaneDialog } from './PaneDialog';

export interface OverwriteDialogProps {
  question: OverwriteQuestion | null;
  onAnswer: (choice: OverwriteChoice) => void;
}

const WORDS: Record<OverwriteQuestion['what'], { title: string; noun: string; question: string; elsewhere: string }> = {
  results: {
    title: 'Cells beside the BOM are in use',
    noun: 'results',
    question: 'Write the results in the next empty columns instead, or replace those cells?',
    elsewhere: 'Use empty columns',
  },
  'price breaks': {
    title: 'The "Price breaks" sheet is in use',
    noun: 'price breaks',
    question: 'Write the price breaks to a new sheet instead, or replace that sheet’s contents?',
    elsewhere: 'Use a new sheet',
  },
  summary: {
    title: 'The "Summary" sheet is in use',
    noun: 'summary',
    question: 'Write the summary to a new sheet instead, or replace that sheet’s contents?',
    elsewhere: 'Use a new sheet',
  },
  'purchase list': {
    title: 'The "Purchase list" sheet is in use',
    noun: 'purchase list',
    question: 'Write the purchase list to a new sheet instead, or replace that sheet’s contents?',
    elsewhere: 'Use a new sheet',
  },
  scenarios: {
    title: 'The "Scenarios" sheet is in use',
    noun: 'scenarios',
    question: 'Write the scenarios to a new sheet instead, or replace that sheet’s contents?',
    elsewhere: 'Use a new sheet',
  },
  risk: {
    title: 'The "Risk" sheet is in use',
    noun: 'risk table',
    question: 'Write the risk table to a new sheet instead, or replace that sheet’s contents?',
    elsewhere: 'Use a new sheet',
  },
  changes: {
    title: 'The "Changes" sheet is in use',
    noun: 'changes since the last run',
    question: 'Write the changes to a new sheet instead, or replace that sheet’s contents?',
    elsewhere: 'Use a new sheet',
  },
  'order column': {
    title: 'The Order column is in use',
    noun: 'order numbers',
    question: 'Write the order numbers in the next empty column instead, or replace those cells?',
    elsewhere: 'Use an empty column',
  },
};

/** Asked before any cell that is not the add-in's own is written over. */
export function OverwriteDialog({ question, onAnswer }: OverwriteDialogProps) {
  if (!question) return null;
  const words = WORDS[question.what];
  return (
    <PaneDialog
      title={words.title}
      onDismiss={() => onAnswer('cancel')}
      actions={
        <>
          <Button appearance="primary" onClick={() => onAnswer('elsewhere')}>
            {words.elsewhere}
          </Button>
          <Button onClick={() => onAnswer('replace')}>Replace</Button>
          <Button appearance="subtle" onClick={() => onAnswer('cancel')}>
            Don’t write
          </Button>
        </>
      }
    >
      <p>
        The {words.noun} go to <strong>{question.targetAddress}</strong>, but <strong>{question.usedAddress}</strong>{' '}
        already holds values that Partsheet did not write.
      </p>
      <p>{words.question}</p>
    </PaneDialog>
  );
}
