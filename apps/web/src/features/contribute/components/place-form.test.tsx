import { tappedBox, type LatLng, type Place, type PhotoUploadResult } from '@playspot/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { analytics } from '../../../lib/analytics/analytics.ts';
import { celebratePoints } from '../../../components/celebrate-points.tsx';
import { installFakeApi, type Reply } from '../../../test/fake-api.ts';
import { renderAt } from '../../../test/render.tsx';
import type { PhotoUploader } from '../api/upload-place-photo.ts';
import { emptyPlaceForm } from '../utils/place-form.ts';
import { PlaceForm } from './place-form.tsx';
import { makePlace } from '@playspot/core/testing';

// Leaflet does not draw in jsdom; the picker is a plain button that moves the position.
vi.mock('./position-picker.tsx', () => ({
  PositionPicker: (props: { value: LatLng; onChange: (position: LatLng) => void; error?: string }) => (
    <div>
      <button
        type="button"
        onClick={() => {
          props.onChange({ lat: -36.9, lng: 174.8 });
        }}
      >
        Move the pin
      </button>
      <p>
        Position {props.value.lat}, {props.value.lng}
      </p>
      {props.error && <p>{props.error}</p>}
    </div>
  ),
}));

const ID = '00000000-0000-4000-8000-0000000000aa';

function savedPlace(body: Record<string, unknown>): Place {
  return makePlace({
    id: ID,
    name: String(body['name']),
    latitude: Number(body['latitude']),
    longitude: Number(body['longitude']),
    tags: (body['tags'] as string[] | undefined) ?? [],
    tagVotes: {},
    searchKeywords: [],
    createdByUserName: 'sunny_parent',
    ageRanges: [],
    indoor: null,
    free: null,
  });
}

let track: MockInstance<typeof analytics.track>;
let posted: Record<string, unknown>[];
let placeReward = { change: 100, points: 100, level: 2, leveledUp: true };

