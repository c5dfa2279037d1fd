import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../lib/i18n/i18n.ts';
import { PlaceName } from './place-name.tsx';

const place = { name: 'Spielplatz am Meer', names: { en: 'Seaside Playground', ar: 'ملعب شاطئ البحر' } };

describe('PlaceName (issue 46)', () => {
  it("shows the parent's language's name with the local one beside it", () => {
    const { container } = render(
      <h2>
        <PlaceName place={place} />
      </h2>,
    );
    expect(container.textContent).toBe('Seaside Playground · Spielplatz am Meer');
    expect(screen.getByTestId('local-name').textContent).toBe(' · Spielplatz am Meer');
    // Each name isolated, so a Latin one reads right inside Arabic.
    expect(container.querySelectorAll('bdi')).toHaveLength(2);
  });

  it('puts the local name on a line of its own under a heading', async () => {
    await i18n.changeLanguage('ar');
    render(
      <h1>
        <PlaceName place={place} localOnOwnLine />
      </h1>,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(`${place.names.ar}${place.name}`);
    expect(screen.getByTestId('local-name').className).toContain('block');
    await i18n.changeLanguage('en');
  });

  it('is the local name alone where the language has none', async () => {
    await i18n.changeLanguage('de');
    const { container } = render(<PlaceName place={place} />);
    expect(container.textContent).toBe('Spielplatz am Meer');
    expect(screen.queryByTestId('local-name')).toBeNull();
    await i18n.changeLanguage('en');
  });
});
