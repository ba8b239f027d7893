/**
 * A pure function of a text, remembered: the BOM reader asks the same questions of the same cells many times over
 * (each column's test of content, each rule's look at a header), and a text's answer depends on the text alone.
 * At most `kept` texts are remembered, none longer than LONGEST (a megabyte of prose in a cell is answered afresh,
 * never held by a task pane that stays open); past them the table starts again, so a long file costs no more memory
 * than a short one. Answers are shared between callers: the function must return values nobody changes (frozen, or
 * primitives).
 */
export function rememberedByText<T>(answer: (text: string) => T, kept = 16384): (text: string) => T {
  const known = new Map<string, T>();
  return (text: string): T => {
    if (text.length > LONGEST) return answer(text);
    const seen = known.get(text);
    if (seen !== undefined || known.has(text)) return seen as T;
    if (known.size >= kept) known.clear();
    const value = answer(text);
    known.set(text, value);
    return value;
  };
}

/** The longest text remembered: a cell of a BOM is seldom longer, a header or a list of positions never much. */
const LONGEST = 1000;
