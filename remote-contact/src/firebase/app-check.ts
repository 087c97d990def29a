import type { FirebaseApp } from 'firebase/app';
import type { AppCheckSettings } from './firebase-settings';

/**
 * Starts Firebase App Check for `app`, so every Firestore request carries a token that proves
 * it comes from the studio's site (enforced in production, see docs/contact-and-data.md).
 * Loaded with the writer, on the first use of the form.
 */
export async function startAppCheck(app: FirebaseApp, settings: AppCheckSettings): Promise<void> {
  const { initializeAppCheck, ReCaptchaEnterpriseProvider, CustomProvider } = await import(
    /* webpackChunkName: "firebase-app-check" */ 'firebase/app-check'
  );
  if (settings.provider === 'recaptcha-enterprise') {
    initializeAppCheck(app, {
      provider: new ReCaptchaEnterpriseProvider(settings.siteKey),
      isTokenAutoRefreshEnabled: true,
    });
    return;
  }
  // Debug mode replaces the provider's tokens with the exchanged debug token; the provider
  // only has to load nothing (reCAPTCHA would fetch Google's script for no use).
  globalThis.FIREBASE_APPCHECK_DEBUG_TOKEN = settings.debugToken ?? true;
  initializeAppCheck(app, {
    provider: new CustomProvider({
      getToken: () => Promise.reject(new Error('App Check runs in debug mode here')),
    }),
    // Tokens on demand only: no background refreshes while developing.
    isTokenAutoRefreshEnabled: false,
  });
}
