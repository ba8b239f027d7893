/**
 * The quantities the pane compares and remembers per sheet (taskpane/quantities.ts).
 */
import {
  keptQuantities,
  quantitiesOf,
  quantitiesText,
  sameQuantities,
  scenarioQuantities,
} from '../../taskpane/quantities';

describe('the quantities of a BOM view', () => {
  test('several: sorted, each once, the BOM sheet’s quantity among them; one: none to compare', () => {
    expect(scenarioQuantities({ boards: 10, quantities: [100, 1, 10] })).toEqual([1, 10, 100]);
    expect(scenarioQuantities({ boards: 5, quantities: [1, 10] })).toEqual([1, 5, 10]);
    expect(scenarioQuantities({ boards: 5 })).toBeNull();
    expect(scenarioQuantities({ boards: 5, quantities: [5] })).toBeNull();
    expect(quantitiesOf({ boards: 5 })).toEqual([5]);
    expect(sameQuantities([1, 10], [1, 10])).toBe(true);
    expect(sameQuantities([1, 10], [1, 10, 100])).toBe(false);
    expect(quantitiesText([1])).toBe('1 board');
    expect(quantitiesText([1, 10, 1000])).toBe('1, 10, 1,000 boards');
  });

  test('a remembered list is used only when it is one the pane could have written', () => {
    expect(keptQuantities({ boards: 10, quantities: [100, 10, 1] }, 100_000)).toEqual([1, 10, 100]);
    expect(keptQuantities({ boards: 10 }, 100_000)).toBeUndefined();
    expect(keptQuantities(null, 100_000)).toBeUndefined();
    // Not among them, too many, not whole numbers, out of range, one alone.
    expect(keptQuantities({ boards: 7, quantities: [1, 10] }, 100_000)).toBeUndefined();
    expect(keptQuantities({ boards: 1, quantities: [1, 2, 3, 4, 5, 6, 7, 8, 9] }, 100_000)).toBeUndefined();
    expect(keptQuantities({ boards: 1, quantities: [1, 2.5] }, 100_000)).toBeUndefined();
    expect(keptQuantities({ boards: 1, quantities: [1, 200_000] }, 100_000)).toBeUndefined();
    expect(keptQuantities({ boards: 1, quantities: [1, 1] }, 100_000)).toBeUndefined();
    expect(keptQuantities({ boards: 1, quantities: '1, 10' }, 100_000)).toBeUndefined();
  });
});