beforeEach(() => {
  track = vi.spyOn(analytics, 'track').mockImplementation(() => undefined);
  posted = [];
  placeReward = { change: 100, points: 100, level: 2, leveledUp: true };
  installFakeApi({
    '/api/locations': ({ method, body }): Reply => {
      if (method !== 'POST') return { status: 405 };
      posted.push(body as Record<string, unknown>);
      return {
        status: 201,
        body: {
          location: savedPlace(body as Record<string, unknown>),
          reward: placeReward,
        },
      };
    },
    // The server's look at each picked photo: one face found and blurred.
    '/api/photos/preview': {
      status: 200,
      body: {
        preview: 'data:image/jpeg;base64,/9j/',
        width: 800,
        height: 600,
        faces: [{ x: 0.4, y: 0.2, width: 0.1, height: 0.14 }],
      },
    },
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderForm(options: { upload?: PhotoUploader } = {}) {
  const onDone = vi.fn();
  renderAt(
    <>
      <PlaceForm
        locationId={null}
        initialValues={emptyPlaceForm({ lat: -36.85, lng: 174.76 })}
        moveTo={null}
        onDone={onDone}
        placeHref={(id) => `/locations/${id}`}
        cancelHref="/MapView"
        onRewarded={(reward) => {
          celebratePoints(reward);
        }}
        {...(options.upload ? { upload: options.upload } : {})}
      />
      <ToastContainer />
    </>,
    '/locations/new',
  );
  return { onDone };
}

describe('PlaceForm', () => {
  it('shows what is wrong beside the field, focuses it and sends nothing', async () => {
    const person = userEvent.setup();
    renderForm();
    await person.type(screen.getByLabelText(/^Website/), 'not a website');
    await person.click(screen.getByRole('button', { name: 'Add this place' }));

    const name = screen.getByLabelText('Name of the place');
    expect(await screen.findByText('Give the place a name.')).toBeTruthy();
    expect(document.activeElement).toBe(name);
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(name.getAttribute('aria-describedby')).toBe('field-name-error');
    expect(screen.getByLabelText(/^Website/).getAttribute('aria-invalid')).toBe('true');
    expect(posted).toEqual([]);

    // Typing a name clears its message; the website's stays until the next try.
    await person.type(name, 'Sunny Hill');
    expect(screen.queryByText('Give the place a name.')).toBeNull();
  });

  it('sends the place with chosen and typed tags, then celebrates and moves on', async () => {
    const person = userEvent.setup();
    const { onDone } = renderForm();
    await person.type(screen.getByLabelText('Name of the place'), 'Sunny Hill Park');
    await person.click(screen.getByRole('button', { name: 'Move the pin' }));
    await person.click(screen.getByRole('button', { name: 'Swings' }));
    await person.click(screen.getByRole('button', { name: 'Shade' }));
    await person.click(screen.getByRole('button', { name: 'Shade' }));
    await person.type(screen.getByLabelText('Another tag'), 'Flying   fox{Enter}');
    await person.click(screen.getByRole('button', { name: '2–5 years' }));
    await person.click(screen.getByRole('radio', { name: 'Outdoor' }));
    await person.click(screen.getByRole('button', { name: 'Add this place' }));

    await waitFor(() => {
      expect(onDone).toHaveBeenCalledWith(ID);
    });
    expect(posted).toEqual([
      {
        name: 'Sunny Hill Park',
        latitude: -36.9,
        longitude: 174.8,
        tags: ['Swings', 'Flying fox'],
        ageRanges: ['2-5'],
        indoor: false,
        free: null,
        officialWebsite: null,
        description: '',
      },
    ]);
    expect(track).toHaveBeenCalledWith('add_location', { location_id: ID });
    expect(await screen.findByText('Level up! You are now level 2')).toBeTruthy();
  });

  it('uploads each photo with its own progress bar after the place is saved', async () => {
    const person = userEvent.setup();
    let release: () => void = () => undefined;
    const upload = vi.fn<PhotoUploader>(
      (_id, _photo, onProgress) =>
        new Promise<PhotoUploadResult>((resolve) => {
          onProgress(0.4);
          release = () => {
            resolve({
              photo: { url: '/p.jpg', thumbnailUrl: '/p-t.jpg', width: 800, height: 600 },
              reward: {
                change: 100,
                points: 200 + 100 * upload.mock.calls.length,
                level: 3,
                leveledUp: false,
              },
              facesBlurred: 1,
            });
          };
        }),
    );
    placeReward = { change: 100, points: 200, level: 2, leveledUp: false };
    const { onDone } = renderForm({ upload });
    await person.type(screen.getByLabelText('Name of the place'), 'Sunny Hill Park');
    const input = document.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('no file input');
    await person.upload(input, [
      new File(['a'], 'slide.jpg', { type: 'image/jpeg' }),
      new File(['b'], 'swings.jpg', { type: 'image/jpeg' }),
    ]);
    // Each photo is looked at first, as the server would publish it; the first gets a blur box.
    const review = await screen.findByRole('dialog', { name: 'Check your photo' });
    expect(within(review).getByText('Photo 1 of 2')).toBeTruthy();
    expect(await within(review).findByText('1 face blurred')).toBeTruthy();
    await person.click(within(review).getByRole('button', { name: 'Tap a face to blur it' }));
    expect(within(review).getByText('1 blur added')).toBeTruthy();
    await person.click(within(review).getByRole('button', { name: 'Use this photo' }));
    expect(await within(review).findByText('Photo 2 of 2')).toBeTruthy();
    await within(review).findByText('1 face blurred');
    await person.click(within(review).getByRole('button', { name: 'Use this photo' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
    expect(screen.getAllByText('Ready to upload')).toHaveLength(2);
    // The thumbnails are the blurred previews.
    expect(screen.getByRole('img', { name: 'Photo 1 to upload' }).getAttribute('src')).toBe(
      'data:image/jpeg;base64,/9j/',
    );

    await person.click(screen.getByRole('button', { name: 'Add this place' }));
    const first = await screen.findByRole('progressbar', { name: 'Upload of photo 1' });
    await waitFor(() => {
      expect(first.getAttribute('aria-valuenow')).toBe('40');
    });
    expect(screen.getByText('Uploading… 40%')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Upload of photo 2' }).getAttribute('aria-valuenow')).toBe(
      '0',
    );

    release();
    await waitFor(() => {
      expect(upload).toHaveBeenCalledTimes(2);
    });
    release();
    await waitFor(() => {
      expect(onDone).toHaveBeenCalledWith(ID);
    });
    expect(upload.mock.calls.map((call) => call[0])).toEqual([ID, ID]);
    // The blur box added in the review goes with its photo (a tap without a pointer: the middle).
    expect(upload.mock.calls.map((call) => call[3])).toEqual([
      [tappedBox({ x: 0.5, y: 0.5 }, 800 / 600)],
      [],
    ]);
    expect(track.mock.calls.filter(([name]) => name === 'upload_image')).toHaveLength(2);
    // One toast for the place and both photos.
    expect(await screen.findByText('+300 points')).toBeTruthy();
  });
});
