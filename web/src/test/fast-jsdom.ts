import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * Two of jsdom's answers, computed faster with the same results (test set-up only).
 *
 * Profiles of the page tests (quotations-page, leads-page) showed a quarter of their CPU time in
 * window.getComputedStyle, which every *ByRole query, accessible-name lookup (isHidden on every
 * node it walks), user-event's pointer-events check and MUI's TextareaAutosize call:
 * - jsdom matches each element against every one of the ~110 rules of its default (user-agent)
 *   style sheet, one selector engine call per rule, after every DOM change (its cache empties
 *   on any change). Most rules name element types (`address, blockquote, ... div { display:
 *   block }`), so an element is only matched against the rules that can apply to its tag, in
 *   the same order. Same cascade, same declarations.
 * - each call then resolves the implemented properties (visibility, color, pointer-events,
 *   display, ...) walking up to the root for the inherited ones. Resolved values and the
 *   returned declaration are kept for an attached element until jsdom's own style cache is
 *   emptied (any change to the document), so a query walking the same nodes twice, or several
 *   queries between two renders, compute them once.
 * And 7% went to `input.labels` (every *ByLabelText query asks it of every labelable element):
 * jsdom answers it by asking every node of the document for its `control`, and a `<label for>`
 * finds its control by walking the whole document for the id. That lookup uses the document's id
 * table instead when the id is unique (as getElementById does); otherwise jsdom's walk.
 *
 * If jsdom's internals are not what this expects (another jsdom version), nothing is changed.
 */
/** jsdom's own answers, for the test comparing them with these (fast-jsdom.test.tsx); set by installFastJsdom. */
export const jsdomOriginals: {
  getComputedStyle?: typeof window.getComputedStyle;
  control?: (label: HTMLLabelElement) => HTMLElement | null;
  querySelector?: (node: ParentNode, selectors: string) => Element | null;
  /** Empties jsdom's style cache (as any change to the document does). */
  clearStyleCache?: () => void;
} = {};

