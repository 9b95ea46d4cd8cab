import { describe, expect, it } from 'vitest';
import { historyIndex, inAppTarget, type LinkClick } from './leaving.ts';

const here = { origin: 'https://folio.test', href: 'https://folio.test/invoices/abc' };
const click = (link: LinkClick['link'], more: Partial<LinkClick> = {}): LinkClick => ({
  button: 0,
  metaKey: false,
  ctrlKey: false,
  shiftKey: false,
  altKey: false,
  defaultPrevented: false,
  link,
  ...more,
});
const link = (href: string, more: Partial<NonNullable<LinkClick['link']>> = {}) => ({
  href,
  target: '',
  download: false,
  ...more,
});

describe('inAppTarget', () => {
  it('names the path of a plain click on an in-app link', () => {
    expect(inAppTarget(click(link('https://folio.test/invoices?status=sent')), here)).toBe(
      '/invoices?status=sent',
    );
    expect(inAppTarget(click(link('/customers')), here)).toBe('/customers');
  });

  it('lets through what does not leave the page in the app', () => {
    expect(inAppTarget(click(null), here)).toBeNull();
    expect(inAppTarget(click(link('https://other.test/x')), here)).toBeNull();
    expect(inAppTarget(click(link('/x', { target: '_blank' })), here)).toBeNull();
    expect(inAppTarget(click(link('/x', { download: true })), here)).toBeNull();
    expect(inAppTarget(click(link('/x'), { ctrlKey: true }), here)).toBeNull();
    expect(inAppTarget(click(link('/x'), { metaKey: true }), here)).toBeNull();
    expect(inAppTarget(click(link('/x'), { button: 1 }), here)).toBeNull();
    expect(inAppTarget(click(link('/x'), { defaultPrevented: true }), here)).toBeNull();
  });

  it('lets through a link to the page itself', () => {
    expect(inAppTarget(click(link('/invoices/abc')), here)).toBeNull();
  });

  it('holds a link to another page of the app opened in this tab', () => {
    expect(inAppTarget(click(link('/invoices/abc?tab=2', { target: '_self' })), here)).toBe(
      '/invoices/abc?tab=2',
    );
  });
});

describe('historyIndex', () => {
  it('reads the index react-router wrote into an entry', () => {
    expect(historyIndex({ usr: null, key: 'k1', idx: 3 })).toBe(3);
    expect(historyIndex({ idx: 0 })).toBe(0);
  });

  it('is null for an entry the router did not make', () => {
    expect(historyIndex(null)).toBeNull();
    expect(historyIndex(undefined)).toBeNull();
    expect(historyIndex('3')).toBeNull();
    expect(historyIndex({ key: 'k1' })).toBeNull();
    expect(historyIndex({ idx: '3' })).toBeNull();
    expect(historyIndex({ idx: 1.5 })).toBeNull();
  });
});
