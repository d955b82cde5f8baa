import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { setDataSaver } from '../../lib/data-saver';
import { FakeObserver } from '../../test/fake-observer';
import { AnimatedMeme } from './AnimatedMeme';
import { DataSaverSetting } from './DataSaverSetting';
import { MemeVideo } from './MemeVideo';

/** The videos told to play and not paused since (jsdom plays nothing itself). */
let playing: Set<HTMLMediaElement>;

function setConnection(connection: { saveData?: boolean; effectiveType?: string } | undefined) {
  Object.defineProperty(navigator, 'connection', { value: connection, configurable: true });
}

beforeEach(() => {
  playing = new Set();
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    playing.add(this);
    return Promise.resolve();
  });
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
    playing.delete(this);
  });
  FakeObserver.all = [];
  vi.stubGlobal('IntersectionObserver', FakeObserver);
});
afterEach(() => {
  // Unmounted first: the settings put back below must not make a mounted card play unmocked.
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  setConnection(undefined);
  setDataSaver(false);
});

const videos = () => screen.queryAllByTestId('meme-video') as HTMLVideoElement[];

describe('MemeVideo', () => {
  it('the deck: only the top card fetches and plays, muted, looping and inline; a card that leaves the top pauses', () => {
    const { rerender } = render(
      <>
        <MemeVideo src="/media/top.mp4" durationMs={2400} active />
        <MemeVideo src="/media/under.mp4" durationMs={1200} active={false} />
      </>,
    );
    // The card under it has no video at all yet: nothing of it is fetched.
    expect(videos()).toHaveLength(1);
    const [top] = videos();
    expect(top).toHaveAttribute('src', '/media/top.mp4');
    expect(top!.muted).toBe(true);
    expect(top!.loop).toBe(true);
    expect(top).toHaveAttribute('playsinline');
    expect([...playing]).toEqual([top]);
    expect(screen.getAllByTestId('animation-badge').map((badge) => badge.textContent)).toEqual([
      'GIF2.4 s',
      'GIF1.2 s',
    ]);
    expect(screen.queryByRole('button', { name: 'Play the animation' })).toBeNull();

    rerender(
      <>
        <MemeVideo src="/media/top.mp4" durationMs={2400} active={false} />
        <MemeVideo src="/media/under.mp4" durationMs={1200} active />
      </>,
    );
    const [first, second] = videos();
    expect(second).toHaveAttribute('src', '/media/under.mp4');
    expect([...playing]).toEqual([second]);
    expect(playing.has(first!)).toBe(false);
  });

  it('the feed: a card plays while it is on screen and pauses when scrolled away; the others wait', () => {
    render(
      <>
        <div data-testid="card-a">
          <MemeVideo src="/media/a.mp4" durationMs={1000} />
        </div>
        <div data-testid="card-b">
          <MemeVideo src="/media/b.mp4" durationMs={1000} />
        </div>
      </>,
    );
    const boxOf = (card: string) => screen.getByTestId(card).firstElementChild!;
    expect(videos()).toHaveLength(0);

    FakeObserver.show(boxOf('card-b'), true);
    expect(videos().map((video) => video.getAttribute('src'))).toEqual(['/media/b.mp4']);
    expect(playing.size).toBe(1);

    FakeObserver.show(boxOf('card-b'), false);
    FakeObserver.show(boxOf('card-a'), true);
    const playingNow = [...playing].map((video) => video.getAttribute('src'));
    expect(playingNow).toEqual(['/media/a.mp4']);
  });

  it('with the data saver on: the poster with a play button, nothing fetched until tapped', async () => {
    setDataSaver(true);
    render(<MemeVideo src="/media/a.mp4" durationMs={1000} active />);
    expect(videos()).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Play the animation' }));
    expect(videos()).toHaveLength(1);
    expect(playing.size).toBe(1);
    expect(videos()[0]!.muted).toBe(true);
  });

  it.each([
    ['a 2G connection', { effectiveType: '2g' }],
    ['a slow-2G connection', { effectiveType: 'slow-2g' }],
    ['the browser’s data saving', { saveData: true, effectiveType: '4g' }],
  ])('on %s: the poster with a play button', (_, connection) => {
    setConnection(connection);
    render(<MemeVideo src="/media/a.mp4" durationMs={1000} active />);
    expect(videos()).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Play the animation' })).toBeInTheDocument();
  });

  it('with "reduce motion": the poster with a play button', () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('reduce'), media: query }));
    render(<MemeVideo src="/media/a.mp4" durationMs={1000} active />);
    expect(videos()).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Play the animation' })).toBeInTheDocument();
  });

  it('in a tile that is itself a button: a play mark, not a nested button', () => {
    setDataSaver(true);
    render(<MemeVideo src="/media/a.mp4" durationMs={1000} active tappable={false} />);
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('AnimatedMeme', () => {
  it('draws nothing over a still; the player over an animation', async () => {
    const { container, rerender } = render(
      <AnimatedMeme meme={{ kind: 'image', durationMs: null, videoUrl: null }} active />,
    );
    expect(container).toBeEmptyDOMElement();
    rerender(
      <AnimatedMeme meme={{ kind: 'animation', durationMs: 1500, videoUrl: '/media/a.mp4' }} active />,
    );
    expect(await screen.findByTestId('meme-video')).toHaveAttribute('src', '/media/a.mp4');
  });
});

describe('DataSaverSetting', () => {
  it('is kept on this device and turns playing cards into posters at once', async () => {
    render(
      <>
        <DataSaverSetting />
        <MemeVideo src="/media/a.mp4" durationMs={1000} active />
      </>,
    );
    const toggle = screen.getByRole('switch', { name: /Data saver/ });
    expect(toggle).not.toBeChecked();
    expect(playing.size).toBe(1);
    await userEvent.click(toggle);
    expect(toggle).toBeChecked();
    expect(localStorage.getItem('mm_data_saver')).toBe('1');
    expect(playing.size).toBe(0);
    expect(screen.getByRole('button', { name: 'Play the animation' })).toBeInTheDocument();
    await userEvent.click(toggle);
    expect(localStorage.getItem('mm_data_saver')).toBeNull();
  });
});