export function installFastJsdom() {
  const req = createRequire(import.meta.url);
  let jsdomDir: string;
  try {
    jsdomDir = path.dirname(req.resolve('jsdom/package.json'));
  } catch {
    return;
  }
  const lib = (file: string) => path.join(jsdomDir, 'lib', 'jsdom', file);
  /* eslint-disable @typescript-eslint/no-explicit-any -- jsdom's internal objects are untyped */
  const styleRules = req(lib('living/helpers/style-rules.js'));
  const idlUtils = req(lib('living/generated/utils.js'));
  const formControls = req(lib('living/helpers/form-controls.js'));
  const colors = req(lib('living/helpers/colors.js'));
  const { systemColors, deprecatedAliases } = req(lib('living/helpers/system-colors.js'));
  const { asciiLowercase } = req(lib('living/helpers/strings.js'));
  const jsdomReq = createRequire(lib('browser/Window.js'));
  const { CSSStyleDeclaration } = jsdomReq('cssstyle');
  const cssom = jsdomReq('rrweb-cssom');
  const defaultSheetText: string = jsdomReq('fs').readFileSync(lib('browser/default-stylesheet.css'), 'utf8');

  const impl = (wrapper: unknown): any => (wrapper ? idlUtils.implForWrapper(wrapper) : undefined);
  const probe = impl(document.createElement('label'));
  if (
    typeof styleRules.getDeclarationForElement !== 'function' ||
    typeof styleRules.propertiesWithResolvedValueImplemented !== 'object' ||
    typeof colors.getSpecifiedColor !== 'function' ||
    typeof colors.getComputedOrUsedColor !== 'function' ||
    typeof formControls.isLabelable !== 'function' ||
    !probe?._ownerDocument?._domSelector ||
    !probe._ownerDocument._ids
  ) {
    return;
  }

  // --- The cascade: jsdom's getDeclarationForElement, with the default sheet's rules filtered by tag.
  const HTML_NS = 'http://www.w3.org/1999/xhtml';
  type Rule = { selectorText?: string; style: any };
  const defaultRules: { rule: Rule; keys: ReturnType<typeof subjectKeys> }[] = [];
  const indexOf = Array.prototype.indexOf;
  for (const rule of cssom.parse(defaultSheetText).cssRules) {
    if (rule.media) {
      if (indexOf.call(rule.media, 'screen') !== -1) for (const inner of rule.cssRules) defaultRules.push({ rule: inner, keys: subjectKeys(inner) });
    } else {
      defaultRules.push({ rule, keys: subjectKeys(rule) });
    }
  }
  // Per tag: the rules that may apply, in order, each with the attributes one of which it needs (null: none).
  type Candidate = { rule: Rule; attrs: string[] | null };
  const rulesByTag = new Map<string, Candidate[]>();
  const allDefaultRules: Candidate[] = defaultRules.map(({ rule }) => ({ rule, attrs: null }));
  function defaultRulesFor(elementImpl: any): Candidate[] {
    const tag: string = elementImpl._localName;
    if (elementImpl._namespaceURI !== HTML_NS || typeof tag !== 'string' || tag !== tag.toLowerCase()) return allDefaultRules;
    let rules = rulesByTag.get(tag);
    if (!rules) {
      rules = defaultRules
        .filter(({ keys }) => keys === null || keys.tags.has(tag) || keys.attrs.size > 0)
        .map(({ rule, keys }) => ({ rule, attrs: keys === null || keys.tags.has(tag) ? null : [...keys.attrs] }));
      rulesByTag.set(tag, rules);
    }
    return rules;
  }

  function matches(rule: Rule, elementImpl: any): boolean {
    try {
      if (rule.selectorText) {
        const selector = rule.selectorText.split(';').pop()!.trim();
        const { match, pseudoElement } = elementImpl._ownerDocument._domSelector.check(selector, elementImpl);
        if (pseudoElement) return false;
        return match;
      }
    } catch {
      // fall through, as jsdom does
    }
    return false;
  }

  function getDeclarationForElement(elementImpl: any) {
    const doc = elementImpl._ownerDocument;
    let styleCache: WeakMap<object, any> = doc._styleCache;
    if (!styleCache) styleCache = doc._styleCache = new WeakMap();
    const cached = styleCache.get(elementImpl);
    if (cached) return cached;
    const declaration = new CSSStyleDeclaration();
    const handleProperty = (style: any, property: string) => {
      const value = style.getPropertyValue(property);
      if (value === 'unset') declaration.removeProperty(property);
      else declaration.setProperty(property, value, style.getPropertyPriority(property));
    };
    const handleRule = (rule: Rule) => {
      for (const property of Array.from(rule.style as ArrayLike<string>)) handleProperty(rule.style, property);
    };
    for (const { rule, attrs } of defaultRulesFor(elementImpl)) {
      if (attrs && !attrs.some((name) => elementImpl.hasAttributeNS(null, name))) continue;
      if (matches(rule, elementImpl)) handleRule(rule);
    }
    for (const sheet of doc.styleSheets._list) {
      for (const rule of sheet.cssRules) {
        if (rule.media) {
          if (indexOf.call(rule.media, 'screen') !== -1) for (const inner of rule.cssRules) if (matches(inner, elementImpl)) handleRule(inner);
        } else if (matches(rule, elementImpl)) {
          handleRule(rule);
        }
      }
    }
    for (const property of Array.from(elementImpl.style as ArrayLike<string>)) handleProperty(elementImpl.style, property);
    styleCache.set(elementImpl, declaration);
    return declaration;
  }
  styleRules.getDeclarationForElement = getDeclarationForElement;

  // --- Resolved values: jsdom's getComputedValue, kept per attached element until the style cache empties.
  const properties: Record<string, { inherited: boolean; initial: string; computedValue: string }> = styleRules.propertiesWithResolvedValueImplemented;
  type Memo = { values: WeakMap<object, Map<string, string>>; styles: WeakMap<object, CSSStyleDeclaration> };
  const memos = new WeakMap<object, Memo>();
  function memoFor(elementImpl: any): Memo | undefined {
    if (!elementImpl._attached) return undefined;
    const doc = elementImpl._ownerDocument;
    if (!doc._styleCache) doc._styleCache = new WeakMap();
    let memo = memos.get(doc._styleCache);
    if (!memo) {
      memo = { values: new WeakMap(), styles: new WeakMap() };
      memos.set(doc._styleCache, memo);
    }
    return memo;
  }
  const cascaded = (element: any, property: string): string => getDeclarationForElement(element).getPropertyValue(property);

  function specifiedValue(element: any, property: string): string {
    const { initial, inherited, computedValue } = properties[property]!;
    const cascade = cascaded(element, property);
    if (cascade !== '') return computedValue === 'computed-color' ? colors.getSpecifiedColor(cascade) : cascade;
    if (inherited && element.parentElement !== null) return computedValueOf(element.parentElement, property);
    return initial;
  }

  function computedValueOf(element: any, property: string): string {
    const memo = memoFor(element);
    const known = memo?.values.get(element)?.get(property);
    if (known !== undefined) return known;
    const value = computeValue(element, property);
    if (memo) {
      let values = memo.values.get(element);
      if (!values) memo.values.set(element, (values = new Map()));
      values.set(property, value);
    }
    return value;
  }

  function computeValue(element: any, property: string): string {
    const { computedValue, inherited, initial } = properties[property]!;
    let specified = specifiedValue(element, property);
    switch (specified) {
      case 'initial':
        specified = initial;
        break;
      case 'inherit':
        specified = element.parentElement !== null ? computedValueOf(element.parentElement, property) : initial;
        break;
      case 'unset':
        specified = inherited && element.parentElement !== null ? computedValueOf(element.parentElement, property) : initial;
        break;
      default:
    }
    if (computedValue === 'as-specified') return specified;
    if (computedValue === 'computed-color') {
      let value = asciiLowercase(specified);
      if (specified === 'currentcolor') {
        if (property === 'color') {
          if (element.parentElement !== null) return computedValueOf(element.parentElement, 'color');
          value = initial;
        } else {
          return computedValueOf(element, 'color');
        }
      }
      if (systemColors.has(value) || deprecatedAliases.has(value)) {
        const key = deprecatedAliases.has(value) ? deprecatedAliases.get(value) : value;
        const { light, dark } = systemColors.get(key);
        return cascaded(element, 'color-scheme') === 'dark' ? dark : light;
      }
      return colors.getComputedOrUsedColor(specified);
    }
    throw new TypeError(`Internal error: unrecognized computed value instruction '${computedValue}'`);
  }
  styleRules.getResolvedValue = computedValueOf;

  // --- window.getComputedStyle: jsdom's, on the functions above.
  const original = window.getComputedStyle;
  jsdomOriginals.getComputedStyle = original;
  jsdomOriginals.clearStyleCache = () => {
    impl(document)._styleCache = null;
  };
  const resolvedProperties = Object.keys(properties);
  function getComputedStyle(this: unknown, elt: Element, pseudoElt?: string | null): CSSStyleDeclaration {
    const elementImpl = impl(elt);
    if ((pseudoElt !== undefined && pseudoElt !== null) || !elementImpl || elementImpl.nodeType !== 1) return original.call(window, elt, pseudoElt);
    const memo = memoFor(elementImpl);
    const known = memo?.styles.get(elementImpl);
    if (known) return known;
    const declaration = new CSSStyleDeclaration();
    const elementDeclaration = getDeclarationForElement(elementImpl);
    for (const property of Array.from(elementDeclaration as ArrayLike<string>)) {
      declaration.setProperty(property, elementDeclaration.getPropertyValue(property), elementDeclaration.getPropertyPriority(property));
    }
    for (const property of resolvedProperties) declaration.setProperty(property, computedValueOf(elementImpl, property));
    memo?.styles.set(elementImpl, declaration);
    return declaration;
  }
  window.getComputedStyle = getComputedStyle as typeof window.getComputedStyle;
  if (globalThis.getComputedStyle !== getComputedStyle) globalThis.getComputedStyle = getComputedStyle as typeof window.getComputedStyle;

  // --- <label for>: the document's id table when the id is unique, else jsdom's walk.
  const labelPrototype = Object.getPrototypeOf(probe);
  const controlGetter = Object.getOwnPropertyDescriptor(labelPrototype, 'control')?.get;
  if (controlGetter) {
    jsdomOriginals.control = (label) => idlUtils.tryWrapperForImpl(controlGetter.call(impl(label)));
    Object.defineProperty(labelPrototype, 'control', {
      configurable: true,
      get(this: any) {
        if (this.hasAttributeNS(null, 'for')) {
          const forValue = this.getAttributeNS(null, 'for');
          if (forValue === '') return null;
          const root = this.getRootNode({});
          if (root.nodeType === 9 && root._ids) {
            const candidates: any[] = (root._ids[forValue] ?? []).filter((candidate: any) => candidate.getRootNode({}) === root);
            if (candidates.length === 0) return null;
            if (candidates.length === 1) return formControls.isLabelable(candidates[0]) ? candidates[0] : null;
          }
        }
        return controlGetter.call(this);
      },
    });
  }

  // --- querySelector('[id="..."]') (Testing Library's aria-labelledby lookup, once per labelled element
  // per *ByLabelText query): the document's id table when the id is unique among the container's
  // descendants, else the selector engine's walk of the whole container.
  const byId = /^\[id="([^"\\]+)"\]$/;
  for (const node of [impl(document.createElement('div')), impl(document), impl(document.createDocumentFragment())]) {
    let owner = node;
    while (owner && !Object.prototype.hasOwnProperty.call(owner, 'querySelector')) owner = Object.getPrototypeOf(owner);
    if (!owner || owner.querySelector.fastById) continue;
    const querySelector = owner.querySelector as (this: any, selectors: string) => any;
    // The same function on elements, documents and fragments (jsdom's ParentNode mixin).
    jsdomOriginals.querySelector ??= (node, selectors) => idlUtils.tryWrapperForImpl(querySelector.call(impl(node), selectors));
    const fast = function (this: any, selectors: string) {
      const id = typeof selectors === 'string' ? byId.exec(selectors)?.[1] : undefined;
      const doc = this._ownerDocument;
      if (id !== undefined && doc?._ids && this.getRootNode({}) === doc) {
        const found = (doc._ids[id] ?? []).filter((candidate: any) => candidate !== this && this.contains(candidate));
        if (found.length === 0) return null;
        if (found.length === 1) return found[0];
      }
      return querySelector.call(this, selectors);
    };
    fast.fastById = true;
    owner.querySelector = fast;
  }
  /* eslint-enable @typescript-eslint/no-explicit-any */
}

