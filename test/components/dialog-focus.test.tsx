/**
 * Safe defaults and focus in the pane's questions: the questions asked before an order is sent (production, order
 * again, PO used before, overbuy) focus the answer that sends nothing, so Enter does not place the order; focus goes
 * back where the buyer acted when a question is answered or dismissed with Escape.
 */
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { OrderQuestionDialog } from '../../taskpane/components/OrderDialogs';
import type { OrderQuestion, QuestionAnswer } from '../../taskpane/order/controller';

const QUESTIONS: Array<[string, OrderQuestion, string, string]> = [
  [
    'production',
    { kind: 'production', lines: 3, totals: [{ currency: 'USD', amount: 12.5 }], total: '12.50 USD' },
    'Cancel',
    'Submit order for 12.50 USD',
  ],
  [
    'order again',
    {
      kind: 'already-ordered',
      rows: [{ row: 4, what: 'BAV99', orders: [{ orderId: '90000001', text: '90000001 submitted' }], included: true }],
    },
    'Cancel',
    'Order again',
  ],
  ['PO used before', { kind: 'duplicate-po', po: 'PO-7', earlier: [] }, 'Cancel', 'Send another order'],
  [
    'overbuy',
    { kind: 'overbuy', lines: [{ rows: [3], part: 'BAV99', quantity: '3,000', overbuy: '2,900 spare' }] },
    'Go back',
    'Order as planned',
  ],
  [
    'the questions of one send together (overbuy, then production)',
    {
      kind: 'review',
      asked: [
        { kind: 'overbuy', lines: [{ rows: [3], part: 'BAV99', quantity: '3,000', overbuy: '2,900 spare' }] },
        { kind: 'production', lines: 3, totals: [{ currency: 'USD', amount: 12.5 }], total: '12.50 USD' },
      ],
    },
    'Cancel',
    'Submit order for 12.50 USD',
  ],
];

/** The question asked after the buyer pressed the pane's own "Send order" button, as the order view does. */
function Asker({ question, answers }: { question: OrderQuestion; answers: QuestionAnswer[] }) {
  const [asked, setAsked] = useState<OrderQuestion | null>(null);
  return (
    <FluentProvider theme={webLightTheme}>
      <button type="button" onClick={() => setAsked(question)}>
        Send order
      </button>
      <OrderQuestionDialog
        question={asked}
        onAnswer={(a) => {
          answers.push(a);
          setAsked(null);
        }}
      />
    </FluentProvider>
  );
}

describe('questions before an order is sent', () => {
  test.each(QUESTIONS)(
    '%s: the answer that sends nothing is focused; Enter on it sends nothing',
    (_, q, safe, risky) => {
      const answers: QuestionAnswer[] = [];
      render(<Asker question={q} answers={answers} />);
      const send = screen.getByRole('button', { name: 'Send order' });
      send.focus();
      fireEvent.click(send);
      screen.getByRole('alertdialog');
      const focused = document.activeElement as HTMLElement;
      expect(focused.textContent).toBe(safe);
      expect(focused).not.toBe(screen.getByRole('button', { name: risky }));
      // Enter activates the focused button.
      fireEvent.click(focused);
      expect(answers).toEqual(['no']);
      expect(screen.queryByRole('alertdialog')).toBeNull();
      // Focus is back where the buyer acted, not on the page's body.
      expect(document.activeElement).toBe(send);
    },
  );

  test('Escape answers no, and focus goes back to the button the buyer pressed', () => {
    const answers: QuestionAnswer[] = [];
    render(<Asker question={QUESTIONS[0][1]} answers={answers} />);
    const send = screen.getByRole('button', { name: 'Send order' });
    send.focus();
    fireEvent.click(send);
    fireEvent.keyDown(screen.getByRole('alertdialog'), { key: 'Escape' });
    expect(answers).toEqual(['no']);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(send);
  });

  test('the order is sent only by its own button', () => {
    const answers: QuestionAnswer[] = [];
    render(<Asker question={QUESTIONS[0][1]} answers={answers} />);
    fireEvent.click(screen.getByRole('button', { name: 'Send order' }));
    fireEvent.click(screen.getByRole('button', { name: 'Submit order for 12.50 USD' }));
    expect(answers).toEqual(['yes']);
  });
});
