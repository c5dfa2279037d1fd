import { tappedBox, type PhotoPreview } from '@playspot/core';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chooseLanguage } from '../../lib/i18n/i18n.ts';
import { installFakeApi, type Reply } from '../../test/fake-api.ts';
import { PhotoReview } from './photo-review.tsx';
import type { ReviewedPhoto } from './reviewed-photo.ts';

const PREVIEW: PhotoPreview = {
  preview: 'data:image/jpeg;base64,/9j/blurred',
  width: 800,
  height: 600,
  faces: [{ x: 0.4, y: 0.2, width: 0.1, height: 0.14 }],
};
const FACE_CHECK_FAILED: Reply = {
  status: 503,
  body: {
    error: {
      code: 'face_check_failed',
      message: 'We could not check this photo for faces, so it was not shared. Please try again in a moment.',
    },
  },
};

const photo = (name = 'slide.jpg') =>
  new File([new Uint8Array([0xff, 0xd8, 0xff])], name, { type: 'image/jpeg' });

/** What the fake server was sent: each preview request's fields, in order. */
let sent: { fields: string[]; photoName: string | null }[];

function answerPreviews(...replies: Reply[]) {
  sent = [];
  installFakeApi({
    '/api/photos/preview': ({ body }) => {
      const form = body as FormData;
      const file = form.get('photo');
      sent.push({ fields: [...form.keys()], photoName: file instanceof File ? file.name : null });
      return replies.length > 1 ? (replies.shift() as Reply) : (replies[0] as Reply);
    },
  });
}

function renderReview(files: File[] = [photo()]) {
  const onUse = vi.fn<(photo: ReviewedPhoto) => void>();
  const onClose = vi.fn();
  render(<PhotoReview files={files} onUse={onUse} onClose={onClose} />);
  return { onUse, onClose };
}

/** The picture's frame on screen, so a tap can land at a point of it (jsdom lays nothing out). */
function placeFrame(frame: HTMLElement) {
  vi.spyOn(frame, 'getBoundingClientRect').mockReturnValue(
    DOMRect.fromRect({ x: 100, y: 50, width: 400, height: 300 }),
  );
}

const revokeObjectURL = vi.fn<(url: string) => void>();

function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
}

beforeEach(() => {
  setOnline(true);
  // jsdom makes no object URLs; the browser's stand-in for the local photo.
  URL.createObjectURL = vi.fn(() => 'blob:local-photo');
  URL.revokeObjectURL = revokeObjectURL;
});

