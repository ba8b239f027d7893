/**
 * Rows that are no purchases, by what their cells say: the bare board (a PCB row is not a part bought from a
 * distributor), PCB features no one buys (fiducials, mounting holes, test pads, a solder jumper's state), schematic
 * symbols, parts made from a file, software, and items that come with another item.
 */
import { allPositions, looksLikeDesignators } from './designators';
import { looksLikePartNumber } from './column-content';
import { libraryNameReason } from './library-names';
import { shapedAsNumber } from './row-kinds';
import { type ColumnMapping } from './header-words';
import { headerTokens } from './header-tokens';
import { isKnownManufacturer } from '../match/manufacturer';
import { quote } from './read-result';
import { TOTAL_WORDS } from './row-quantity';
import { type Cell, cellText } from '../text/normalize';

/** A cell that is the bare board's type: "PCB", "PCBA", "Bare PCB" (an ERP's Part Type column). */
const BOARD_CELL =
  /^\s*(?:(?:bare\s+)?PCBA?(?:\s+board)?|印制板|印刷电路板|电路板|PCB板|线路板|光板|プリント基板|生基板)\s*$/i;
/**
 * A PLM item name whose kind is the board: "PCB;" first, after a code or not ("319015460, PCB; BeagleV-Ahead…",
 * "PCB;BeagleV-Fire Rev A", "PCBA; BeagleV-Fire").
 */
const BOARD_ITEM = /^\s*(?:[\w.-]+,\s*)?PCBA?\s*;/i;
/** A part-number cell with spaces that names a board ("BeagleBone AI PCB Rev A1"): no maker numbers a part so. */
const BOARD_WORDS = /\s/;
/** The word PCB, never a way of mounting on one ("PCB-mount connector", "PCB mount"). */
const BOARD_WORD = /\bPCBA?\b(?![-\s]?mount)/i;
/** The board's own positions (PCB1, BRD1, PWB1), never a component's. */
const BOARD_POSITION = /^(?:PCBA?|BRD|BOARD|PWB)\d/i;
/**
 * A name that ends in the word PCB, a fab's tag or revision after it: "LED Ring Light PCB [PPLG]", "Main PCB rev B";
 * in Japanese, a project's or a side's board ("Keybit8 基板", "メイン基板"), never one bought ("ユニバーサル基板").
 */
const BOARD_NAME =
  /\S\s+PCBA?(?:\s*\[[^\]]*\]|\s+rev\.?\s*\S+|\s+v\d\S*)?\s*$|^\s*(?:[A-Za-z][\w.-]*|メイン|サブ|トップ|ボトム)\s*基板\s*$/i;
/** Board fabs by name: a board named with one, or a link to its site, is the bare board. */
const FABS = String.raw`osh\s?park|jlcpcb|pcbway|aisler|eurocircuits|allpcb|pcbcart|elecrow|nextpcb|seeed\s*fusion`;
/** Boards named with the fab that makes them: "Boards from OshPark", "PCB (JLCPCB)". */
const BOARD_FAB = new RegExp(String.raw`\b(?:boards?|pcbs?)\b.*\b(?:${FABS})\b`, 'i');

/**
 * Whether the row is the bare board (or the assembly itself), given its part-number text: a part number with
 * spaces naming a PCB, a cell that is the board's type, or (without a part number) a PLM item name of the board;
 * never a row of parts placed at positions of their own. Cheap tests first: it runs on every line.
 */
export function isBoardRow(row: readonly Cell[], partNumber: string, designators: readonly string[] = []): boolean {
  // Parts placed at positions ("U2, U3", a terminal block "J1" for the PCB) are on the board, not the board: "PCB" in
  // a Category column sorts them.
  if (allPositions(designators) && !designators.some((d) => BOARD_POSITION.test(d))) return false;
  if (partNumber !== '' && BOARD_WORDS.test(partNumber) && BOARD_WORD.test(partNumber)) return true;
  let named = false;
  let boardFirst = false;
  let fab = false;
  let fabNamed = false;
  for (const cell of row) {
    if (typeof cell !== 'string' || cell.length > 200) continue;
    if (cell.length <= 16 && BOARD_CELL.test(cell)) return true;
    if (partNumber !== '') continue;
    if (BOARD_ITEM.test(cell) || (cell.length <= 80 && (BOARD_NAME.test(cell) || BOARD_FAB.test(cell)))) return true;
    named ||= cell.length <= 40 && BOARD_WORD.test(cell);
    boardFirst ||= cell.length <= 40 && BOARD_FIRST.test(cell);
    fab ||= FAB_LINK.test(cell);
    fabNamed ||= FAB_NAME.test(cell);
  }
  // "PCB build" beside a link to the fab's site ("https://jlcpcb.com/"); "Placa principal" bought from "PCBway".
  return ((named || boardFirst) && fab) || (boardFirst && fabNamed);
}

