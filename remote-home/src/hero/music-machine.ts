/**
 * The music toggle's states. The element's play() is asynchronous and may be refused (autoplay
 * policy, no audio device), so "starting" waits for its answer before claiming to play.
 */
type MusicStatus = 'paused' | 'starting' | 'playing';

export interface MusicState {
  readonly status: MusicStatus;
  /** "Click to play music" shows until the first toggle that took effect. */
  readonly hintVisible: boolean;
}

export type MusicEvent =
  | { readonly type: 'toggle' }
  | { readonly type: 'play-started' }
  | { readonly type: 'play-refused' };

export const initialMusicState: MusicState = { status: 'paused', hintVisible: true };

export function musicReducer(state: MusicState, event: MusicEvent): MusicState {
  switch (event.type) {
    case 'toggle':
      // A toggle while starting cancels the start: the visitor changed their mind.
      return state.status === 'paused'
        ? { ...state, status: 'starting' }
        : { status: 'paused', hintVisible: false };
    case 'play-started':
      return state.status === 'starting' ? { status: 'playing', hintVisible: false } : state;
    case 'play-refused':
      // Nothing plays, so the button says so and the invitation to play stays as it was.
      return state.status === 'starting' ? { ...state, status: 'paused' } : state;
  }
}

/** Whether the button shows as pressed: from the click on, unless the start is refused. */
export function isMusicOn(state: MusicState): boolean {
  return state.status !== 'paused';
}
