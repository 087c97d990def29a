import { band } from 'remote-shared/content';
import { Container } from 'remote-shared/ui';
import { BackgroundVideo } from '../background-video/background-video';
import styles from './motion-band.module.css';

/** A band of moving light with a short statement, between Our Work and Our Services. */
export function MotionBand() {
  return (
    <section className={styles.band} aria-label={band.statement}>
      <div className={styles.media} aria-hidden="true">
        <BackgroundVideo video={band.video} />
      </div>
      <Container>
        <p className={styles.statement}>{band.statement}</p>
      </Container>
    </section>
  );
}
