import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { defaultPackageRules, type PackageRule, type PackageRulesAnswer } from '@app/shared-types/package-rules';
import { RATE_LIBRARY_MESSAGES } from '@app/shared-types/rate-library';
import { describe, expect, it } from 'vitest';
import { findToast, renderRoute } from '../../test/render';
import { server } from '../../test/server';
import { RateLibraryPanel } from './components/rate-library-panel';
import { rateLibraryFixture, rateLibraryHandlers, type RecordedWrite } from './test-fixtures';

/** The panel alone, on a fresh copy of the fixture library; without `canEdit`, the server's answer says whether the role edits. */
function renderPanel(canEdit?: boolean, { serverSaysEditor = true } = {}) {
  const library = rateLibraryFixture();
  const requests: RecordedWrite[] = [];
  server.use(...rateLibraryHandlers(library, requests, { canEdit: serverSaysEditor }));
  const rendered = renderRoute('/', { routes: [{ path: '/', Component: () => <RateLibraryPanel canEdit={canEdit} /> }] });
  return { ...rendered, library, requests };
}

const openItem = async (user: ReturnType<typeof renderPanel>['user'], name: string) => {
  await user.click(await screen.findByRole('button', { name: new RegExp(`^${name},`) }));
  return within(await screen.findByRole('table', { name: `Prices of ${name}` }));
};