/** A link to a board fab's site. */
const FAB_LINK = new RegExp(String.raw`^\s*(?:https?:\/\/)?(?:www\.)?(?:${FABS})\.\w+`, 'i');
/** A board fab named alone, as a shop column names where each thing is bought ("PCBway"). */
const FAB_NAME = new RegExp(String.raw`^\s*(?:${FABS})\s*$`, 'i');

/**
 * Words of a workbook's or sheet's name that say what the file is, not which project: a list, materials, a cost, a
 * draft, the sheet itself (in the header vocabulary's languages), and short joining words.
 */
const TITLE_WORDS =
  /^(?:boms?|list[aey]?|listado|materials?|materiais|materiales|materiale|st(?:ue|ü)ckliste|teileliste|bauteile|parts?|partlist|costs?|custo|costo|kosten|final|draft|sheet|blatt|tabelle|hoja|planilha|arkusz|copy|kopie|version|export|xlsx?|csv|ods|with|para|pour|f(?:ue|ü)r|the|and|und)$/i;

/** The words a workbook's or sheet's name gives the project ("BitDogLab V7_BOM": bitdoglab), lower case. */
export function projectWords(title: string): string[] {
  const words = title.split(/[^\p{L}\p{N}]+/u).filter((w) => w.length >= 4 && /\p{L}/u.test(w) && !TITLE_WORDS.test(w));
  return [...new Set(words.map((w) => w.toLowerCase()))].slice(0, 8);
}

/** A name that begins with a board, in the header vocabulary's languages: Placa, Board, PCB, Platine, Плата, 基板… */
const BOARD_FIRST =
  /^\s*(?:placa|board|pcba?|platine|leiterplatte|scheda|carte|p[łl]ytka|deska|плата|基板|电路板|線路板)(?=[\s\d_:-]|$)/iu;

/**
 * Whether a row without a part number names the project's own board ("Placa BitDogLab V7 (SMD's soldados)" in a
 * sheet named "BitDogLab V7_BOM"): made for the project, not bought from a distributor.
 */
export function isOwnBoard(row: readonly Cell[], words: readonly string[]): boolean {
  if (words.length === 0) return false;
  return row.some((cell) => {
    if (typeof cell !== 'string' || cell.length > 80 || !BOARD_FIRST.test(cell)) return false;
    const text = cell.toLowerCase();
    return words.some((w) => text.includes(w));
  });
}

/** Why a row is the board, in words (the bare board, or the project's own board), or null when it is none. */
export function boardRowWords(
  row: readonly Cell[],
  partNumber: string,
  designators: readonly string[],
  projectWords: readonly string[],
): string | null {
  if (isBoardRow(row, partNumber, designators)) return 'the bare board (PCB), not a part to buy from a distributor';
  return partNumber === '' && isOwnBoard(row, projectWords)
    ? "the project's own board, made for it, not a part from a distributor"
    : null;
}

/**
 * PCB features: copper and holes on the board itself (fiducials, mounting holes, also in a KiCad footprint's name
 * "Fiducial_1mm_Dia…", "MountingHole_2.2mm_M2", a footprint "hole_2", a "Plated Hole" alone, test pads, a wire's
 * "PTH Pad" or "Power Pad", a "DEBUG PAD"; a thermal pad is bought; pads and holes named in Chinese or Japanese:
 * 调试断点焊盘, 铜柱孔, 取付穴), and signs printed on it ("Sign_RoHS", "CE_Sign").
 */
const FEATURE =
  /\b(?:fiducials?|pass(?:er)?marken?|mount(?:ing)?[\s_-]*holes?|mechanical\s+holes?)(?![A-Za-z])|^(?:non[\s_-]*)?plated[\s_-]*(?:through[\s_-]*)?holes?$|(?:^|[\W_])logo\d*(?:$|[\W_])|^holes?(?:_\w+)?$|\b(?:pth|smd|tht|power|wire|solder|copper|ground|gnd|debug)[\s_-]*pads?$|\btest[\s_-]*pads?(?![A-Za-z])|\btest[\s_-]*points?[\s_-]*(?:surface|smd|pad)\b|(?:^|_)(?:pads?|sign)(?:$|_)|^[\u4e00-\u9fff]{0,6}(?:焊盘|测试点|測試點|安装孔|安裝孔|定位孔|铜柱孔|螺丝孔|固定孔)$|^(?:テストパッド|取付穴|取り付け穴)$/i;

