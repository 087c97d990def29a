import { useCallback, useEffect, useReducer, useRef, type RefObject } from 'react';
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

  useEffect(() => {
    if (audioRef.current) audioRef.current.volume = MUSIC_VOLUME;
  }, []);

  const toggle = useCallback(() => {
    const audio = audioRef.current;
    // Decide from the element, which is always current inside an event handler.
    const wantsPlay = audio ? audio.paused : false;
    dispatch({ type: 'toggle' });
    if (!audio) return;
    if (!wantsPlay) {
      audio.pause();
      return;
    }
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

  // If the visitor paused while play() was still pending, make the element agree.
  useEffect(() => {
    const audio = audioRef.current;
    if (audio && state.status === 'paused' && !audio.paused) audio.pause();
  }, [state.status]);

  return { state, on: isMusicOn(state), audioRef, toggle };
}
