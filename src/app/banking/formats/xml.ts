// XML as statements use it (camt.053, OFX 2.x): fast-xml-parser with entity processing OFF and any
// DOCTYPE refused before parsing, so entity expansion ("billion laughs") and external entities
// (file or network reads) cannot happen. The five predefined entities and character references are
// decoded afterwards by hand: they expand to one character each.
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { unreadable } from './statement.ts';

export type XmlNode = Record<string, unknown>;

/** Elements that may repeat, always read as arrays (a statement with one entry is still a list). */
const REPEATED = new Set(['Stmt', 'Ntry', 'Bal', 'TxDtls', 'Ustrd', 'STMTTRN', 'STMTTRNRS', 'CCSTMTTRNRS']);

const parser = new XMLParser({
  processEntities: false,
  htmlEntities: false,
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  parseAttributeValue: false,
  removeNSPrefix: true,
  trimValues: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  isArray: (name) => REPEATED.has(name),
});

/** Parses `text` as XML, refusing a DOCTYPE (statements never need one) and anything malformed. */
export function parseXml(text: string, what: string): XmlNode {
  if (/<!DOCTYPE/i.test(text) || /<!ENTITY/i.test(text)) {
    throw unreadable(`the ${what} declares a DOCTYPE or entities, which statements never need; refused`);
  }
  const valid = XMLValidator.validate(text);
  if (valid !== true) {
    throw unreadable(`the ${what} is not well-formed XML (line ${valid.err.line}: ${valid.err.msg})`);
  }
  try {
    return parser.parse(text) as XmlNode;
  } catch (error) {
    throw unreadable(`the ${what} does not parse: ${(error as Error).message}`);
  }
}

const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** The predefined entities and character references of `text`, decoded; anything else stays as written. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]{1,6}|#[0-9]{1,7}|lt|gt|amp|quot|apos);/g, (whole, name: string) => {
    if (name.startsWith('#')) {
      const code = name[1] === 'x' ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return PREDEFINED[name] ?? whole;
  });
}

/** The child `name` of `node` (an object), or undefined. */
export function child(node: unknown, ...path: string[]): unknown {
  let current = node;
  for (const name of path) {
    if (!current || typeof current !== 'object' || Array.isArray(current)) return undefined;
    current = (current as XmlNode)[name];
  }
  return current;
}

/** The children `name` as an array (missing: none). */
export function children(node: unknown, ...path: string[]): unknown[] {
  const found = child(node, ...path);
  if (found === undefined || found === null || found === '') return [];
  return Array.isArray(found) ? found : [found];
}

/** The text of `node` at `path` (an element with attributes keeps its text in `#text`), decoded. */
export function text(node: unknown, ...path: string[]): string | undefined {
  const found = child(node, ...path);
  if (found === undefined || found === null) return undefined;
  if (typeof found === 'string' || typeof found === 'number') return decodeEntities(String(found));
  if (typeof found === 'object' && !Array.isArray(found) && '#text' in found) {
    return decodeEntities(String((found as XmlNode)['#text']));
  }
  return undefined;
}

/** An attribute of the element at `path`. */
export function attribute(node: unknown, name: string, ...path: string[]): string | undefined {
  const found = child(node, ...path);
  if (!found || typeof found !== 'object') return undefined;
  const value = (found as XmlNode)[`@_${name}`];
  return value === undefined ? undefined : String(value);
}
