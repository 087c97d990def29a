import { useCallback, useReducer, useRef, type RefObject } from 'react';
import { MUSIC_VOLUME } from '../motion/constants';
import { initialMusicState, isMusicOn, musicReducer, type MusicState } from './music-machine';

export interface Music {
  readonly state: MusicState;
  readonly on: boolean;
  readonly audioRef: RefObject<HTMLAudioElement | null>;
  readonly toggle: () => void;
}

/** Drives the <audio> element from the music state machine; the element never leads. */
export function useMusic(): Music {
  const [state, dispatch] = useReducer(musicReducer, initialMusicState);
  const audioRef = useRef<HTMLAudioElement>(null);

  const toggle = useCallback(() => {
    const audio = audioRef.current;
    // Decide from the element, which is always current inside an event handler.
    const wantsPlay = audio ? audio.paused : false;
    dispatch({ type: 'toggle' });
    if (!audio) return;
    // A pending play() already reads as not paused, so a second tap while starting pauses here.
    // Only the handler touches the element: an effect "agreeing" with the state could run after
    // a tap replayed at hydration, with the state not yet updated, and cancel the play.
    if (!wantsPlay) {
      audio.pause();
      return;
    }
    // Set where the music starts, the only place it does.
    audio.volume = MUSIC_VOLUME;
    let attempt: Promise<void> | undefined;
    try {
      attempt = audio.play();
    } catch {
      dispatch({ type: 'play-refused' });
      return;
    }
    Promise.resolve(attempt).then(
      () => dispatch({ type: 'play-started' }),
      () => dispatch({ type: 'play-refused' }),
    );
  }, []);

  return { state, on: isMusicOn(state), audioRef, toggle };
}
