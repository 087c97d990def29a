import { hero } from 'remote-shared/content';
import { useTapReplay } from 'remote-shared/hooks';
import styles from './music-toggle.module.css';
import { useMusic } from './use-music';

/** The hero's sound button: a real toggle button, with the hint until the first toggle. */
export function MusicToggle() {
  const { state, on, audioRef, toggle } = useMusic();
  // A tap before hydration plays once hydrated (or, if refused, the hint stays and it says so).
  const tap = useTapReplay('music', toggle);
  return (
    <div className={styles.wrap}>
      <button
        type="button"
        className={styles.button}
        aria-pressed={on}
        aria-label={on ? hero.musicPauseLabel : hero.musicPlayLabel}
        onClick={toggle}
        {...tap}
        data-status={state.status}
      >
        <span className={styles.bars} aria-hidden="true">
          <span />
          <span />
          <span />
          <span />
        </span>
      </button>
      {state.hintVisible && <span className={styles.hint}>{hero.musicHint}</span>}
      {/* Fetched only when the visitor asks for music. Instrumental: nothing to caption. */}
      {/* eslint-disable-next-line jsx-a11y/media-has-caption */}
      <audio ref={audioRef} src={hero.music} loop preload="none" />
    </div>
  );
}
