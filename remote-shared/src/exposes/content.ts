/**
 * Every studio fact, text, person, project and link (the staff inbox's texts: ./staff-content;
 * the contact page's: ./contact-content).
 */
export * from '../content';
