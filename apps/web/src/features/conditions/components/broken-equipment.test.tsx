import type { BrokenReport } from '@playspot/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi } from '../../../test/fake-api.ts';
import { renderAt } from '../../../test/render.tsx';
import { BrokenEquipment } from './broken-equipment.tsx';

const report = (id: string, name: string, operator: string | null, equipment: BrokenReport['equipment']) => ({
  id,
  equipment,
  reportedAt: new Date(Date.now() - 3 * 86_400_000).toISOString(),
  lastConfirmedAt: new Date().toISOString(),
  parents: 2,
  place: { id: `${id.slice(0, -1)}f`, name, latitude: 53.86, longitude: 10.68, operator },
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('BrokenEquipment', () => {
  it('groups reports by operator with a CSV each, and closes a fixed one', async () => {
    let open = [
      report('a1a1a1a1-0000-4000-8000-000000000001', 'Hanseplatz', 'Hansestadt Lübeck', 'swing'),
      report('a1a1a1a1-0000-4000-8000-000000000002', 'Burgfeld', 'Hansestadt Lübeck', 'slide'),
      report('a1a1a1a1-0000-4000-8000-000000000003', 'Hinterhof', null, 'gate_or_fence'),
    ];
    const closeMethods: string[] = [];
    installFakeApi({
      '/api/conditions/broken': () => ({ status: 200, body: { reports: open } }),
      '/api/moderation/conditions/a1a1a1a1-0000-4000-8000-000000000001/close': ({ method }) => {
        closeMethods.push(method);
        open = open.slice(1);
        return { status: 200, body: { closed: true } };
      },
    });
    renderAt(<BrokenEquipment />, '/moderation');
    const council = (await screen.findByRole('heading', { name: 'Hansestadt Lübeck' })).parentElement
      ?.parentElement as HTMLElement;
    expect(within(council).getByText('Broken: swing · 3 days ago · 2 parents')).toBeTruthy();
    expect(within(council).getByRole('link', { name: 'CSV for a spreadsheet' }).getAttribute('href')).toBe(
      '/api/conditions/broken.csv?operator=Hansestadt+L%C3%BCbeck',
    );
    expect(screen.getByRole('heading', { name: 'Nobody named looks after these' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Fixed at Hanseplatz: close the report' }));
    await waitFor(() => {
      expect(screen.queryByText('Hanseplatz')).toBeNull();
    });
    expect(closeMethods).toEqual(['POST']);
  });

  it('says so when nothing is broken', async () => {
    installFakeApi({ '/api/conditions/broken': { status: 200, body: { reports: [] } } });
    renderAt(<BrokenEquipment />, '/moderation');
    expect(await screen.findByText('Nothing is reported broken.')).toBeTruthy();
  });
});
