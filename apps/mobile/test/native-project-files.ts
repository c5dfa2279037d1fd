/**
 * Readers for the committed native project files, for the contract tests: Android's manifest
 * (XML), Apple's property lists (XML plist: Info.plist, App.entitlements, PrivacyInfo.xcprivacy)
 * and Xcode's project.pbxproj (an old-style, OpenStep property list).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DOMParser, type Element } from '@xmldom/xmldom';

export const mobileDir = path.join(import.meta.dirname, '..');
export const readProjectFile = (...parts: string[]) => readFileSync(path.join(mobileDir, ...parts), 'utf8');

export function parseXml(text: string, name: string): Element {
  const document = new DOMParser({
    onError: (level, message) => {
      if (level !== 'warning') throw new Error(`${name}: ${message}`);
    },
  }).parseFromString(text, 'text/xml');
  const root = document.documentElement;
  if (!root) throw new Error(`${name} has no root element`);
  return root;
}

/** The element children of an element (no text or comments). */
export function childElements(element: Element, tagName?: string): Element[] {
  const found: Element[] = [];
  for (let node = element.firstChild; node !== null; node = node.nextSibling) {
    if (node.nodeType === node.ELEMENT_NODE) {
      const child = node as Element;
      if (tagName === undefined || child.tagName === tagName) found.push(child);
    }
  }
  return found;
}

export type PlistValue = string | number | boolean | PlistValue[] | { [key: string]: PlistValue };

function plistValue(element: Element): PlistValue {
  switch (element.tagName) {
    case 'dict': {
      const entries = childElements(element);
      const result: Record<string, PlistValue> = {};
      for (let index = 0; index < entries.length; index += 2) {
        const key = entries[index];
        const value = entries[index + 1];
        if (key?.tagName !== 'key' || value === undefined)
          throw new Error('A plist dict entry without a value');
        result[key.textContent ?? ''] = plistValue(value);
      }
      return result;
    }
    case 'array':
      return childElements(element).map(plistValue);
    case 'string':
      return element.textContent ?? '';
    case 'integer':
      return Number(element.textContent);
    case 'true':
      return true;
    case 'false':
      return false;
    default:
      throw new Error(`A plist element this reader does not know: <${element.tagName}>`);
  }
}

/** An XML property list's top-level dict. */
export function parsePlist(text: string, name: string): Record<string, PlistValue> {
  const root = parseXml(text, name);
  const [top] = childElements(root);
  if (root.tagName !== 'plist' || top?.tagName !== 'dict')
    throw new Error(`${name} is not a plist with a dict`);
  return plistValue(top) as Record<string, PlistValue>;
}

export type PbxValue = string | PbxValue[] | { [key: string]: PbxValue };

/** A value that must be a string (a plist or pbxproj leaf). */
export function stringOf(value: PlistValue | PbxValue | undefined, what: string): string {
  if (typeof value !== 'string') throw new Error(`${what} is not a string`);
  return value;
}

/** Xcode's project.pbxproj: `{ key = value; }`, `( a, b, )`, quoted or bare strings, comments. */
export function parsePbxproj(text: string): Record<string, PbxValue> {
  let at = 0;
  const skip = () => {
    for (;;) {
      while (at < text.length && /\s/u.test(text[at] ?? '')) at++;
      if (text.startsWith('/*', at)) at = text.indexOf('*/', at) + 2;
      else if (text.startsWith('//', at)) at = text.indexOf('\n', at) + 1;
      else return;
    }
  };
  const expect = (character: string) => {
    skip();
    if (text[at] !== character) throw new Error(`pbxproj: expected "${character}" at ${String(at)}`);
    at++;
  };
  const string = (): string => {
    skip();
    if (text[at] === '"') {
      let value = '';
      at++;
      while (text[at] !== '"') {
        if (text[at] === '\\') at++;
        value += text[at] ?? '';
        at++;
      }
      at++;
      return value;
    }
    const match = /^[A-Za-z0-9_$./:+-]+/u.exec(text.slice(at, at + 512));
    if (!match) throw new Error(`pbxproj: unexpected "${text.slice(at, at + 20)}"`);
    at += match[0].length;
    return match[0];
  };
  const value = (): PbxValue => {
    skip();
    if (text[at] === '{') {
      at++;
      const result: Record<string, PbxValue> = {};
      skip();
      while (text[at] !== '}') {
        const key = string();
        expect('=');
        result[key] = value();
        expect(';');
        skip();
      }
      at++;
      return result;
    }
    if (text[at] === '(') {
      at++;
      const result: PbxValue[] = [];
      skip();
      while (text[at] !== ')') {
        result.push(value());
        skip();
        if (text[at] === ',') at++;
        skip();
      }
      at++;
      return result;
    }
    return string();
  };
  const parsed = value();
  if (typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('pbxproj: no top-level dict');
  return parsed;
}
