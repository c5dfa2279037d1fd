import type { PlaceFilters } from '@playspot/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { FiltersButton } from './filters-button.tsx';
import { FiltersDialog } from './filters-dialog.tsx';

function Harness({ onChange }: { onChange: (filters: PlaceFilters) => void }) {
  const [filters, setFilters] = useState<PlaceFilters>({ radiusKm: null });
  const [open, setOpen] = useState(false);
  return (
    <>
      <FiltersButton
        filters={filters}
        onClick={() => {
          setOpen(true);
        }}
      />
      <FiltersDialog
        open={open}
        onClose={() => {
          setOpen(false);
        }}
        filters={filters}
        onChange={(next) => {
          onChange(next);
          setFilters(next);
        }}
      />
    </>
  );
}

describe('filters dialog and badge', () => {
  it('applies each choice at once and counts active filters on the button (radius not counted)', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    expect(screen.getByRole('button', { name: 'Filters' })).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Filters' }));
    await userEvent.click(screen.getByRole('radio', { name: '2–5 years' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Indoor' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Free' }));
    await userEvent.click(screen.getByRole('radio', { name: '5 km' }));
    await userEvent.click(screen.getByRole('switch', { name: /Recently added/u }));
    await userEvent.click(screen.getByRole('switch', { name: /Popular/u }));
    expect(onChange).toHaveBeenLastCalledWith({
      radiusKm: 5,
      ageRange: '2-5',
      indoor: true,
      free: true,
      recentlyAdded: true,
      popular: true,
    });
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.getByRole('button', { name: 'Filters, 5 active' })).toBeTruthy();
    expect(screen.getByTestId('active-filter-count').textContent).toBe('5');
  });

  it('"Clear all" turns everything off, radius back to anywhere', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    await userEvent.click(screen.getByRole('button', { name: 'Filters' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Outdoor' }));
    await userEvent.click(screen.getByRole('button', { name: 'Clear all' }));
    expect(onChange).toHaveBeenLastCalledWith({ radiusKm: null });
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Both' }).checked).toBe(true);
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Anywhere' }).checked).toBe(true);
  });

  it('turns facilities on as chips, each counted once on the badge, kept in one order', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    await userEvent.click(screen.getByRole('button', { name: 'Filters' }));
    const facilities = screen.getByRole('group', { name: 'Facilities' });
    const toilets = within(facilities).getByRole('checkbox', { name: 'Toilets' });
    // What "toilets" means is said where the chip is.
    expect(toilets.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText('Toilets: on site or a public toilet within 200 m.')).toBeTruthy();

    await userEvent.click(toilets);
    await userEvent.click(within(facilities).getByRole('checkbox', { name: 'Fenced' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Free' }));
    expect(onChange).toHaveBeenLastCalledWith({ radiusKm: null, has: ['fenced', 'toilets'], free: true });
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.getByRole('button', { name: 'Filters, 3 active' })).toBeTruthy();
    expect(screen.getByTestId('active-filter-count').textContent).toBe('3');

    await userEvent.click(screen.getByRole('button', { name: 'Filters, 3 active' }));
    const again = screen.getByRole('group', { name: 'Facilities' });
    expect(within(again).getByRole<HTMLInputElement>('checkbox', { name: 'Fenced' }).checked).toBe(true);
    await userEvent.click(within(again).getByRole('checkbox', { name: 'Fenced' }));
    await userEvent.click(within(again).getByRole('checkbox', { name: 'Toilets' }));
    expect(onChange).toHaveBeenLastCalledWith({ radiusKm: null, has: undefined, free: true });

    await userEvent.click(within(again).getByRole('checkbox', { name: 'Shade' }));
    await userEvent.click(screen.getByRole('button', { name: 'Clear all' }));
    expect(onChange).toHaveBeenLastCalledWith({ radiusKm: null });
    expect(within(again).getByRole<HTMLInputElement>('checkbox', { name: 'Shade' }).checked).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.getByRole('button', { name: 'Filters' })).toBeTruthy();
  });

  it('offers play equipment as chips: the common kinds first, all of them on request, each counted', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    await userEvent.click(screen.getByRole('button', { name: 'Filters' }));
    const equipment = screen.getByRole('group', { name: 'Play equipment' });
    // The baby swing is a facility above, not a second chip here.
    expect(within(equipment).queryByRole('checkbox', { name: 'Baby swing' })).toBeNull();
    expect(within(equipment).queryByRole('checkbox', { name: 'Seesaw' })).toBeNull();
    await userEvent.click(within(equipment).getByRole('button', { name: 'All equipment (16)' }));
    expect(within(equipment).getAllByRole('checkbox')).toHaveLength(16);

    await userEvent.click(within(equipment).getByRole('checkbox', { name: 'Seesaw' }));
    await userEvent.click(within(equipment).getByRole('checkbox', { name: 'Swing' }));
    expect(onChange).toHaveBeenLastCalledWith({ radiusKm: null, equipment: ['swing', 'seesaw'] });
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.getByRole('button', { name: 'Filters, 2 active' })).toBeTruthy();

    // Opened again: a chosen kind beyond the first ones is still in sight.
    await userEvent.click(screen.getByRole('button', { name: 'Filters, 2 active' }));
    const again = screen.getByRole('group', { name: 'Play equipment' });
    expect(within(again).getByRole<HTMLInputElement>('checkbox', { name: 'Seesaw' }).checked).toBe(true);
    await userEvent.click(within(again).getByRole('checkbox', { name: 'Swing' }));
    await userEvent.click(within(again).getByRole('checkbox', { name: 'Seesaw' }));
    expect(onChange).toHaveBeenLastCalledWith({ radiusKm: null, equipment: undefined });
  });
});
