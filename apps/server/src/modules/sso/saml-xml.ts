/** XML of SAML 2.0 documents: parsing without DTDs, and reading elements by namespace. */
import { DOMParser } from '@xmldom/xmldom';
import { briefOf } from '../external-sign-in';

export const ns = {
  metadata: 'urn:oasis:names:tc:SAML:2.0:metadata',
  assertion: 'urn:oasis:names:tc:SAML:2.0:assertion',
  protocol: 'urn:oasis:names:tc:SAML:2.0:protocol',
  dsig: 'http://www.w3.org/2000/09/xmldsig#',
} as const;

/**
 * Parses an XML document, refusing DTDs (no DOCTYPE, no entity declarations: XXE and entity
 * expansion) and any well-formedness error.
 */
export function parseXml(text: string): Document {
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) throw new Error('DOCTYPE and entity declarations are not allowed');
  let failure: string | null = null;
  const document = new DOMParser({
    // xmldom reports some well-formedness errors (an unclosed element) as warnings.
    errorHandler: (_level: string, message: unknown) => {
      failure ??= String(message)
        .replace(/^\[xmldom \w+\]\s*/, '')
        .replace(/\s*@#\[line:.*$/s, '');
    },
  }).parseFromString(text, 'text/xml');
  if (failure) throw new Error(`not well-formed XML (${briefOf(failure, 120)})`);
  if (!document?.documentElement) throw new Error('not an XML document');
  return document;
}

/** The element children of `parent` with the given namespace and local name. */
export function childrenOf(parent: Element, namespace: string, localName: string): Element[] {
  const found: Element[] = [];
  for (let node = parent.firstChild; node; node = node.nextSibling) {
    if (node.nodeType !== 1) continue;
    const element = node as Element;
    if (element.namespaceURI === namespace && element.localName === localName) found.push(element);
  }
  return found;
}

export function childOf(
  parent: Element | undefined,
  namespace: string,
  localName: string,
): Element | undefined {
  return parent ? childrenOf(parent, namespace, localName)[0] : undefined;
}

export function textOf(element: Element | undefined): string {
  return element?.textContent?.trim() ?? '';
}

export function attributeOf(element: Element | undefined, name: string): string | null {
  if (!element?.hasAttribute(name)) return null;
  return element.getAttribute(name);
}

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** Compares two URLs as URLs (case of scheme and host, default ports), else as strings. */
export function isSameUrl(a: string, b: string): boolean {
  try {
    return new URL(a).href === new URL(b).href;
  } catch {
    return a === b;
  }
}
