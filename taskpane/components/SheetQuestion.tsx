import { Button, MessageBar, MessageBarActions, MessageBarBody } from '@fluentui/react-components';
import type { SheetAsk } from '../sheet-choice';

export interface SheetQuestionProps {
  question: SheetAsk;
  disabled: boolean;
  onAnswer: (answer: 'other' | 'keep') => void;
}

/**
 * The mapping step's question when another sheet looks like the BOM (taskpane/sheet-choice.ts): read that sheet,
 * or keep the selection's.
 */
export function SheetQuestion({ question, disabled, onAnswer }: SheetQuestionProps) {
  return (
    <MessageBar intent="warning" layout="multiline" data-testid="sheet-question">
      <MessageBarBody>{question.text}</MessageBarBody>
      <MessageBarActions>
        <Button appearance="primary" disabled={disabled} onClick={() => onAnswer('other')}>
          Read &apos;{question.other}&apos;
        </Button>
        <Button disabled={disabled} onClick={() => onAnswer('keep')}>
          Keep this sheet
        </Button>
      </MessageBarActions>
    </MessageBar>
  );
}
