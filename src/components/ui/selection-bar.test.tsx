import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { useRowSelection } from '@/hooks/use-row-selection';
import { createTestI18n } from '@/test/i18n';
import { DataTable } from './data-table';
import { bulkSelectionOf, NamesPreview, SelectionBar, tableSelectionOf } from './selection-bar';

type Row = { id: string; name: string };
const rows: Row[] = ['Alpha', 'Beta', 'Gamma', 'Delta', 'Epsilon'].map((name) => ({
  id: name.toLowerCase(),
  name,
}));

/** A list's table with its selection column and bar, as the user and repository lists wire them. */
function SelectableTable({ total = rows.length }: { total?: number }) {
  const selection = useRowSelection('view');
  const { count, selectAll } = bulkSelectionOf(
    selection,
    rows.map((row) => row.id),
    total,
  );
  return (
    <>
      <DataTable
        label="Rows"
        items={rows}
        getKey={(row) => row.id}
        options={{
          columns: [{ id: 'name', header: 'Name', cell: (row) => row.name }],
          selection: tableSelectionOf(selection, rows, (row) => row.id, {
            row: (row) => `Select ${row.name}`,
            page: 'Select every row',
          }),
        }}
      />
      {count > 0 ? (
        <SelectionBar count={count} selectAll={selectAll} onClear={selection.clear}>
          <button type="button">Act</button>
        </SelectionBar>
      ) : null}
    </>
  );
}

const box = (name: string) => screen.getByRole('checkbox', { name: `Select ${name}` });
const checkedNames = () =>
  rows.filter((row) => (box(row.name) as HTMLInputElement).checked).map((row) => row.name);

function renderWith(ui: React.ReactNode, language: 'en' | 'ar' = 'en') {
  return render(<I18nextProvider i18n={createTestI18n(language)}>{ui}</I18nextProvider>);
}

describe('selecting rows', () => {
  it('selects the range from the last row clicked with shift, and the header box shows a partial page', async () => {
    const user = userEvent.setup();
    renderWith(<SelectableTable />);
    await user.click(box('Beta'));
    await user.keyboard('{Shift>}');
    await user.click(box('Delta'));
    await user.keyboard('{/Shift}');
    expect(checkedNames()).toEqual(['Beta', 'Gamma', 'Delta']);
    expect(screen.getByRole('status')).toHaveTextContent('3 selected');
    const header = screen.getByRole('checkbox', { name: 'Select every row' });
    expect(header).toHaveAttribute('aria-checked', 'mixed');

    // Shift-clicking a checked row clears the range from the last row clicked to it.
    await user.keyboard('{Shift>}');
    await user.click(box('Gamma'));
    await user.keyboard('{/Shift}');
    expect(checkedNames()).toEqual(['Beta']);
  });

  it('selects the whole page from the header box, and Clear empties the selection', async () => {
    const user = userEvent.setup();
    renderWith(<SelectableTable />);
    await user.click(screen.getByRole('checkbox', { name: 'Select every row' }));
    expect(checkedNames()).toEqual(rows.map((row) => row.name));
    const bar = screen.getByRole('region', { name: 'Selected rows' });
    expect(within(bar).getByRole('status')).toHaveTextContent('5 selected');
    await user.click(within(bar).getByRole('button', { name: 'Clear' }));
    expect(checkedNames()).toEqual([]);
    expect(screen.queryByRole('region', { name: 'Selected rows' })).toBeNull();
  });

  it('offers every row matching the view once the whole page is chosen, and counts them', async () => {
    const user = userEvent.setup();
    renderWith(<SelectableTable total={12} />);
    await user.click(box('Alpha'));
    const bar = screen.getByRole('region', { name: 'Selected rows' });
    expect(within(bar).queryByRole('button', { name: /Select all/ })).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'Select every row' }));
    await user.click(within(bar).getByRole('button', { name: 'Select all 12 matching this view' }));
    expect(within(bar).getByRole('status')).toHaveTextContent('12 selected');
    expect(within(bar).queryByRole('button', { name: /Select all/ })).toBeNull();
  });

  it('asks to narrow the view when more rows match than one action may change', async () => {
    const user = userEvent.setup();
    renderWith(<SelectableTable total={1500} />);
    await user.click(screen.getByRole('checkbox', { name: 'Select every row' }));
    const bar = screen.getByRole('region', { name: 'Selected rows' });
    expect(within(bar).queryByRole('button', { name: /Select all/ })).toBeNull();
    expect(bar).toHaveTextContent('More than 1,000 rows match: narrow the view to act on all of them.');
  });
});

describe('NamesPreview', () => {
  const names = Array.from({ length: 12 }, (_, i) => `Person ${i + 1}`);

  it('names the first ten and counts the rest', () => {
    renderWith(<NamesPreview names={names} total={12} />);
    const listed = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(listed).toEqual(names.slice(0, 10));
    expect(screen.getByText('and 2 more')).toBeVisible();
  });

  it('counts the rows not loaded when every row matching the view is selected, in Arabic plural forms', () => {
    renderWith(<NamesPreview names={names.slice(0, 10)} total={12} />, 'ar');
    expect(screen.getByText('واثنان آخران')).toBeVisible();
  });

  it('says nothing more when every name is shown', () => {
    renderWith(<NamesPreview names={names.slice(0, 3)} total={3} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    expect(screen.queryByText(/more/)).toBeNull();
  });
});