describe('RateLibraryPanel', () => {
  it("edits the calculator's package rules, and shows those out of step with the calculator (issue 26)", async () => {
    const rules = defaultPackageRules();
    const flagged: PackageRule = { ...rules.find((rule) => rule.id === 'villa.basic.living')!, saved: true, version: 2, outOfStep: { at: '2026-11-27T10:00:00.000Z', misses: [{ area: 1450, total: 250000, minCost: 1000, maxCost: 2000 }] } };
    let saved: unknown;
    server.use(
      http.get('/api/package-rules', () => HttpResponse.json<PackageRulesAnswer>({ items: rules.map((rule) => (rule.id === flagged.id ? flagged : rule)) })),
      http.put('/api/package-rules/:id', async ({ request, params }) => {
        saved = { id: params.id, ...((await request.json()) as object) };
        return HttpResponse.json<PackageRule>({ ...rules.find((rule) => rule.id === params.id)!, saved: true, version: 1 });
      }),
    );
    const { user } = renderPanel(true);
    await user.click(await screen.findByRole('tab', { name: 'Package rules' }));
    const warning = await screen.findByText(/1 rule is out of step with the calculator/);
    const alert = warning.closest('[role="alert"]');
    if (!(alert instanceof HTMLElement)) throw new Error('no alert');
    await user.click(within(alert).getByRole('button', { name: 'Villa · Basic (₹800-1200 per sq ft) · Living room' }));
    expect(await screen.findByText('1450 sq ft: draft ₹2,50,000, calculator ₹1,000 - ₹2,000')).toBeTruthy();

    const lines = within(screen.getByRole('table', { name: /^Lines of Villa/ }));
    const quantity = lines.getAllByRole('spinbutton', { name: 'Quantity' })[0]!;
    await user.clear(quantity);
    await user.type(quantity, '0.05');
    await user.click(screen.getByRole('button', { name: 'Save rule' }));
    await findToast('status', 'Rule saved');
    expect(saved).toMatchObject({ id: 'villa.basic.living', version: 2, lines: [expect.objectContaining({ usageArea: 'Living', item: 'TV Unit', perSqft: 0.05 }), expect.anything(), expect.anything(), expect.anything()] });
  });

  it('shows the usage areas as tabs, an area\'s items, and an item\'s prices per finish and brand', async () => {
    const { user } = renderPanel();
    const tabs = within(await screen.findByRole('tablist', { name: 'Usage areas' }));
    expect(tabs.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Kitchen', 'Master Bedroom', 'Units and brands', 'Package rules']);
    expect(screen.getByRole('button', { name: 'Modular Kitchen Base Unit, sq.ft, 1 finish' })).toBeTruthy();

    await user.click(tabs.getByRole('tab', { name: 'Master Bedroom' }));
    const table = await openItem(user, 'Wardrobe');
    const rows = table.getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').slice(0, 3).map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['LaminateAny brand', '₹1,650', '₹1,15570% of price'],
      ['LaminateHettich', '₹1,800', '₹1,30072% of price'],
      ['AcrylicAny brand', '₹2,400', '₹1,68070% of price'],
    ]);
    expect(table.getByRole('columnheader', { name: 'Price / sq.ft' })).toBeTruthy();
  });

  it('hides editing when told so, even if the server would allow it', async () => {
    renderPanel(false);
    expect(await screen.findByRole('tab', { name: 'Kitchen' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add usage area' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add item' })).toBeNull();
  });

  it('shows retired entries only when asked', async () => {
    const { user } = renderPanel();
    const tabs = within(await screen.findByRole('tablist', { name: 'Usage areas' }));
    expect(tabs.queryByRole('tab', { name: /Servant Room/ })).toBeNull();
    await user.click(screen.getByRole('switch', { name: 'Show retired' }));
    expect(tabs.getByRole('tab', { name: 'Servant Room (retired)' })).toBeTruthy();
  });

  it('hides every editing action from roles that only read the library', async () => {
    const { user } = renderPanel(undefined, { serverSaysEditor: false });
    await user.click(await screen.findByRole('tab', { name: 'Master Bedroom' }));
    const table = await openItem(user, 'Wardrobe');
    expect(table.queryByRole('button')).toBeNull();
    for (const name of ['Add usage area', 'Rename Master Bedroom', 'Add item', 'Edit Wardrobe', 'Add price to Wardrobe', 'Retire Wardrobe']) {
      expect(screen.queryByRole('button', { name })).toBeNull();
    }
    await user.click(screen.getByRole('tab', { name: 'Units and brands' }));
    expect(await screen.findByText('Hettich')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add brand' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit Hettich' })).toBeNull();
  });

  it('reprices: sends price and cost at the version read, then shows the new price', async () => {
    const { user, requests } = renderPanel();
    await user.click(await screen.findByRole('tab', { name: 'Master Bedroom' }));
    const table = await openItem(user, 'Wardrobe');
    await user.click(table.getByRole('button', { name: 'Reprice Wardrobe: Laminate, Any brand' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Reprice: Wardrobe' }));
    expect(dialog.getByText('Laminate, Any brand: rupees per sq.ft')).toBeTruthy();
    await user.clear(dialog.getByRole('textbox', { name: /^Price/ }));
    await user.type(dialog.getByRole('textbox', { name: /^Price/ }), '1,725.50');
    await user.clear(dialog.getByRole('textbox', { name: /^Cost price/ }));
    await user.type(dialog.getByRole('textbox', { name: /^Cost price/ }), '1250');
    await user.click(dialog.getByRole('button', { name: 'Save Price' }));

    await findToast('status', RATE_LIBRARY_MESSAGES.saved);
    expect(requests).toContainEqual({ method: 'PUT', path: '/api/rate-library/prices/price-wardrobe-laminate', body: { price: 1725.5, costPrice: 1250, retired: false, version: 2 } });
    await waitFor(() => expect(screen.getByRole('table', { name: 'Prices of Wardrobe' }).textContent).toContain('₹1,725.50'));
  });

  it('adds a usage area, and shows the server\'s refusal of a duplicate name', async () => {
    const { user } = renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Add usage area' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add Usage Area' }));
    await user.type(dialog.getByRole('textbox', { name: /^Usage Area/ }), 'kitchen');
    await user.click(dialog.getByRole('button', { name: 'Add Usage Area' }));
    const toast = await findToast('alert', RATE_LIBRARY_MESSAGES.saveFailed);
    expect(toast.textContent).toContain(RATE_LIBRARY_MESSAGES.duplicateUsageArea);

    await user.clear(dialog.getByRole('textbox', { name: /^Usage Area/ }));
    await user.type(dialog.getByRole('textbox', { name: /^Usage Area/ }), 'Pooja');
    await user.click(dialog.getByRole('button', { name: 'Add Usage Area' }));
    await findToast('status', RATE_LIBRARY_MESSAGES.saved);
    expect(await screen.findByRole('tab', { name: 'Pooja' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the server\'s field messages under the fields', async () => {
    const { user } = renderPanel();
    server.use(
      http.post('/api/rate-library/usage-areas', () => HttpResponse.json({ error: 'Validation failed', fields: { name: 'Contains characters that are not allowed' } }, { status: 400 })),
    );
    await user.click(await screen.findByRole('button', { name: 'Add usage area' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add Usage Area' }));
    await user.type(dialog.getByRole('textbox', { name: /^Usage Area/ }), 'Odd');
    await user.click(dialog.getByRole('button', { name: 'Add Usage Area' }));
    expect(await dialog.findByText('Contains characters that are not allowed')).toBeTruthy();
  });

  it('adds an item with its finishes and brands to the area shown', async () => {
    const { user, requests } = renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Add item' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add Item: Kitchen' }));
    await user.type(dialog.getByRole('textbox', { name: /^Item/ }), 'Kitchen Tall Unit');
    await user.type(dialog.getByRole('textbox', { name: 'Finish type 1' }), 'Laminate');
    await user.click(dialog.getByRole('button', { name: 'Add finish type' }));
    await user.type(dialog.getByRole('textbox', { name: 'Finish type 2' }), 'PU');
    await user.click(dialog.getByRole('combobox', { name: 'Brands' }));
    await user.click(await screen.findByRole('option', { name: 'Hettich' }));
    await user.click(dialog.getByRole('button', { name: 'Add Item' }));

    await findToast('status', RATE_LIBRARY_MESSAGES.saved);
    expect(requests).toContainEqual({
      method: 'POST',
      path: '/api/rate-library/items',
      body: {
        usageAreaId: 'area-kitchen',
        itemName: 'Kitchen Tall Unit',
        unitId: 'unit-sqft',
        finishTypes: [
          { id: '', name: 'Laminate', retired: false },
          { id: '', name: 'PU', retired: false },
        ],
        brandIds: ['brand-hettich'],
        retired: false,
      },
    });
    expect(await screen.findByRole('button', { name: 'Kitchen Tall Unit, sq.ft, 2 finishes' })).toBeTruthy();
  });

  it('retires an item and restores it', async () => {
    const { user, requests } = renderPanel();
    await user.click(await screen.findByRole('tab', { name: 'Master Bedroom' }));
    await openItem(user, 'Wardrobe Loft');
    await user.click(screen.getByRole('button', { name: 'Retire Wardrobe Loft' }));
    await findToast('status', RATE_LIBRARY_MESSAGES.saved);
    expect(requests.at(-1)).toMatchObject({ method: 'PUT', path: '/api/rate-library/items/item-loft', body: { retired: true, version: 1 } });
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Wardrobe Loft,/ })).toBeNull());

    await user.click(screen.getByRole('switch', { name: 'Show retired' }));
    await openItem(user, 'Wardrobe Loft');
    await user.click(screen.getByRole('button', { name: 'Restore Wardrobe Loft' }));
    await waitFor(() => expect(requests.at(-1)).toMatchObject({ body: { retired: false, version: 2 } }));
  });
});
