import type { ConditionBrief } from '@playspot/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { chooseLanguage } from '../lib/i18n/i18n.ts';
import { Providers } from '../test/render.tsx';
import { ConditionChips } from './condition-chips.tsx';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

const wet: ConditionBrief = {
  kind: 'wet',
  equipment: null,
  lastConfirmedAt: minutesAgo(40),
  expiresAt: inMinutes(680),
  parents: 3,
};
const swing: ConditionBrief = {
  kind: 'broken',
  equipment: 'swing',
  lastConfirmedAt: minutesAgo(0),
  expiresAt: inMinutes(20_000),
  parents: 1,
};
const endedVan: ConditionBrief = {
  kind: 'ice_cream_van',
  equipment: null,
  lastConfirmedAt: minutesAgo(61),
  expiresAt: minutesAgo(1),
  parents: 2,
};

describe('ConditionChips', () => {
  it('says what, how long ago and how many parents, and leaves out what has ended', async () => {
    render(
      <Providers>
        <ConditionChips conditions={[endedVan, swing, wet]} />
      </Providers>,
    );
    expect(await screen.findByText('Broken: swing · just now · 1 parent')).toBeTruthy();
    expect(screen.getByText('Wet or muddy · 40 min ago · 3 parents')).toBeTruthy();
    expect(screen.queryByText(/Ice-cream van/)).toBeNull();
  });

  it('shows nothing when nothing is reported', () => {
    const { container } = render(
      <Providers>
        <ConditionChips conditions={undefined} />
      </Providers>,
    );
    expect(container.textContent).toBe('');
  });

  it('speaks German with German plurals', async () => {
    await chooseLanguage('de');
    render(
      <Providers>
        <ConditionChips conditions={[wet, { ...swing, parents: 1 }]} />
      </Providers>,
    );
    expect(await screen.findByText('Nass oder matschig · vor 40 Min. · 3 Eltern')).toBeTruthy();
    expect(screen.getByText('Kaputt: Schaukel · gerade eben · 1 Elternteil')).toBeTruthy();
  });
});
