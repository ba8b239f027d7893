/**
 * A hand-made list's name that says the kind of part in words, then its maker's number, then perhaps its package
 * and ratings: "Диод 1N4148WS", "Транзистор IRLML9103 SOT-23", "Stabilizator LM1117S-ADJ D2PAK", "Diode Schottky
 * SR860 (SB860) DO-201 60V 8A". The words name one component (a diode, a transistor, a regulator), never a board or
 * a module built on one, so the number is the part to buy.
 */
import { isRegisteredType } from './part-cells';
import { type Cell } from '../text/normalize';
import { GLUED_ON, MODULE_WORDS, PACKAGE, isComponentValue, shapedAsNumber } from './row-kinds';

/**
 * The start of a word that names one kind of component, in the languages hand-made lists are written in: English,
 * German, French, Spanish, Italian, Portuguese, Polish, Russian and Bulgarian. Sockets, plugs and headers are left out: the
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
  // Bulgarian (and "ИС", an integrated circuit, in KIND_WORD below), and a varistor in any of them.
  'микроконтрол',
  'варистор',
  'varistor',
];
/**
 * A word of one kind of component: a stem with its ending ("Diode", "Dioden", "Транзисторы"), or a German compound
 * whose last word is one ("Sensorgehäuse": a sensor's housing, "Leistungstransistor"); never a compound naming
 * something for it ("Sensorkabel", "Diodenstecker").
 */
const STEMS = KIND_STEMS.join('|');
const KIND_WORD = new RegExp(`^(?:(?:${STEMS})\\p{L}{0,3}|ic|led|fet|ис)$`, 'iu');
/** A package or a can's code ("SOT23", "TO220", "DO214AA"). */
const isPackage = (word: string): boolean => PACKAGE_CODE.test(word) || PACKAGE.test(word);
const KIND_COMPOUND = new RegExp(`^\\p{Lu}\\p{Ll}{2,}(?:${STEMS})\\p{Ll}{0,2}$`, 'u');

/** A rating after the number: a value with its unit ("60V", "8A", "0.5-600mhz"), a chip size or a package (PACKAGE_CODE). */
function isRatingOrPackage(word: string): boolean {
  if (/^[(（][^()（）]+[)）]$/.test(word)) return true; // an alternative named in brackets ("(SB860)")
  return (
    isComponentValue(word) ||
    PACKAGE.test(word) ||
    PACKAGE_CODE.test(word) ||
    /^D2?PAK$/i.test(word) ||
    /^\d+(?:[.,]\d+)?(?:-\d+(?:[.,]\d+)?)?(?:[kKmMG]?(?:hz|v|a|w))$/i.test(word)
  );
}

/**
 * Words that make the thing something built on or for the component, in the languages above: a board, a kit, a
 * module, a strip, a ring, a matrix or display, a socket or holder, an adapter, a cable, a heat sink; "for" in any of
 * them. Each is the start of a word ("boards", "модуля").
 */
const NOT_THE_PART = [
  'board',
  'kit',
  'karte',
  'platine',
  'плат',
  'módul',
  'modul',
  'moduł',
  'модул',
  'breakout',
  'shield',
  'strip',
  'streifen',
  'band',
  'ring',
  'matrix',
  'display',
  'panel',
  'socket',
  'sockel',
  'fassung',
  'holder',
  'halter',
  'adapter',
  'cable',
  'kabel',
  'heatsink',
  'kühlkörper',
  'радиатор',
  'панель',
  'кабель',
  'лента',
  'tira',
  'striscia',
];
/** Words in another cell of the row that make the thing many of the part: a strip, a matrix, a ring of LEDs. */
const MANY_OF_IT =
  /(?:^|[^\p{L}])(?:strips?|streifen|matrix|лент\p{L}*|tiras?|strisci\p{L}*)(?!\p{L})|(?:^|[^\p{L}-])ring(?!\p{L})/iu;
const FOR_WORDS = new Set(['for', 'für', 'для', 'pour', 'para', 'per', 'dla']);
/** A package, socket or can code where the number would be: "TO220", "DIL-28", "PDIP28", "ZIF28", "HC49U", "SMD5032". */
const PACKAGE_CODE = /^(?:TO-?\d|DO-?\d|SOT|SOD|DIL|DIP|PDIP|SOIC|ZIF|HC-?49|SMD\d{4})/i;
/**
 * A family's number alone, with no suffix of its variant: letters (or a logic family's digits and letters), digits,
 * one letter at most ("AMS1117", "BTA16", "74HC595").
 */
const BARE_FAMILY = /^(?:[A-Z]{1,6}|\d{2}[A-Z]{1,4})\d{2,6}[A-Z]?$/i;

/**
 * The maker's number in a name that is words of one kind of component (and words of letters), the number, then ratings
 * or a package (above); null otherwise. A number is never a value, a size, a package or a socket's code, and a
 * family's number followed by ratings or a package ("AMS1117 3.3V", "BTA16 600V", "ATmega328P DIP28") is none: the
 * rating may choose the variant to order. A registered type ("2N7002 SOT-23") is whole as it is.
 */
export function numberAfterKindWords(name: string, row: readonly Cell[] = []): string | null {
  // How the part is mounted or its package, before its kind ("SMD ДИОД 1N5822", "PTH Diode 1N5822"), says nothing of it.
  const words = name
    .trim()
    .split(/\s+/)
    .filter((w, i, all) => i > 0 || all.length < 3 || !PACKAGE.test(w));
  if (words.length < 2 || words.length > 8) return null;
  // A package may stand between the kind and the number ("ТРАНЗИСТОР SOT23 BSS138").
  const at = words.findIndex((w, i) => /\d/.test(w) && !(i > 0 && i < words.length - 1 && isPackage(w)));
  // The kind's word first, then words alone ("Schottky", "de línea"), up to the number. Asked of every name of a
  // list: the name's own words first, the row's other cells last.
  if (at < 1 || at > 3 || !(KIND_WORD.test(words[0]) || KIND_COMPOUND.test(words[0]))) return null;
  const lower = words.map((w) => w.toLowerCase());
  if (MODULE_WORDS.test(name) || lower.some((w) => FOR_WORDS.has(w) || NOT_THE_PART.some((n) => w.startsWith(n))))
    return null;
  // Another cell of the row may say the thing is many of the part ("strip 60 LEDs/m", "8x8 matrix").
  if (row.some((c) => typeof c === 'string' && c !== name && MANY_OF_IT.test(c))) return null;
  if (!words.slice(1, at).every((w) => /^\p{L}+$/u.test(w) || isPackage(w))) return null;
  const number = words[at];
  if (!/[A-Za-z]/.test(number) || !/\d/.test(number) || number.length < 5 || PACKAGE_CODE.test(number)) return null;
  if (!shapedAsNumber(number) && !/^[A-Z]{2,4}\d{2,4}[A-Z]{0,2}$/.test(number)) return null;
  if (isComponentValue(number) || PACKAGE.test(number) || GLUED_ON.test(number)) return null;
  // A kind's word after the number ("BSS138 FET") names it again.
  const rest = words.slice(at + 1).filter((w) => !KIND_WORD.test(w));
  if (rest.length > 0 && BARE_FAMILY.test(number) && !isRegisteredType(number)) return null;
  return rest.every(isRatingOrPackage) ? number : null;
}
