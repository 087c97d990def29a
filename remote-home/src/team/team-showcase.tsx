import { team, teamSection } from 'remote-shared/content';
import { usePrefersReducedMotion, useTapReplay } from 'remote-shared/hooks';
import { Container } from 'remote-shared/ui';
import { PixelatedPortrait } from './pixelated-portrait';
import styles from './team-showcase.module.css';
import { useRotation } from './use-rotation';

/** One person at a time, advancing on its own; pausable, and still while the visitor engages. */
export function TeamShowcase() {
  const reducedMotion = usePrefersReducedMotion();
  const { state, dispatch, rotating } = useRotation(team.length, reducedMotion);
  const pauseTap = useTapReplay('team-pause', () => dispatch({ type: 'toggle-pause' }));
  const member = team[state.index];
  if (!member) return null;
  const { width, height } = teamSection.imageSize;
  const position = `${String(state.index + 1).padStart(2, '0')} / ${String(team.length).padStart(2, '0')}`;

  return (
    <section
      className={styles.section}
      aria-labelledby="team-heading"
      aria-roledescription="carousel"
      onMouseEnter={() => dispatch({ type: 'hover', value: true })}
      onMouseLeave={() => dispatch({ type: 'hover', value: false })}
      onFocus={() => dispatch({ type: 'focus', value: true })}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) {
          dispatch({ type: 'focus', value: false });
        }
      }}
    >
      <Container className={styles.layout}>
        <div className={styles.copy}>
          <p className={styles.eyebrow}>{teamSection.eyebrow}</p>
          <h2 id="team-heading" className={styles.heading}>
            {teamSection.heading}
          </h2>
          {/* Announce changes only when the visitor drives them, not on every automatic tick. */}
          <div
            className={styles.person}
            aria-live={rotating ? 'off' : 'polite'}
            data-testid="team-person"
          >
            <p className={styles.name}>{member.name}</p>
            <p className={styles.role}>{member.designation}</p>
          </div>
          <div className={styles.controls}>
            <button
              type="button"
              className={styles.pause}
              aria-label={state.userPaused ? teamSection.playLabel : teamSection.pauseLabel}
              onClick={() => dispatch({ type: 'toggle-pause' })}
              {...pauseTap}
            >
              <span
                aria-hidden="true"
                className={styles.pauseIcon}
                data-paused={state.userPaused}
              />
            </button>
            <span className={styles.position} aria-hidden="true">
              {position}
            </span>
          </div>
        </div>
        <PixelatedPortrait
          src={member.image}
          alt={`${member.name}, ${member.designation}`}
          width={width}
          height={height}
          changeKey={state.changes}
          animate={!reducedMotion}
        />
      </Container>
    </section>
  );
}