/**
 * What an element needs for one of a rule's selectors to match it: one of `tags` (its subject's
 * type selector, lower case, or the types listed in a subject `:is(...)`), or one of the `attrs`
 * (an attribute selector in its subject; `href` for `:link` and `:visited`), or null when a
 * selector has none of these (`:focus-visible`, `*`): check that rule on every element.
 */
function subjectKeys(rule: { selectorText?: string }): { tags: Set<string>; attrs: Set<string> } | null {
  const text = rule.selectorText?.split(';').pop()?.trim();
  const keys = { tags: new Set<string>(), attrs: new Set<string>() };
  if (!text) return keys; // jsdom's matches() is false without a selector
  if (/[|\\]/.test(text)) return null;
  for (const selector of splitTopLevel(text, ',')) {
    // jsdom's matches() is false for a pseudo-element (`q::before`, `dialog::backdrop`).
    if (selector.includes('::')) continue;
    const subject = splitTopLevel(selector.trim(), ' >+~').filter(Boolean).at(-1) ?? '';
    const type = /^[a-zA-Z][a-zA-Z0-9-]*/.exec(subject)?.[0];
    const is = /^:is\(([a-zA-Z0-9,\s-]+)\)/.exec(subject)?.[1];
    const attribute = /^\[([a-zA-Z][a-zA-Z0-9-]*)[\]=~|^$*\s]/.exec(subject)?.[1];
    if (type) keys.tags.add(type.toLowerCase());
    else if (is) for (const tag of is.split(',')) keys.tags.add(tag.trim().toLowerCase());
    else if (attribute) keys.attrs.add(attribute.toLowerCase());
    // Only a link (an element with an href) is a :link or :visited.
    else if (/^:(link|visited)(?![\w-])/.test(subject)) keys.attrs.add('href');
    else return null;
  }
  return keys;
}

/** `text` split at any of `separators` outside parentheses, brackets and quotes. */
function splitTopLevel(text: string, separators: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote = '';
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quote) {
      if (char === quote) quote = '';
    } else if (char === '"' || char === "'") quote = char;
    else if (char === '(' || char === '[') depth++;
    else if (char === ')' || char === ']') depth--;
    else if (depth === 0 && separators.includes(char)) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}
