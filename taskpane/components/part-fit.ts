/** Whether a candidate part fits a BOM line: the core's rule (src/purchase/part-fit.ts), which the sheet's Status uses too. */
export { misfits } from '../../src/purchase/part-fit';
