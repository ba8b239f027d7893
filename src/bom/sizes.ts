/**
 * Sizes written where a number could stand (a passive's chip size, an LED's, a battery cell's): read by the quantity
 * parser and by the part-number rules alike, so it imports nothing of the reader.
 */
/** A chip size written alone: a passive's package, never a maker's number. */
export const CHIP_SIZE = /^(?:0201|0402|0603|0805|1008|1206|1210|1812|2010|2220|2512)$/;

/**
 * A size written where a number could stand: a chip size (CHIP_SIZE), in millimetres too ("1608"), an LED's ("2835")
 * or a battery cell's ("18650"). Never a maker's number.
 */
export function isSizeCode(text: string): boolean {
  return (
    CHIP_SIZE.test(text) ||
    /^(?:1005|1608|2012|3216|3225|4532|2835|3528|5050|5730|3014)$/.test(text) ||
    CELL_SIZE.test(text)
  );
}
const CELL_SIZE = /^(?:10440|14500|16340|18350|18500|18650|21700|26650|32650)$/;
