/**
 * A hand-made list's name that says the kind of part in words, then its maker's number, then perhaps its package
 * and ratings: "Диод 1N4148WS", "Транзистор IRLML9103 SOT-23", "Stabilizator LM1117S-ADJ D2PAK", "Diode Schottky
 * SR860 (SB860) DO-201 60V 8A". The words name one component (a diode, a transistor, a regulator), never a board or
 * a module built on one, so the number is the part to buy.
 */
import { ZENER_SERIES } from './part-cells';
import { GLUED_ON, MODULE_WORDS, PACKAGE, isComponentValue, shapedAsNumber } from './row-kinds';

/**
 * The start of a word that names one kind of component, in the languages hand-made lists are written in: English,
 * German, French, Spanish, Italian, Portuguese, Polish and Russian. Sockets, plugs and headers are left out: the
 * number after them is as often a series or a size ("Гнездо MMCX", "Buchse XH2.54") as a maker's number.
 */
const KIND_STEMS = [
  // English and the words most languages share.
  'diod',
  'transistor',
  'mosfet',
  'regulat',
  'transformat',
  'relay',
  'relais',
  'optocoupl',
  'opamp',
  'comparator',
  'crystal',
  'oscillat',
  'zener',
  'schottky',
  'thyristor',
  'triac',
  'sensor',
  'eeprom',
  'microcontroller',
  'housing',
  'enclosure',
  'gehäuse',
  'корпус',
  // German, French, Spanish, Italian, Portuguese, Polish.
  'spannungsregler',
  'optokoppler',
  'quarz',
  'régulat',
  'regolat',
  'regulad',
  'trasformat',
  'capteur',
  'relé',
  'relè',
  'tranzystor',
  'stabilizator',
  'przekaźnik',
  'czujnik',
  'układ',
  // Russian.
  'диод',
  'транзистор',
  'стабилизатор',
  'стабилитрон',
  'трансформатор',
  'реле',
  'микросхем',
  'оптопар',
  'кварц',
  'резонатор',
  'светодиод',
  'датчик',
  'компаратор',
  'усилитель',
];
/**
 * A word of one kind of component: a stem with its ending ("Diode", "Dioden", "Транзисторы"), or a German compound
 * whose last word is one ("Sensorgehäuse": a sensor's housing, "Leistungstransistor"); never a compound naming
 * something for it ("Sensorkabel", "Diodenstecker").
 */
const STEMS = KIND_STEMS.join('|');
const KIND_WORD = new RegExp(`^(?:(?:${STEMS})\\p{L}{0,3}|ic|led)$`, 'iu');
const KIND_COMPOUND = new RegExp(`^\\p{Lu}\\p{Ll}{2,}(?:${STEMS})\\p{Ll}{0,2}$`, 'u');

/** A rating after the number: a value with its unit ("60V", "8A", "0.5-600mhz"), a chip size or a package. */
function isRatingOrPackage(word: string): boolean {
  if (/^[(（][^()（）]+[)）]$/.test(word)) return true; // an alternative named in brackets ("(SB860)")
  return (
    isComponentValue(word) ||
    PACKAGE.test(word) ||
    /^(?:D2?PAK|TO-?\d+[A-Z]*|DO-?\d+[A-Z]*|SOT-?\d+(?:-\d+)?|SOD-?\d+[A-Z]*)$/i.test(word) ||
    /^\d+(?:[.,]\d+)?(?:-\d+(?:[.,]\d+)?)?(?:[kKmMG]?(?:hz|v|a|w))$/i.test(word)
  );
}

/**
 * The maker's number in a name that is words of one kind of component, the number, then ratings or a package
 * (above); null otherwise, and for a value, a size or a series name where the number would be.
 */
export function numberAfterKindWords(name: string): string | null {
  const words = name.trim().split(/\s+/);
  if (words.length < 2 || words.length > 8 || MODULE_WORDS.test(name)) return null;
  const at = words.findIndex((w) => /\d/.test(w));
  // One to three words before it, letters alone, the first naming the kind of part.
  if (at < 1 || at > 3 || !(KIND_WORD.test(words[0]) || KIND_COMPOUND.test(words[0]))) return null;
  if (!words.slice(0, at).every((w) => /^\p{L}+$/u.test(w))) return null;
  const number = words[at];
  if (!/[A-Za-z]/.test(number) || !/\d/.test(number) || number.length < 5) return null;
  if (!shapedAsNumber(number) && !/^[A-Z]{2,4}\d{2,4}[A-Z]{0,2}$/.test(number)) return null;
  if (isComponentValue(number) || PACKAGE.test(number) || GLUED_ON.test(number)) return null;
  // A zener's series with its voltage written apart ("BZX55C 13V") names no one part.
  if (ZENER_SERIES.test(number)) return null;
  return words.slice(at + 1).every(isRatingOrPackage) ? number : null;
}
