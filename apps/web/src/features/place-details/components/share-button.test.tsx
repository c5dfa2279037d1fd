import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../../test/render.tsx';
import { ShareButton } from './share-button.tsx';

const PLACE = { id: '0f8fad5b-d9cb-469f-a165-70867728950e', name: 'Hanseplatz' };
const URL_OF_PLACE = `${window.location.origin}/locations/${PLACE.id}`;

function renderButton() {
  renderAt(
    <>
      <ShareButton place={PLACE} />
      <ToastContainer />
    </>,
  );
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'share');
  Reflect.deleteProperty(navigator, 'clipboard');
  vi.restoreAllMocks();
});

describe('ShareButton', () => {
  it("opens the phone's share sheet with the place's name and absolute link", async () => {
    const share = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    renderButton();
    await userEvent.click(screen.getByRole('button', { name: 'Share' }));
    await userEvent.click(screen.getByRole('button', { name: 'Share link' }));
    expect(share).toHaveBeenCalledWith({
      title: 'Hanseplatz',
      text: 'Hanseplatz on PlaySpot',
      url: URL_OF_PLACE,
    });
    expect(screen.queryByText(/Link copied/)).toBeNull();
  });

  it('copies the link with a toast where there is no share sheet', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderButton();
    await userEvent.click(screen.getByRole('button', { name: 'Share' }));
    await userEvent.click(screen.getByRole('button', { name: 'Share link' }));
    expect(writeText).toHaveBeenCalledWith(URL_OF_PLACE);
    expect(await screen.findByText('Link copied. Paste it in a message to share this place.')).toBeTruthy();
  });

  it('says nothing when the person closes the share sheet', async () => {
    const share = vi.fn(() => Promise.reject(new DOMException('closed', 'AbortError')));
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    renderButton();
    await userEvent.click(screen.getByRole('button', { name: 'Share' }));
    await userEvent.click(screen.getByRole('button', { name: 'Share link' }));
    await waitFor(() => {
      expect(screen.getByRole('button', { name: 'Share' }).hasAttribute('disabled')).toBe(false);
    });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the link to copy by hand when neither works', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderButton();
    await userEvent.click(screen.getByRole('button', { name: 'Share' }));
    await userEvent.click(screen.getByRole('button', { name: 'Share link' }));
    expect(await screen.findByText(`Copy this link to share the place: ${URL_OF_PLACE}`)).toBeTruthy();
  });

  it('gives the <iframe> code of this place, or of the play spots around it, to copy', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderAt(
      <>
        <ShareButton place={{ ...PLACE, latitude: 53.8655, longitude: 10.6866 }} />
        <ToastContainer />
      </>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Share' }));
    await userEvent.click(screen.getByRole('button', { name: 'Embed this map' }));
    const code = await screen.findByRole<HTMLTextAreaElement>('textbox', { name: 'Code for your website' });
    expect(code.value).toBe(
      `<iframe src="${window.location.origin}/embed?ids=${PLACE.id}&amp;lang=en" title="Hanseplatz · PlaySpot" width="600" height="450" style="width:100%;max-width:600px;height:450px;border:0" loading="lazy" referrerpolicy="strict-origin-when-cross-origin"></iframe>`,
    );
    await userEvent.click(screen.getByRole('radio', { name: 'Play spots nearby' }));
    expect(code.value).toContain(`/embed?lat=53.865500&amp;lng=10.686600&amp;radius=2&amp;lang=en"`);
    await userEvent.click(screen.getByRole('button', { name: 'Copy code' }));
    expect(writeText).toHaveBeenCalledWith(code.value);
    expect(await screen.findByText('Code copied. Paste it into your website.')).toBeTruthy();
  });
});
