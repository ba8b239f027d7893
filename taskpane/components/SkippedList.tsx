import { Accordion, AccordionHeader, AccordionItem, AccordionPanel } from '@fluentui/react-components';
import type { BomWarning, SkippedLine } from '../../src/bom';
import { useSectionStyles } from './styles';

export interface SkippedListProps {
  skipped: readonly SkippedLine[];
  warnings: readonly BomWarning[];
}

/** Lines left out and why, and what the reading doubted (blank rows are no lines at all). */
export function SkippedList({ skipped, warnings }: SkippedListProps) {
  const s = useSectionStyles();
  if (skipped.length === 0 && warnings.length === 0) return null;
  return (
    <Accordion collapsible multiple>
      {skipped.length > 0 && (
        <AccordionItem value="skipped">
          <AccordionHeader size="small">Skipped ({skipped.length})</AccordionHeader>
          <AccordionPanel>
            <ul className={`${s.list} ${s.scroll}`} aria-label="Skipped lines" tabIndex={0}>
              {skipped.map((k) => (
                <li key={k.row}>{k.message}</li>
              ))}
            </ul>
          </AccordionPanel>
        </AccordionItem>
      )}
      {warnings.length > 0 && (
        <AccordionItem value="warnings">
          <AccordionHeader size="small">To check ({warnings.length})</AccordionHeader>
          <AccordionPanel>
            <ul className={`${s.list} ${s.scroll}`} aria-label="Things to check" tabIndex={0}>
              {warnings.map((w, i) => (
                <li key={i}>{w.message}</li>
              ))}
            </ul>
          </AccordionPanel>
        </AccordionItem>
      )}
    </Accordion>
  );
}
