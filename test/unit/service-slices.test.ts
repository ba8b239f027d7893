import { Slices } from '../../service/itemservice/slices';
import { WorkGate } from '../../service/itemservice/work-gate';

/** Whether `breathe()` gave the event loop back: a setImmediate queued before it ran first. */
async function yielded(slices: Slices): Promise<boolean> {
  let ran = false;
  setImmediate(() => (ran = true));
  await slices.breathe();
  return ran;
}

describe('Slices', () => {
  test('yields once its slice is used up, not before', async () => {
    expect(await yielded(new Slices(10n ** 12n))).toBe(false);
    expect(await yielded(new Slices(0n))).toBe(true);
  });

  test('a slice given as a share is read at each breath, so it shrinks as more work shares it', async () => {
    let share = 10n ** 12n;
    const slices = new Slices(() => share);
    expect(await yielded(slices)).toBe(false);
    share = 0n;
    expect(await yielded(slices)).toBe(true);
  });
});

describe('WorkGate.active', () => {
  test('counts the pieces of work running, not those waiting', async () => {
    const gate = new WorkGate(2);
    const seen: number[] = [];
    const releases: (() => void)[] = [];
    const work = () =>
      gate.run(async () => {
        seen.push(gate.active);
        await new Promise<void>((resolve) => releases.push(resolve));
      });
    const runs = [work(), work(), work()];
    await new Promise((resolve) => setImmediate(resolve));
    expect(gate.active).toBe(2);
    releases.shift()!();
    await new Promise((resolve) => setImmediate(resolve));
    expect(gate.active).toBe(2);
    releases.splice(0).forEach((release) => release());
    await new Promise((resolve) => setImmediate(resolve));
    releases.splice(0).forEach((release) => release());
    await Promise.all(runs);
    expect(gate.active).toBe(0);
    expect(seen).toEqual([1, 2, 2]);
  });
});
