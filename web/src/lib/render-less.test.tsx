import { act, render } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { memoByValue, sameProps, sameValue } from './render-less';

describe('sameValue', () => {
  it('compares plain objects, arrays and elements by value, functions by identity', () => {
    const handler = () => undefined;
    expect(sameValue({ htmlInput: { min: 0, step: 0.1 } }, { htmlInput: { min: 0, step: 0.1 } })).toBe(true);
    expect(sameValue({ htmlInput: { min: 0, step: 0.1 } }, { htmlInput: { min: 1, step: 0.1 } })).toBe(false);
    expect(sameValue([1, 'a'], [1, 'a'])).toBe(true);
    expect(sameValue([1, 'a'], [1, 'a', undefined])).toBe(false);
    expect(sameValue({ a: undefined }, { b: undefined })).toBe(false);
    expect(sameValue(<em key="x">Choose</em>, <em key="x">Choose</em>)).toBe(true);
    expect(sameValue(<em>Choose</em>, <em>Pick</em>)).toBe(false);
    expect(sameValue(<em>Choose</em>, <strong>Choose</strong>)).toBe(false);
    expect(sameValue({ onClick: handler }, { onClick: handler })).toBe(true);
    expect(sameValue({ onClick: () => undefined }, { onClick: () => undefined })).toBe(false);
    expect(sameValue(new Date(0), new Date(0))).toBe(false);
    expect(sameValue(Number.NaN, Number.NaN)).toBe(true);
  });

  it('calls values nested deeper than it looks different', () => {
    const deep = (n: number): object => (n === 0 ? { end: true } : { next: deep(n - 1) });
    expect(sameValue(deep(3), deep(3))).toBe(true);
    expect(sameValue(deep(10), deep(10))).toBe(false);
    expect(sameProps({ a: 1, b: 'x' }, { a: 1, b: 'x' })).toBe(true);
  });
});

describe('memoByValue', () => {
  it('renders again only when a prop changes by value', () => {
    let renders = 0;
    const Shown = memoByValue(function Shown({ label, slotProps }: { label: string; slotProps: { min: number } }) {
      renders++;
      return (
        <span>
          {label} {slotProps.min}
        </span>
      );
    });
    let bump: (label: string) => void = () => undefined;
    let tick: () => void = () => undefined;
    function Parent() {
      const [label, setLabel] = useState('Length');
      const [, setCount] = useState(0);
      bump = setLabel;
      tick = () => setCount((count) => count + 1);
      return <Shown label={label} slotProps={{ min: 0 }} />;
    }
    const { container } = render(<Parent />);
    expect(renders).toBe(1);
    act(() => tick());
    expect(renders).toBe(1);
    act(() => bump('Width'));
    expect(renders).toBe(2);
    expect(container.textContent).toBe('Width 0');
  });
});
