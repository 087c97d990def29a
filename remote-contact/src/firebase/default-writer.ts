import type { ContactWriter } from './contact-submission';

/**
 * The writer the page uses, behind a dynamic import: neither the writer nor the firebase SDK is
 * downloaded until the visitor starts using the form.
 */
let writer: Promise<ContactWriter> | undefined;

function loadWriter(): Promise<ContactWriter> {
  writer ??= Promise.all([
    import('./contact-writer'),
    import('./load-firebase-settings'),
    import('./request-context'),
  ]).then(([{ createContactWriter }, { loadFirebaseSettings }, { currentRequestContext }]) =>
    createContactWriter(() => loadFirebaseSettings(), { context: currentRequestContext }),
  );
  writer.catch(() => {
    writer = undefined;
  });
  return writer;
}

export const firestoreContactWriter: ContactWriter = {
  write: async (id, submission, signals) => (await loadWriter()).write(id, submission, signals),
  preload: () => {
    loadWriter().then(
      (loaded) => loaded.preload(),
      () => {},
    );
  },
};
