import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Formik, useFormikContext } from 'formik';
import { describe, expect, it } from 'vitest';
import { dateShown, typeDate } from '../test/portal';
import { FormShell } from './form-fields';
import { FormDateField } from './form-date-field';

/** The form's values as JSON, for the test to read what Formik holds. */
function Values() {
  const { values } = useFormikContext();
  return <output aria-label="values">{JSON.stringify(values)}</output>;
}

function renderForm(initial: string) {
  const user = userEvent.setup({ delay: null });
  render(
    <CacheProvider value={createCache({ key: 'test', container: document.createElement('div') })}>
      <Formik initialValues={{ dueDate: initial }} onSubmit={() => undefined}>
        <FormShell>
          <FormDateField name="dueDate" label="Due Date" />
          <Values />
        </FormShell>
      </Formik>
    </CacheProvider>,
  );
  const values = () => JSON.parse(screen.getByRole('status', { name: 'values' }).textContent ?? '{}') as { dueDate: string };
  return { user, values };
}

describe('the kit date field (issue 25: DD/MM/YYYY whatever the browser locale)', () => {
  it("shows the form's ISO date as DD/MM/YYYY", async () => {
    renderForm('2026-11-20');
    expect(await dateShown(screen, 'Due Date')).toBe('20/11/2026');
  });

  it("takes 05/03/2026 as the 5th of March: the form holds '2026-03-05'", async () => {
    const { user, values } = renderForm('');
    await typeDate(user, screen, 'Due Date', '05/03/2026');
    expect(values().dueDate).toBe('2026-03-05');
    expect(await dateShown(screen, 'Due Date')).toBe('05/03/2026');
  });

  it("holds '' while the date is not whole, and when it is cleared", async () => {
    const { user, values } = renderForm('2026-11-20');
    await typeDate(user, screen, 'Due Date', '0503');
    expect(values().dueDate).toBe('');
    await typeDate(user, screen, 'Due Date', '05/03/2026');
    expect(values().dueDate).toBe('2026-03-05');
  });
});
