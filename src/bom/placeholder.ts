/**
 * Part-number cells that stand for none: a dash, "TBD", "N/A", "custom", "任意" and the like, and KiCad's "-- mixed
 * values --" where the rows it grouped differ.
 */

export const PLACEHOLDER =
  /^(?:-+|\?+|#+|\*+|N\/?A|TBD|TBA|TBC|NONE|NIL|NULL|ANY|GENERIC|UNKNOWN|STD|STANDARD|CUSTOM|X{3,}|\.+|0|任意|任意品|通用|不限|无|無|なし|指定なし|beliebig|quelconque|cualquiera|-*\s*<?mixed values>?\s*-*)$/i;

/** Whether a part-number cell is a placeholder, a note in brackets after it or not ("custom (3 parts)"). */
export function isPlaceholder(text: string): boolean {
  return PLACEHOLDER.test(text) || PLACEHOLDER.test(text.replace(/\s*\([^()]*\)\s*$/, ''));
}
