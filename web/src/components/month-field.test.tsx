import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { MonthField } from './month-field';

/** A month kept in state, as the report screens keep theirs; every change is also reported to `seen`. */
function Report({ initial, seen, min, max }: { initial: string; seen: (value: string) => void; min?: string; max?: string }) {
  const [month, setMonth] = useState(initial);
  const valid = /^\d{4}-\d{2}$/.test(month);
  return (
    <MonthField
      label="Month"
      value={month}
      min={min}
      max={max}
      onChange={(value) => {
        seen(value);
        setMonth(value);
      }}
      error={!valid}
      helperText={valid ? undefined : 'Choose a month'}
    />
  );
}

describe('the kit month field', () => {
  it("is a month input labelled by its label, holding the 'YYYY-MM' value", () => {
    render(<Report initial="2026-10" seen={() => undefined} />);
    const input = screen.getByLabelText<HTMLInputElement>('Month');
    expect(input.type).toBe('month');
    expect(input.value).toBe('2026-10');
    expect(input.placeholder).toBe('YYYY-MM');
  });

  it("reports the month chosen as 'YYYY-MM', and '' when cleared", () => {
    const seen = vi.fn();
    render(<Report initial="2026-10" seen={seen} />);
    fireEvent.change(screen.getByLabelText('Month'), { target: { value: '2026-09' } });
    expect(seen).toHaveBeenLastCalledWith('2026-09');
    expect(screen.getByLabelText<HTMLInputElement>('Month').value).toBe('2026-09');
    fireEvent.change(screen.getByLabelText('Month'), { target: { value: '' } });
    expect(seen).toHaveBeenLastCalledWith('');
  });

  it('shows the helper text as an error, and passes the earliest and latest months to the picker', () => {
    render(<Report initial="" seen={() => undefined} min="2025-01" max="2026-12" />);
    const input = screen.getByLabelText<HTMLInputElement>('Month');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Choose a month')).toBeTruthy();
    expect(input.min).toBe('2025-01');
    expect(input.max).toBe('2026-12');
  });
});