/** A package named with its exposed or enlarged pad: "TSSOP-48_PAD", "QFN-32_PowerPad", "SOT-723-Extended_Pad". */
const EXPOSED_PAD =
  /^(?:[\w-]{1,40}:)?[HVWUPTLM]{0,2}(?:SOP|SSOP|MSOP|QFN|DFN|SON|SOIC|QFP|SOT|SOD|SO|TO)-?\d{1,3}(?:[-.][\w.]{1,20})?_(?:(?:E|EXPOSED|THERMAL|POWER)?[\s_-]?PADS?|EP)$/i;

/** KiCad's footprint names for a fiducial or a mounting hole, with or without the library ("MountingHole:…"). */
const KICAD_FEATURE_FOOTPRINT = /^(?:[\w-]+:)?(?:Fiducial|MountingHole)_\S+$/i;

/**
 * Whether a cell of the row other than a fiducial's or hole's footprint name is shaped as a maker's number, none of a
 * library's or symbol's names ("M3_Hole", "Screw_Terminal_01x01").
 */
const partBesideFootprint = (row: readonly Cell[]): boolean =>
  row.some(
    (c) =>
      typeof c === 'string' &&
      !KICAD_FEATURE_FOOTPRINT.test(c.trim()) &&
      shapedAsNumber(c.trim()) &&
      libraryNameReason(c.trim()) === null,
  );

/**
 * A solder jumper's state as a whole cell ("Opened", "Soldered(1-2)", "EJTAG_TDI:closed/SPI_MISO:opened"): copper.
 */
const JUMPER_STATE_ONE = '(?:[\\w.-]+:\\s*)?(?:opened|closed|soldered|unsoldered)(?:\\s*\\(\\d-\\d\\))?';
const JUMPER_STATE = new RegExp(`^${JUMPER_STATE_ONE}(?:\\s*[;/]\\s*${JUMPER_STATE_ONE})*$`, 'i');

/** Schematic symbols listed as parts: power ports ("GND", "+3V3"), sheet connectors, frames ("ANSI D", "FRAME"). */
const POWER_PORT =
  /^(?:[ADP]?GND|GNDA|GNDD|EARTH|CHASSIS|V(?:CC|DD|SS|EE|BAT|IN|BUS)[A-Z0-9_]*|[+-]?\d+(?:[.,]\d+)?V\d*|\+?\d+V\d+|PWR_FLAG)$/i;
const DRAWING_FRAME =
  /^(?:(?:ANSI|ISO|DIN|JIS)[\s_-]*[A-E]\d?(?:[\s_-]*[LP])?|FRAME[\w-]*|DOCFIELD|TITLE[\s_-]*BLOCK|DINA\d[\w-]*|A\d_?(?:L|P|LOC)?)$/i;
const SHEET_CONNECTOR = /^(?:TO|FROM|PORT|OFF[\s_-]?PAGE|OFF[\s_-]?SHEET|SHEET[\s_-]?(?:ENTRY|CONNECTOR))$/i;
/**
 * Words saying a row is a schematic's symbol: a power symbol, port or flag as KiCad's and Altium's libraries describe
 * them ("power:+5V", "Power symbol creates a global label…", "global power", ERC's flag), "power" alone in a cell
 * (a library's name), arrows, ports, sheet connectors, frames; never a thing ("Power supply", "LED (high power)").
 */
const SYMBOL_WORDS =
  /^\s*power\s*(?::|$)|\bpower[\s_-]*(?:symbol|port|flag)\b|\b(?:global|flag)\s+power\b|\berc\b|\b(?:arrow|port|off[\s-]?(?:page|sheet)|frame|title\s*block|sheet\s*connector|net\s*label)\b/i;

/** What a row is that no one buys: copper or holes on the board, or a symbol of the schematic. */
export interface BoardFeature {
  kind: 'feature' | 'symbol' | 'made' | 'software' | 'included' | 'charge' | 'assembly';
  /** What it is, in words: "Fiducial", "solder jumper", "power symbol GND". */
  what: string;
}

/** Why a row that is no purchase is none, in words. */
export function featureWords(feature: BoardFeature): string {
  const what = quote(feature.what, feature.kind === 'included' ? 50 : feature.kind === 'feature' ? 30 : 40);
  switch (feature.kind) {
    case 'symbol':
      return `a schematic symbol (${what}), not a part`;
    case 'made':
      return `made, not bought (${what}: a 3D print, a cut or machined part)`;
    case 'software':
      return `software (${what}), downloaded, not bought`;
    case 'included':
      return `comes with another item (${what}), not bought on its own`;
    case 'charge':
      return `a charge (${what}), not a part to buy`;
    case 'assembly':
      return `a sub-assembly's heading (${what}): built from the rows under it, not bought`;
    default:
      return `a PCB feature (${what}), not a part`;
  }
}

