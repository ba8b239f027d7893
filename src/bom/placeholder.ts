/**
 * Part-number cells that stand for none: a dash, "TBD", "N/A", "custom", "任意" and the like, and KiCad's "-- mixed
 * values --" where the rows it grouped differ.
 */

export const PLACEHOLDER =
  /^(?:-+|\?+|#+|\*+|N\/?A|TBD|TBA|TBC|NONE|NIL|NULL|ANY|GENERIC|UNKNOWN|STD|STANDARD|CUSTOM|X{3,}|\.+|0|任意|任意品|通用|不限|无|無|なし|指定なし|beliebig|quelconque|cualquiera|-*\s*<?mixed values>?\s*-*)$/i;

/**
 * Words that leave the part to the buyer, joined ("Generic/Cheapest OK", "Any equivalent", "Generic or similar"):
 * no part number either. Without a digit, so no maker's number is one.
 */
const ANY_PART = String.raw`(?:any|generic|cheapest|equivalent|similar)`;
const ANY_PART_PHRASE = new RegExp(String.raw`^${ANY_PART}(?:[\s/,;&+-]+(?:${ANY_PART}|ok|okay|fine|or|is))+$`, 'i');

/** Whether a part-number cell is a placeholder, a note in brackets after it or not ("custom (3 parts)"). */
export function isPlaceholder(text: string): boolean {
  const t = text.trim();
  // Without a note in brackets at its end, found from the last bracket (a pattern searched from every space would take
  // time growing with the square of a long run of spaces).
  const open = t.lastIndexOf('(');
  const bare = open >= 0 && /^\([^()]*\)\s*$/.test(t.slice(open)) ? t.slice(0, open).trimEnd() : t;
  // A phrase is a few words: a long cell is never one (and is not searched for one).
  const phrase = t.length <= 80 && (ANY_PART_PHRASE.test(t) || ANY_PART_PHRASE.test(bare));
  return PLACEHOLDER.test(t) || PLACEHOLDER.test(bare) || phrase;
}
