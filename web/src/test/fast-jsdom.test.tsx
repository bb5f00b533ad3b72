import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { QuotationsPage } from '../app/admin/quotations-page';
import { jsdomOriginals } from './fast-jsdom';
import { renderPortalPage } from './portal';

/**
 * The test set-up's faster getComputedStyle, <label>.control and querySelector('[id="..."]')
 * (fast-jsdom.ts) answer exactly what jsdom answers: on a big MUI screen and on markup that
 * exercises jsdom's default style sheet (hidden, dialogs, lists in lists, links, dir, inline styles).
 */
const computed = (style: CSSStyleDeclaration) => Array.from(style, (property) => `${property}: ${style.getPropertyValue(property)} ${style.getPropertyPriority(property)}`);

function expectSameStyles(elements: Element[]) {
  const { getComputedStyle: original, clearStyleCache } = jsdomOriginals;
  if (!original || !clearStyleCache) throw new Error('fast-jsdom.ts did not install (another jsdom version?)');
  expect(window.getComputedStyle).not.toBe(original);
  let compared = 0;
  for (const element of elements) {
    clearStyleCache();
    const expected = computed(original.call(window, element));
    clearStyleCache();
    expect(computed(window.getComputedStyle(element)), element.outerHTML.slice(0, 120)).toEqual(expected);
    // Twice: the second answer comes from what the first kept.
    expect(computed(window.getComputedStyle(element))).toEqual(expected);
    compared++;
  }
  return compared;
}

const MARKUP = `
  <div id="root" dir="ltr" style="color: rgb(10, 20, 30)">
    <p hidden>hidden</p><p hidden="until-found">until found</p><span style="display: none">none</span>
    <div style="visibility: hidden"><span>inherits hidden</span><span style="visibility: visible">visible again</span></div>
    <dialog>closed</dialog><dialog open>open</dialog><details><summary>s</summary><p>body</p></details>
    <ul><li>one<ol><li>nested</li><ul><li>deeper</li></ul></ol></li></ul>
    <a href="/x">link</a><a>no href</a><button type="submit">b</button><input type="hidden"><input type="search">
    <input type="tel" dir="auto"><textarea dir="auto"></textarea><select><option>o</option></select>
    <table><caption>c</caption><tr><th>h</th><td style="color: currentcolor; border-color: currentcolor">d</td></tr></table>
    <div popover>popover</div><bdi dir="rtl">bdi</bdi><pre dir="auto">pre</pre><marquee>m</marquee>
    <span style="pointer-events: none"><b>no pointer</b></span><span style="color: canvastext; background-color: transparent">sys</span>
    <label for="a-field">A</label><input id="a-field"><label>B <input></label><label for="twice">C</label>
    <input id="twice"><input id="twice"><label for="missing">D</label><label for="">E</label><label for="root">F</label>
    <svg><g><text>svg</text></g></svg><p aria-labelledby="a-field twice missing">labelled</p>
  </div>`;

describe('the test set-up’s fast jsdom (fast-jsdom.ts)', () => {
  it("computes every element's style as jsdom does, on markup using the default style sheet", () => {
    document.body.innerHTML = MARKUP;
    try {
      expect(expectSameStyles([document.documentElement, ...document.querySelectorAll('*')])).toBeGreaterThan(50);
    } finally {
      document.body.innerHTML = '';
    }
  });

  it('finds the same controls for labels and the same elements by id as jsdom', () => {
    document.body.innerHTML = MARKUP;
    try {
      const { control, querySelector } = jsdomOriginals;
      if (!control || !querySelector) throw new Error('fast-jsdom.ts did not install');
      const labels = [...document.querySelectorAll('label')];
      expect(labels.map((label) => label.control)).toEqual(labels.map(control));
      expect(labels[0]!.control).toBe(document.getElementById('a-field'));
      // A detached label with `for` (jsdom walks its own tree).
      const detached = document.createElement('div');
      detached.innerHTML = '<label for="x">x</label><input id="x">';
      expect(detached.querySelector('label')!.control).toBe(control(detached.querySelector('label')!));
      const root = document.getElementById('root')!;
      for (const id of ['a-field', 'twice', 'missing', 'root']) {
        for (const container of [document, root, document.body, root.querySelector('ul')!]) {
          expect(container.querySelector(`[id="${id}"]`)).toBe(querySelector(container, `[id="${id}"]`));
        }
      }
      expect(detached.querySelector('[id="x"]')).toBe(querySelector(detached, '[id="x"]'));
    } finally {
      document.body.innerHTML = '';
    }
  });

  it("computes every element's style as jsdom does on the quotation builder", async () => {
    renderPortalPage('/admin/quotations?new=1', { path: '/admin/quotations', Component: QuotationsPage, section: 'quotations' });
    await screen.findByRole('region', { name: 'Row 1' });
    expect(expectSameStyles([...document.querySelectorAll('*')])).toBeGreaterThan(300);
  });
});
