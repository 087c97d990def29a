import type { WriteContact } from './contact-submission';

/**
 * The writer the page uses, behind a dynamic import: neither the writer nor the firebase SDK is
 * downloaded until the visitor starts using the form.
 */
let writer: Promise<WriteContact> | undefined;

function loadWriter(): Promise<WriteContact> {
  writer ??= Promise.all([import('./contact-writer'), import('./load-firebase-settings')]).then(
    ([{ createContactWriter }, { loadFirebaseSettings }]) =>
      createContactWriter(() => loadFirebaseSettings()),
  );
  writer.catch(() => {
    writer = undefined;
  });
  return writer;
}

/** Starts the downloads early (first focus on the form), so the first submit feels instant. */
export function preloadContactWriter(): void {
  void loadWriter().catch(() => {});
  // Same chunk names as the writer's own imports, so this warms exactly what it will need.
  void Promise.all([
    import(/* webpackChunkName: "firebase-app" */ 'firebase/app'),
    import(/* webpackChunkName: "firebase-firestore" */ 'firebase/firestore/lite'),
  ]).catch(() => {});
}

export const writeContact: WriteContact = async (id, submission) =>
  (await loadWriter())(id, submission);