/** The schematic symbol a row lists (a power port, a sheet connector, a drawing frame), or null. */
function schematicSymbol(row: readonly Cell[]): string | null {
  const texts = row.filter((c): c is string => typeof c === 'string' && c.trim() !== '' && c.length <= 60);
  // "Power" alone is a library's name, or a hand-made list's category over a battery ("Power | Battery | 9V": a bare
  // voltage, no "#PWR" position, a thing's name in words); a symbol's "+5V" or "GND" is never a thing.
  const category =
    texts.some((t) => /^\d+(?:[.,]\d+)?V$/i.test(t.trim())) &&
    !texts.some((t) => t.trim().startsWith('#')) &&
    texts.some((t) => /^(?:batter(?:y|ies)|accu|akku|cells?)\b/i.test(t.trim()));
  const said = texts.some((t) => SYMBOL_WORDS.test(t) && !(category && /^\s*power\s*$/i.test(t)));
  for (const t of texts) {
    const v = t.trim();
    if (DRAWING_FRAME.test(v) && (said || /\s|FRAME|DOCFIELD/i.test(v))) return `drawing frame ${v}`;
    if (POWER_PORT.test(v) && said) return `power symbol ${v}`;
    if (SHEET_CONNECTOR.test(v) && said) return `sheet connector ${v}`;
  }
  return null;
}

/** A file a part is made from: a 3D print or a laser-cut sheet, made and not bought. */
export const PRINTED_PART = /\.(?:stl|3mf|step|stp|dxf|scad|f3d|gcode)$/i;
/**
 * Links to a part's files by the files' kinds alone, as a list's "STL file" and "CAD file" columns read ("stl" beside
 * "fcstd", "amf"): a print file's kind and another file's. One such word alone is no sign ("STL" is steel in a
 * Material column).
 */
const PRINT_FILE_KIND = /^(?:stl|3mf|amf|gcode)$/i;
const FILE_KIND = /^(?:stl|3mf|amf|gcode|step|stp|fcstd|f3d|scad|dxf|obj|iges?)$/i;
const printFilesLinked = (row: readonly Cell[]): boolean =>
  row.some((c) => typeof c === 'string' && PRINT_FILE_KIND.test(c.trim())) &&
  row.filter((c) => typeof c === 'string' && FILE_KIND.test(c.trim())).length >= 2;
/** A maker named as one's own workshop ("Mechanical Workshop", "in-house", "Werkstatt"): made, not bought. */
const OWN_WORKSHOP =
  /^\s*(?:(?:mechanical|machine|our|own)\s+)?workshop\s*$|^\s*in[-\s]?house\s*$|^\s*(?:eigenbau|eigenfertigung|werkstatt)\s*$/i;

/**
 * Parts a maker prints from files, named so in a hand-made list ("SET PIEZAS IMPRESAS", "3D printed parts",
 * "3D-Druckteile", "摆杆打印件": a printed pendulum arm) or linked to a folder of STL files: made, not bought.
 */
const PRINTED_WORDS =
  /\b3d[\s-]*(?:printed|prints?\b|gedruckt|druckteile?\b|impres[ao]s?\b)|\bpiezas?\s+impres[ao]s?\b|\bpi[eè]ces?\s+imprim[ée]es?\b|\bprinted\s+(?:parts?|pieces?)\b|\b(?:impres[ao]s?|impress[ao]s?|imprim[ée]e?s?|stampat[oaie])\s+(?:en|em|in)\s+3\s*d\b|\bgedruckte?n?\s+teile|\/stls?(?:\/|$)|打印件/i;

/**
 * A row a note says comes with another item or is cut from one ("Bundled with the hinge kit", "Cable supplied with
 * ROT_ENCODER; no separate purchase", "Cut from the same PMMA sheet as PLATE_HV_BACK"): counted in a list of what
 * goes into the build, bought as part of the other. Only where the row gives no price or link of its own.
 */
const INCLUDED =
  /\b(?:bundled|supplied|included|delivered|shipped)\s+(?:with|in)\b|\bcut\s+from\s+the\s+same\b|\bim\s+lieferumfang\b|\bfourni\s+avec\b|\bincluso\s+(?:con|en)\b/i;