afterEach(() => {
  // jsdom has neither: take the stand-ins away again.
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
  revokeObjectURL.mockClear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('PhotoReview', () => {
  it('checks the photo for faces, then shows the blurred preview and says faces are blurred', async () => {
    answerPreviews({ status: 200, body: PREVIEW });
    renderReview();

    const dialog = await screen.findByRole('dialog', { name: 'Check your photo' });
    expect(within(dialog).getByText('Faces are blurred automatically')).toBeTruthy();
    expect(within(dialog).getAllByText('Checking for faces…').length).toBeGreaterThan(0);

    expect(await within(dialog).findByText('1 face blurred')).toBeTruthy();
    const picture = within(dialog).getByRole('img', {
      name: 'Your photo as it will be shared, faces blurred',
    });
    expect(picture.getAttribute('src')).toBe(PREVIEW.preview);
    expect(within(dialog).getByText('Tap a face we missed to blur it too.')).toBeTruthy();
    // The photo went alone (no boxes yet), under its own name.
    expect(sent).toEqual([{ fields: ['photo'], photoName: 'slide.jpg' }]);
    // The area blurred around the face found is outlined.
    expect(dialog.querySelectorAll('[data-face-area]')).toHaveLength(1);
  });

  it('says so when no face was found, and counts several', async () => {
    answerPreviews({ status: 200, body: { ...PREVIEW, faces: [] } });
    renderReview();
    expect(await screen.findByText('No faces found')).toBeTruthy();
  });

  it('blurs a tapped face at once, counts the boxes, offers no way to remove one and hands them over', async () => {
    answerPreviews({ status: 200, body: { ...PREVIEW, faces: [PREVIEW.faces[0], PREVIEW.faces[0]] } });
    const { onUse, onClose } = renderReview();
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('2 faces blurred')).toBeTruthy();

    const frame = within(dialog).getByRole('button', { name: 'Tap a face to blur it' });
    placeFrame(frame);
    // A tap at 25 % across and 50 % down the picture (400×300 on screen, from 100,50).
    fireEvent.click(frame, { detail: 1, clientX: 200, clientY: 200 });
    const first = tappedBox({ x: 0.25, y: 0.5 }, 800 / 600);
    let boxes = dialog.querySelectorAll<HTMLElement>('[data-blur-box]');
    expect(boxes).toHaveLength(1);
    expect(Number.parseFloat(boxes[0]?.style.left ?? '')).toBeCloseTo(first.x * 100, 3);
    expect(Number.parseFloat(boxes[0]?.style.top ?? '')).toBeCloseTo(first.y * 100, 3);
    // The box shows the picture behind it, blurred.
    expect(boxes[0]?.querySelector('img')?.getAttribute('src')).toBe(PREVIEW.preview);
    expect(boxes[0]?.querySelector('img')?.style.filter).toContain('blur(');
    expect(within(dialog).getByText('1 blur added')).toBeTruthy();

    fireEvent.click(frame, { detail: 1, clientX: 460, clientY: 80 });
    const second = tappedBox({ x: 0.9, y: 0.1 }, 800 / 600);
    boxes = dialog.querySelectorAll('[data-blur-box]');
    expect(boxes).toHaveLength(2);
    expect(within(dialog).getByText('2 blurs added')).toBeTruthy();

    // Blurs are never taken away: no control offers it.
    expect(within(dialog).queryByRole('button', { name: /remove|undo|delete|unblur/i })).toBeNull();

    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Use this photo' }));
    expect(onUse).toHaveBeenCalledTimes(1);
    const used = onUse.mock.calls[0]?.[0];
    expect(used?.blurBoxes).toEqual([first, second]);
    expect(used?.photo.name).toBe('slide.jpg');
    expect(used?.picture).toEqual({ src: PREVIEW.preview, width: 800, height: 600 });
    expect(used?.facesFound).toBe(2);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('lets keyboard users move a marker with the arrow keys and blur there with Enter', async () => {
    answerPreviews({ status: 200, body: PREVIEW });
    const { onUse } = renderReview();
    const person = userEvent.setup();
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('1 face blurred');
    const frame = within(dialog).getByRole('button', { name: 'Tap a face to blur it' });
    frame.focus();
    await person.keyboard('{ArrowRight}{ArrowRight}{ArrowUp}{Enter}');
    expect(within(dialog).getByText('1 blur added')).toBeTruthy();
    await person.click(within(dialog).getByRole('button', { name: 'Use this photo' }));
    const [box] = onUse.mock.calls[0]?.[0].blurBoxes ?? [];
    const expected = tappedBox({ x: 0.6, y: 0.45 }, 800 / 600);
    expect(box?.x).toBeCloseTo(expected.x, 6);
    expect(box?.y).toBeCloseTo(expected.y, 6);
  });

  it('offline, shows the local photo, says faces are blurred when it is sent, and still takes blur boxes', async () => {
    setOnline(false);
    answerPreviews({ status: 200, body: PREVIEW });
    const { onUse } = renderReview();
    const dialog = await screen.findByRole('dialog');
    expect(
      await within(dialog).findByText(
        'You’re offline: faces will be blurred automatically when the photo is sent',
      ),
    ).toBeTruthy();
    expect(sent).toEqual([]);
    expect(within(dialog).getByRole('img', { name: 'Your photo' }).getAttribute('src')).toBe(
      'blob:local-photo',
    );

    const frame = within(dialog).getByRole('button', { name: 'Tap a face to blur it' });
    fireEvent.click(frame);
    expect(within(dialog).getByText('1 blur added')).toBeTruthy();
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Use this photo' }));
    const used = onUse.mock.calls[0]?.[0];
    expect(used?.facesFound).toBeNull();
    expect(used?.blurBoxes).toHaveLength(1);
    expect(used?.picture?.src).toBe('blob:local-photo');
    // The local photo's URL is the list's to free now, not the review's.
    expect(revokeObjectURL).not.toHaveBeenCalledWith('blob:local-photo');
  });

  it('falls back to the local photo when the preview cannot reach the server', async () => {
    answerPreviews({ status: 200, body: PREVIEW });
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    renderReview();
    expect(
      await screen.findByText('You’re offline: faces will be blurred automatically when the photo is sent'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Use this photo' }).hasAttribute('disabled')).toBe(false);
  });

  it('when the server could not look for faces, says so and offers to try again', async () => {
    answerPreviews(FACE_CHECK_FAILED, { status: 200, body: PREVIEW });
    renderReview();
    const dialog = await screen.findByRole('dialog');
    expect(
      await within(dialog).findByText(
        'We could not check this photo for faces, so it was not shared. Please try again in a moment.',
      ),
    ).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Use this photo' }).hasAttribute('disabled')).toBe(
      true,
    );
    expect(
      within(dialog).getByRole('button', { name: 'Tap a face to blur it' }).hasAttribute('disabled'),
    ).toBe(true);

    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByText('1 face blurred')).toBeTruthy();
    expect(sent).toHaveLength(2);
    expect(within(dialog).getByRole('button', { name: 'Use this photo' }).hasAttribute('disabled')).toBe(
      false,
    );
  });

  it('shows why a photo is refused, with no retry, and lets another be chosen', async () => {
    answerPreviews(
      {
        status: 415,
        body: {
          error: {
            code: 'unsupported_image',
            message: 'That kind of photo is not supported. Please use JPEG, PNG or WebP.',
          },
        },
      },
      { status: 200, body: PREVIEW },
    );
    const { onUse } = renderReview([photo('scan.tiff')]);
    const dialog = await screen.findByRole('dialog');
    expect(
      await within(dialog).findByText('That kind of photo is not supported. Please use JPEG, PNG or WebP.'),
    ).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Try again' })).toBeNull();

    const person = userEvent.setup();
    await person.upload(within(dialog).getByLabelText('Choose another'), photo('swings.jpg'));
    expect(await within(dialog).findByText('1 face blurred')).toBeTruthy();
    expect(sent.map((request) => request.photoName)).toEqual(['scan.tiff', 'swings.jpg']);
    await person.click(within(dialog).getByRole('button', { name: 'Use this photo' }));
    expect(onUse.mock.calls[0]?.[0].photo.name).toBe('swings.jpg');
  });

  it('goes through several photos one by one; a skipped one is not used', async () => {
    answerPreviews({ status: 200, body: PREVIEW });
    const { onUse, onClose } = renderReview([photo('a.jpg'), photo('b.jpg')]);
    const person = userEvent.setup();
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Photo 1 of 2')).toBeTruthy();
    await within(dialog).findByText('1 face blurred');
    await person.click(within(dialog).getByRole('button', { name: 'Skip this photo' }));
    expect(await within(dialog).findByText('Photo 2 of 2')).toBeTruthy();
    await within(dialog).findByText('1 face blurred');
    await person.click(within(dialog).getByRole('button', { name: 'Use this photo' }));
    expect(onUse.mock.calls.map(([used]) => used.photo.name)).toEqual(['b.jpg']);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('never lets the next photo be used with the last one’s preview while it is still being checked', async () => {
    // The first photo is answered; the second's check never ends.
    let calls = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        ++calls === 1 ? Promise.resolve(Response.json(PREVIEW)) : new Promise<Response>(() => undefined),
      ),
    );
    const { onUse } = renderReview([photo('a.jpg'), photo('b.jpg')]);
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('1 face blurred');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Use this photo' }));
    // At once, before any answer for b.jpg: nothing to use, nothing to tap, no preview of a.jpg.
    expect(within(dialog).getByText('Photo 2 of 2')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Use this photo' }).hasAttribute('disabled')).toBe(
      true,
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Use this photo' }));
    expect(
      within(dialog).queryByRole('img', { name: 'Your photo as it will be shared, faces blurred' }),
    ).toBeNull();
    expect(onUse.mock.calls.map(([used]) => used.photo.name)).toEqual(['a.jpg']);
  });

  it('speaks German', async () => {
    await act(async () => {
      await chooseLanguage('de');
    });
    answerPreviews({ status: 200, body: PREVIEW });
    renderReview();
    const dialog = await screen.findByRole('dialog', { name: 'Foto prüfen' });
    expect(within(dialog).getByText('Gesichter werden automatisch verpixelt')).toBeTruthy();
    expect(await within(dialog).findByText('Ein Gesicht verpixelt')).toBeTruthy();
    await waitFor(() => {
      expect(within(dialog).getByRole('button', { name: 'Dieses Foto verwenden' })).toBeTruthy();
    });
  });
});
