import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PositionPermissionDialog } from './position-permission-dialog.tsx';

describe('PositionPermissionDialog', () => {
  it('explains why, promises nothing is stored or shared, and has one Continue button', async () => {
    const onContinue = vi.fn();
    render(<PositionPermissionDialog open onContinue={onContinue} onDismiss={vi.fn()} />);
    const dialog = screen.getByRole('dialog', { name: 'Enable Location Services' });
    expect(dialog.textContent).toMatch(/recommend play spots and activities near you/u);
    expect(dialog.textContent).toMatch(/never stored or shared/u);
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['Continue']);
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(onContinue).toHaveBeenCalledOnce();
  });

  it('Escape dismisses it like the backdrop does', async () => {
    const onDismiss = vi.fn();
    render(<PositionPermissionDialog open onContinue={vi.fn()} onDismiss={onDismiss} />);
    await userEvent.keyboard('{Escape}');
    expect(onDismiss).toHaveBeenCalledOnce();
  });
});