/** Words that settle it whatever else the row has (the set's link repeated, a count): "cost included above". */
const NOT_BOUGHT_APART =
  /无需(?:购)?买|不需要买|不用买|購入不要|\bno\s+separate\s+purchase\b|\bnot\s+(?:purchased|bought|ordered)\s+separately\b|\b(?:cost|price)\s+included\s+(?:above|in|with)\b/i;

/** The note that says the row comes with another item, where the row has no price or link of its own; else null. */
function includedWithAnother(row: readonly Cell[]): string | null {
  let note: string | null = null;
  let numbers = 0;
  let linked = false;
  for (const cell of row) {
    if (typeof cell === 'number') numbers++;
    else if (typeof cell !== 'string' || cell.length > 200) continue;
    else if (NOT_BOUGHT_APART.test(cell)) return cell.trim();
    else if (/https?:|www\./i.test(cell)) linked = true;
    else if (note === null && INCLUDED.test(cell)) note = cell.trim();
  }
  // A count alone: a price or a link beside it would make the row a purchase of its own.
  return numbers <= 1 && !linked ? note : null;
}

/**
 * A cost list's charge named alone: shipping ("Shipping fee from … to …", "Versand für Gewindestift", "Frais de
 * port", 运费, 送料), a tax ("TVA", "MwSt 19%"), labour ("Main d'œuvre montage") or power ("Electricity for soldering"). Never a thing named after it
 * ("Shipping bag 15x25cm" is bought).
 */
const CHARGE = new RegExp(
  '^(?:customs(?:\\s+(?:dut(?:y|ies)|fees?|clearance))?|(?:shipping|postage|freight|delivery|handling)(?:\\s+(?:fees?|costs?|charges?)|\\s+(?:and|&)\\s+handling)?' +
    '(?:\\s+(?:for|to|from|via)\\s.*)?|versand(?:kosten)?(?:\\s+(?:f[üu]r|nach)\\s.*)?|porto|frais\\s+de\\s+' +
    '(?:port|livraison)|livraison|env[ií]o|spedizione|frete|运费|運費|送料|(?:vat|tva|mwst|iva|gst|sales\\s+tax)' +
    "(?:\\s*\\d+\\s*%)?|electricity(?:\\s+for\\s.*)?|labou?r(?:\\s+\\S+)?|main\\s+d['’]\\s?(?:œ|oe)uvre(?:\\s+\\S+)?|assembly\\s+(?:fee|cost|labou?r))$",
  'i',
);

/**
 * A charge for some of the things bought, named as such: the things, then the charge, then how ("Keyboard parts
 * shipping, USPS - First-Class…", "Printed Circuit Board customs, DHL", "Components, VAT"): the charge after a comma,
 * or after the things and before a carrier or a place. A tax is named in capitals ("VAT", "MwSt"), never a resin vat;
 * a "Power Delivery" controller is a part, and so is a "Box, shipping" with a number of its own.
 */
