import { act, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { handOverTypedValues } from './typed-values';

/** A controlled form as the islands' forms are: its state is what React rendered, and what it shows. */
function Form() {
  const [name, setName] = useState('');
  const [message, setMessage] = useState('');
  const [updates, setUpdates] = useState(false);
  return (
    <form data-name={name} data-message={message} data-updates={String(updates)}>
      <input aria-label="Name" value={name} onChange={(event) => setName(event.target.value)} />
      <textarea aria-label="Message" value={message} onChange={(event) => setMessage(event.target.value)} />
      <input aria-label="Updates" type="checkbox" checked={updates} onChange={(event) => setUpdates(event.target.checked)} />
      <input aria-label="Agree" type="checkbox" />
    </form>
  );
}

/** The form's state, as it rendered it. */
const state = (container: HTMLElement) => ({ ...container.querySelector('form')?.dataset });

describe('handOverTypedValues', () => {
  let container: HTMLElement | undefined;
  afterEach(() => container?.remove());

  it("gives a hydrated form what was typed into the server's HTML before its code came", async () => {
    container = document.createElement('div');
    container.innerHTML = renderToString(<Form />);
    document.body.append(container);
    // Typed before hydration: into the server's fields.
    const name = container.querySelector('input')!;
    const message = container.querySelector('textarea')!;
    name.value = 'Meera Iyer';
    message.value = 'A 3BHK in Kokapet.';
    const updates = container.querySelector<HTMLInputElement>('input[aria-label="Updates"]')!;
    updates.checked = true;
    await act(async () => {
      hydrateRoot(container!, <Form />);
    });
    // React kept the text in the fields but not in its state.
    expect(name.value).toBe('Meera Iyer');
    expect(state(container)).toEqual({ name: '', message: '', updates: 'false' });

    await act(async () => handOverTypedValues(container!));
    expect(state(container)).toEqual({ name: 'Meera Iyer', message: 'A 3BHK in Kokapet.', updates: 'true' });
    expect(updates.checked).toBe(true);
    expect(name.value).toBe('Meera Iyer');
    expect(message.value).toBe('A 3BHK in Kokapet.');
    // Now React's own: a state change shows in the field.
    expect(name.defaultValue).toBe('Meera Iyer');
  });

  it('leaves untouched fields alone', async () => {
    container = document.createElement('div');
    container.innerHTML = renderToString(<Form />);
    document.body.append(container);
    await act(async () => {
      hydrateRoot(container!, <Form />);
    });
    let inputs = 0;
    container.addEventListener('input', () => inputs++);
    handOverTypedValues(container);
    expect(inputs).toBe(0);
  });
});
