import { cohortKeyOf, cohortValue } from '../../../platform/releases/cohort-cookie.cjs';
import { localPreviewSecret } from '../../../platform/releases/preview-token.cjs';

/**
 * The `__session` value of a canary cohort as the test site's render server signs it (with the
 * local stack's key): what a visitor drawn into that cohort carries.
 */
export const cohortCookie = (cohort: 'c' | 'l', canaryId: string): string =>
  cohortValue(cohortKeyOf(localPreviewSecret), cohort, canaryId);
