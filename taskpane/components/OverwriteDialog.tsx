import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components';
import { useRef } from 'react';
import type { OverwriteChoice, OverwriteQuestion } from '../../src/excel/priced-sheet';

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
  scenarios: {
    title: 'The "Scenarios" sheet is in use',
    noun: 'scenarios',
    question: 'Write the scenarios to a new sheet instead, or replace that sheet’s contents?',
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
export function OverwriteDialog({ question: asked, onAnswer }: OverwriteDialogProps) {
  // The last question stays on screen while the dialog closes, so its words do not change as it fades.
  const last = useRef<OverwriteQuestion | null>(null);
  if (asked) last.current = asked;
  const question = asked ?? last.current;
  const what = question?.what ?? 'results';
  const words = WORDS[what];
  return (
    <Dialog open={asked !== null} modalType="alert" onOpenChange={(_, data) => !data.open && onAnswer('cancel')}>
      <DialogSurface aria-describedby="overwrite-text">
        <DialogBody>
          <DialogTitle>{words.title}</DialogTitle>
          <DialogContent id="overwrite-text">
            {question && (
              <>
                <p>
                  The {words.noun} go to <strong>{question.targetAddress}</strong>, but <strong>{question.usedAddress}</strong> already holds values that
                  Partsheet did not write.
                </p>
                <p>{words.question}</p>
              </>
            )}
          </DialogContent>
          <DialogActions fluid>
            <Button appearance="primary" onClick={() => onAnswer('elsewhere')}>
              {words.elsewhere}
            </Button>
            <Button onClick={() => onAnswer('replace')}>Replace</Button>
            <Button appearance="subtle" onClick={() => onAnswer('cancel')}>
              Don’t write
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
