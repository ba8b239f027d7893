import { XMLBuilder } from 'fast-xml-parser';

const builder = new XMLBuilder({ ignoreAttributes: true, format: false, suppressEmptyNode: false });

/**
 * Characters XML 1.0 cannot carry at all, even escaped: C0 controls other than tab, newline and carriage return,
 * U+FFFE, U+FFFF and unpaired surrogates. Imported catalog text and request echoes can hold them.
 */
const NOT_XML =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** The one rule for text in every XML answer (item service and checkout): what XML cannot carry is left out. */
export function xmlText(text: string): string {
  return text.replace(NOT_XML, '');
}

/** Elements without the XML declaration, under the text rule (for answers written out piece by piece). */
export function xmlFragment(body: Record<string, unknown>): string {
  return xmlText(builder.build(body));
}

/** A whole XML document. */
export function xmlDocument(body: Record<string, unknown>): string {
  return `<?xml version="1.0" encoding="UTF-8"?>${xmlFragment(body)}`;
}
