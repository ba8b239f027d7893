import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components';
import { useRef } from 'react';
import type { OverwriteChoice, OverwriteQuestion } from '../../src/excel/priced-sheet';

export interface OverwriteDialogProps {
  question: OverwriteQuestion | null;
  onAnswer: (choice: OverwriteChoice) => void;
}

/** Asked before any cell that is not the add-in's own is written over. */
export function OverwriteDialog({ question: asked, onAnswer }: OverwriteDialogProps) {
  // The last question stays on screen while the dialog closes, so its words do not change as it fades.
  const last = useRef<OverwriteQuestion | null>(null);
  if (asked) last.current = asked;
  const question = asked ?? last.current;
  const results = question?.what === 'results';
  return (
    <Dialog open={asked !== null} modalType="alert" onOpenChange={(_, data) => !data.open && onAnswer('cancel')}>
      <DialogSurface aria-describedby="overwrite-text">
        <DialogBody>
          <DialogTitle>{results ? 'Cells beside the BOM are in use' : 'The "Price breaks" sheet is in use'}</DialogTitle>
          <DialogContent id="overwrite-text">
            {question && (
              <>
                <p>
                  The {results ? 'results' : 'price breaks'} go to <strong>{question.targetAddress}</strong>, but{' '}
                  <strong>{question.usedAddress}</strong> already holds values that Partsheet did not write.
                </p>
                <p>{results ? 'Write the results in the next empty columns instead, or replace those cells?' : 'Write the price breaks to a new sheet instead, or replace that sheet’s contents?'}</p>
              </>
            )}
          </DialogContent>
          <DialogActions fluid>
            <Button appearance="primary" onClick={() => onAnswer('elsewhere')}>
              {results ? 'Use empty columns' : 'Use a new sheet'}
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
