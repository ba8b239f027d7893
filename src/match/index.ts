/** Choosing the part a cell or a BOM line means among the parts found (see choose-part.ts). */
export { choosePart, makerName, type PartChoice, type PartWanted } from './choose-part';
export { manufacturerMatch } from './manufacturer';
