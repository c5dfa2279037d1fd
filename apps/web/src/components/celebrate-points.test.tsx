import { render, screen } from '@testing-library/react';
import { ToastContainer } from 'react-toastify';
import { describe, expect, it } from 'vitest';
import { celebratePoints, pointsChangeText } from './celebrate-points.tsx';

describe('celebratePoints', () => {
  it('shows the points earned by a write result', async () => {
    render(<ToastContainer />);
    const shown = celebratePoints({ reward: { change: 100, points: 200, level: 2, leveledUp: false } });
    expect(shown?.change).toBe(100);
    expect(await screen.findByText('+100 points')).toBeTruthy();
    expect(screen.getByText('· 200 in total')).toBeTruthy();
  });

  it('celebrates a level-up with the award and the same total', async () => {
    render(<ToastContainer />);
    celebratePoints({ change: 100, points: 300, level: 3, leveledUp: true });
    expect(await screen.findByText('Level up! You are now level 3')).toBeTruthy();
    expect(screen.getByText('+100 points')).toBeTruthy();
    expect(screen.getByText('· 300 in total')).toBeTruthy();
  });

  it('tells a comment and its photo as one toast that adds up, level-up included (issue 45)', async () => {
    render(<ToastContainer />);
    // 20 points; the comment (+100) reaches level 2 at 120, its photo (+100) makes 220.
    celebratePoints({ reward: { change: 100, points: 120, level: 2, leveledUp: true } });
    celebratePoints({ reward: { change: 100, points: 220, level: 2, leveledUp: false } });
    expect(await screen.findByText('+200 points')).toBeTruthy();
    expect(screen.getByText('Level up! You are now level 2')).toBeTruthy();
    expect(screen.getByText('· 220 in total')).toBeTruthy();
    expect(screen.queryByText(/120/u)).toBeNull();
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });

  it('says nothing without a reward or a change', () => {
    expect(celebratePoints({ reward: null })).toBeNull();
    expect(celebratePoints(undefined)).toBeNull();
    expect(celebratePoints({ change: 0, points: 5, level: 1, leveledUp: false })).toBeNull();
  });

  it('coalesces quick rewards into one toast that adds them up (three answers: "+30 points")', async () => {
    render(<ToastContainer />);
    for (const points of [110, 120, 130]) {
      celebratePoints({ reward: { change: 10, points, level: 2, leveledUp: false } });
    }
    expect(await screen.findByText('+30 points')).toBeTruthy();
    expect(await screen.findByText('· 130 in total')).toBeTruthy();
    expect(screen.getAllByText(/^\+\d+ points?$/u)).toHaveLength(1);
  });

  it('words gains and losses', () => {
    expect(pointsChangeText(100)).toBe('+100 points');
    expect(pointsChangeText(-200)).toBe('−200 points');
    expect(pointsChangeText(1)).toBe('+1 point');
  });
});