const CHARGE_OF_THINGS =
  /^\p{L}[\p{L} ]{0,40}?(?:,\s*|\s+)(?:shipping|postage|freight|delivery|customs|import\s+dut(?:y|ies)|sales\s+tax)(?:\s+(?:fees?|costs?|charges?))?(?:\s*[,(]\s*\S.*)?$/iu;
const TAX_OF_THINGS = /^\p{L}[\p{L} ]{0,40}?,\s*(?:VAT|TVA|MwSt|IVA|GST)\b/u;
/** A carrier or a place a charge names ("USPS", "DHL", "to France", "International"). */
const CARRIER =
  /\b(?:usps|ups|dhl|fedex|tnt|gls|dpd|hermes|royal\s+mail|la\s+poste|sf\s+express|ems|first[\s-]class|international|express|to\s+\p{Lu}\p{L}+)\b/iu;
/**
 * Whether a cell names a charge: named alone (CHARGE) where no cell of the row is shaped as a part number, or named
 * with what it is for (CHARGE_OF_THINGS, TAX_OF_THINGS) where none is or a carrier or a place is named. A sum in the
 * words is a note of what another row's shipping cost ("Shipping for all 3 orders: €47.18").
 */
function namesCharge(text: string, row: readonly Cell[]): boolean {
  if (text.length > 120 || /[$€£¥]|\d[.,]\d\d\b/.test(text)) return false;
  if (text.length <= 80 && CHARGE.test(text) && !namesPart(row)) return true;
  return (
    !/power\s+delivery/i.test(text) &&
    (TAX_OF_THINGS.test(text) || CHARGE_OF_THINGS.test(text)) &&
    (!namesPart(row) || CARRIER.test(text))
  );
}

/** Whether some cell of a row is shaped as a maker's number: a charge's word beside it is a note (a status "Shipping"). */
const namesPart = (row: readonly Cell[]): boolean => row.some((c) => typeof c === 'string' && looksLikePartNumber(c));

/**
 * A CAD assembly's heading row, the word alone ("Assembly" over rows 1.1, 1.2 of FreeCAD's BOM, "Baugruppe",
 * "Sous-ensemble"): the assembly is built from the rows under it.
 */
const ASSEMBLY_HEADING =
  /^\s*(?:(?:sub-?)?assembl(?:y|ies)|(?:unter)?baugruppe|sous-ensemble|assemblage|ensamblaje|subconjunto|sottoassieme|assieme)\s*$/i;

/** Software to download: nothing to buy from a distributor. */
const SOFTWARE = /\bsoftware\b|ソフトウェア|软件|軟體|\bSoftware\b/i;

/**
 * A net tie (EAGLE's "Short between two nets", the whole cell), a PCB antenna, a solder bridge or jumper (SparkFun's "SJ", "SJ_NC", "SJ_2S", its EAGLE library's
 * "JUMPER-SMT_2_NO_SILK" and "SMT-JUMPER_2_NC_TRACE_SILK", a "trace jumper"), a card's edge fingers
 * (KiCad's "BUS_PC_8BIT", "BUS_PCIexpress_x1" footprints: the ISA or PCI bus plated on the card), a hole left
 * unplated, named so alone ("non_plated_3mm", "NPTH"; never a part's "non-plated pegs"): copper or holes of the board.
 */
const COPPER =
  /\b(?:net[\s_-]*tie|pcb[\s_-]*antenna|solder[\s_-]*(?:bridge|jumper)|jumper[\s_-]*pads?|trace[\s_-]*jumper)\b|^short\s+between\s+(?:two\s+)?nets\.?$|\b(?:smt-jumper|jumper-smt)_\d|^SJ(?:_[A-Z0-9]{1,4})?$|(?:^|:)BUS_(?:PC|AT|ISA|PCI|PCIexpress)(?:_\w+)?$|(?:^|:)(?:non[\s_-]?plated|npth)(?:[\s_-][\w.]*)*$/i;

/** The feature a row describes ("Fiducial", "test pad", a solder jumper's state, a schematic symbol), or null. */
export function boardFeature(row: readonly Cell[]): BoardFeature | null {
  // A module is bought whatever copper of its own it lists ("ESP-12E module, 22 pins, PCB antenna", "RF_Module:").
  const module = row.some((cell) => typeof cell === 'string' && /(?:^|[^a-z])modul/i.test(cell));
  for (const cell of row) {
    if (typeof cell !== 'string') continue;
    // A Markdown table pads its cells with spaces: they are no part of what a cell says.
    const text = cell.trim();
    if (text.length <= 200 && (PRINTED_PART.test(text) || (PRINT_FILE_KIND.test(text) && printFilesLinked(row))))
      return { kind: 'made', what: text };
    if (text.length <= 40 && OWN_WORKSHOP.test(cell)) return { kind: 'made', what: text };
    if (text.length <= 80 && SOFTWARE.test(cell)) return { kind: 'software', what: text };
    if (namesCharge(text, row)) return { kind: 'charge', what: text };
    if (text.length <= 200 && PRINTED_WORDS.test(cell)) return { kind: 'made', what: text };
    if (text.length <= 20 && ASSEMBLY_HEADING.test(cell)) return { kind: 'assembly', what: text };
    // A package's exposed pad ("TSSOP-48_PAD", "QFN-32_EP") is the chip's, no copper of the board's own.
    const exposed = text.length <= 80 && EXPOSED_PAD.test(text);
    const m = exposed ? null : (FEATURE.exec(cell) ?? (module ? null : COPPER.exec(cell)));
    // A KiCad footprint's name ("MountingHole_3.2mm_M3") marks a feature only where the row names no part of its
    // own: a standoff or holder placed on the hole ("SMTSO-M3-4ET") is bought.
    if (m && !(KICAD_FEATURE_FOOTPRINT.test(text) && partBesideFootprint(row))) return { kind: 'feature', what: m[0] };
    if (text.length <= 80 && JUMPER_STATE.test(text)) return { kind: 'feature', what: 'solder jumper' };
  }
  const included = includedWithAnother(row);
  if (included !== null) return { kind: 'included', what: included };
  const symbol = schematicSymbol(row);
  return symbol === null ? null : { kind: 'symbol', what: symbol };
}

/**
 * A row with no part number whose designators all name mounting holes or fiducials (MH1, PTH2, FID3): board
 * features, whatever the footprint's name says.
 */
export function holesByDesignator(designators: readonly string[], row: readonly Cell[] = []): BoardFeature | null {
  if (designators.length === 0) return null;
  const marks = designators.every((d) => /^(?:MH|PTH|FID|FD|HOLE)\d+$/i.test(d));
  // H1, H2: holes in KiCad's libraries, other things elsewhere; holes when the row says so ("M3 Hole").
  const holes =
    designators.every((d) => /^H\d+$/i.test(d)) &&
    row.some((c) => /\bholes?\b/i.test(cellText(c).replace(/through[\s-]?holes?/gi, '')));
  return marks || holes ? { kind: 'feature', what: `holes and marks ${designators.slice(0, 3).join(', ')}` } : null;
}

/**
 * A row of test points whose "part number" only repeats another cell of the row (the footprint's or symbol's name,
 * "J001-1T01" in both Value and MPN) and names no maker the alias table knows: copper pads on the board, not test
 * points bought from a maker (Keystone's 5017 stays a part).
 */
export function testPadsByFootprint(
  designators: readonly string[],
  row: readonly Cell[],
  partColumn: number | undefined,
  maker: string,
): BoardFeature | null {
  // Test points by their positions (TP1), or by KiCad's value for the symbol ("TestPoint" on a connector's J3).
  const points = designators.length > 0 && designators.every((d) => /^TP\d+$/i.test(d));
  // The raw cells are looked at: this runs on every row with designators.
  const valued = (c: Cell): boolean => typeof c === 'string' && /^\s*test[\s_-]?points?\s*$/i.test(c);
  const padded = row.some((c) => typeof c === 'string' && c.includes('Pad') && PAD_FOOTPRINT.test(c.trim()));
  if (!points && (designators.length === 0 || !(padded || row.some(valued)))) return null;
  const named = partColumn === undefined ? '' : cellText(row[partColumn]).trim();
  // KiCad's pad footprints ("TestPoint_THTPad_D2.0mm_Drill1.0mm", "Measurement_Point_Round-SMD-Pad_Small") under a
  // symbol's name.
  if (padded && maker.trim() === '' && !looksLikePartNumber(named) && !/\d{3}/.test(named))
    return { kind: 'feature', what: `test pads ${designators.slice(0, 3).join(', ')}` };
  if (!points) return null;
  // Named a test point and nothing else ("TEST POINT" on a "testpoint_39mil" footprint), no maker, no shop's code.
  if ((named === '' || TEST_POINT_NAME.test(named)) && maker.trim() === '' && onlyTestPointWords(row, designators))
    return { kind: 'feature', what: `test pads ${designators.slice(0, 3).join(', ')}` };
  if (partColumn === undefined) return null;
  const number = named;
  if (!/[A-Za-z]/.test(number) || (maker.trim() !== '' && isKnownManufacturer(maker))) return null;
  const repeated = row.some((cell, c) => c !== partColumn && cellText(cell).trim() === number);
  return repeated ? { kind: 'feature', what: `test pads ${designators.slice(0, 3).join(', ')}` } : null;
}

/** The columns of a header that name a package or footprint, for each header row read (namingTexts). */
const packageColumnsOf = new WeakMap<readonly Cell[], ReadonlySet<number>>();

/**
 * What a row without a part number says of itself: its texts but its quantity and designators, bare numbers and
 * dashes; and whether any of them names something: figures, a total's label, or a package or footprint alone name
 * nothing to buy ("U602 1脚跟2脚短接" written in the Package column is a note), unless that column holds positions.
 */
export function namingTexts(
  row: readonly Cell[],
  mapping: ColumnMapping,
  headerCells: readonly Cell[],
): { texts: string[]; naming: boolean } {
  let packages = packageColumnsOf.get(headerCells);
  if (packages === undefined) {
    const named = (h: Cell) => headerTokens(cellText(h)).some((w) => w === 'footprint' || w === 'package');
    packages = new Set(headerCells.flatMap((h, c) => (named(h) ? [c] : [])));
    packageColumnsOf.set(headerCells, packages);
  }
  const texts: string[] = [];
  let naming = false;
  row.forEach((cell, c) => {
    if (c === mapping.quantity || c === mapping.designators) return;
    const t = cellText(cell);
    if (t === '' || /^\d+$/.test(t) || /^[~?.-]+$/.test(t)) return;
    texts.push(t);
    // Figures ("4.71764", "$7.81") name nothing to buy.
    if (/^[$€£¥￥]?\s*-?[\d.,]+$/.test(t)) return;
    naming ||= !packages.has(c) || looksLikeDesignators(t);
  });
  // A row that opens with a total's label ("Total for Inf Noise Mult", a note beside it; Altium's "Total Quantity"
  // under the designators) is the total.
  const opening = row.map((cell) => cellText(cell).trim()).find((t) => t !== '' && !/^[\d.,]+$/.test(t)) ?? '';
  const total = TOTAL_WORDS.exec(texts[0] ?? '')?.index === 0 || TOTAL_WORDS.exec(opening)?.index === 0;
  return { texts, naming: naming && !total };
}

/** A test point footprint that is a bare pad of copper, as KiCad's TestPoint library names them. */
const PAD_FOOTPRINT = /(?:^|:)(?:TestPoint_(?:THT)?Pad|Measurement_Point_[\w-]*Pad)(?:_|$)/i;
/** A cell that only says test point: "TEST POINT", "TestPoint", "testpoint_39mil" (a pad's size), "TP". */
const TEST_POINT_NAME = /^\s*(?:test[\s_-]*points?|testpoint[\w.-]*|TP)\s*$/i;

/**
 * Whether a row of test points says test point and nothing that could be ordered: its texts are the designators,
 * test-point names and words without a digit ("5001K-ND", a shop's code for Keystone's test point, is a purchase).
 */
function onlyTestPointWords(row: readonly Cell[], designators: readonly string[]): boolean {
  let named = false;
  for (const cell of row) {
    if (typeof cell !== 'string' || /^\s*\d*\s*$/.test(cell)) continue;
    if (TEST_POINT_NAME.test(cell)) named = true;
    else if (/\d/.test(cell) && !cell.split(/[\s,;]+/).every((d) => d === '' || designators.includes(d))) return false;
  }
  return named;
}

/** A footprint column's header: the footprint or package a part is placed on. */
const FOOTPRINT_HEADER = /^\s*(?:pcb\s*)?(?:footprint|封装|封裝|パッケージ)\s*$/i;
/** A footprint that is a screw's size, alone or with the word screw or hole ("M3", "M3螺丝", "M2.5_Screw"). */
const SCREW_FOOTPRINT = /^M\d(?:[.,]\d)?(?:[\s_-]*(?:螺丝|螺絲|螺钉|ネジ|ねじ|screw|hole|schraube))?$/i;

/**
 * A row with no part number whose footprint is a screw's size ("M3螺丝" on TP1-TP4): the hole the screw goes
 * through, copper and a drill on the board, not a part listed to buy.
 */
export function screwHole(row: readonly Cell[], headerCells: readonly Cell[]): BoardFeature | null {
  for (let c = 0; c < headerCells.length; c++) {
    const header = headerCells[c];
    const cell = row[c];
    if (typeof header === 'string' && FOOTPRINT_HEADER.test(header) && typeof cell === 'string')
      if (SCREW_FOOTPRINT.test(cell.trim())) return { kind: 'feature', what: `screw hole ${cell.trim()}` };
  }
  return null;
}

/**
 * Whether the part a row gives is none to buy: the board itself; a mounting hole or fiducial whose "part number" is
 * its footprint ("PTH125_200PAD") or its name ("Mounting Hole M3" in an MPN column); a board feature a value column
 * read for part numbers names ("FIDUCIAL", "TESTPAD3", a jumper's "Opened"); a row with no positions that is made,
 * software, or included with another item.
 */
export function partBuysNothing(
  row: readonly Cell[],
  part: { partNumber: string; from?: string },
  designators: readonly string[],
  valueAsPartNumber: boolean,
): boolean {
  const pn = part.partNumber;
  if (isBoardRow(row, pn, designators)) return true;
  // Holes and marks by their positions, named by a footprint or the feature ("FIDUCIAL", "M3 Hole").
  if (holesByDesignator(designators, row) !== null && (/_|PAD|HOLE/i.test(pn) || FEATURE.test(pn))) return true;
  // A total's label in the part-number column ("Subtotal (units)" beside the section's count).
  if (designators.length === 0 && TOTAL_WORDS.exec(pn)?.index === 0 && !/\d/.test(pn)) return true;
  if (/\s/.test(pn) && FEATURE.test(pn)) return true;
  if (part.from !== 'supplier' && valueAsPartNumber && boardFeature(row) !== null) return true;
  return designators.length === 0 && /^(?:made|software|included|charge)$/.test(boardFeature(row)?.kind ?? '');
}
