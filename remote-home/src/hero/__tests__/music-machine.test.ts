import { initialMusicState, isMusicOn, musicReducer } from '../music-machine';

describe('the music state machine', () => {
  it('starts paused with the hint visible', () => {
    expect(initialMusicState).toEqual({ status: 'paused', hintVisible: true });
    expect(isMusicOn(initialMusicState)).toBe(false);
  });

  it('plays on the first click and hides the hint once playing', () => {
    const starting = musicReducer(initialMusicState, { type: 'toggle' });
    expect(isMusicOn(starting)).toBe(true);
    const playing = musicReducer(starting, { type: 'play-started' });
    expect(playing).toEqual({ status: 'playing', hintVisible: false });
  });

  it('pauses on the next click and keeps the hint hidden', () => {
    const playing = { status: 'playing', hintVisible: false } as const;
    const paused = musicReducer(playing, { type: 'toggle' });
    expect(paused).toEqual({ status: 'paused', hintVisible: false });
    expect(musicReducer(paused, { type: 'toggle' }).status).toBe('starting');
  });

  it('goes back to paused, hint kept, when the browser refuses play()', () => {
    const starting = musicReducer(initialMusicState, { type: 'toggle' });
    const refused = musicReducer(starting, { type: 'play-refused' });
    expect(refused).toEqual({ status: 'paused', hintVisible: true });
    expect(isMusicOn(refused)).toBe(false);
  });

  it('ignores a late answer to play() after the visitor paused', () => {
    const cancelled = musicReducer(musicReducer(initialMusicState, { type: 'toggle' }), {
      type: 'toggle',
    });
    expect(musicReducer(cancelled, { type: 'play-started' })).toBe(cancelled);
  });
});
