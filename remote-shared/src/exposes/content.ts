/**
 * Every studio fact, text, person, project and link (the staff inbox's texts: ./staff-content;
 * the contact page's: ./contact-content; the About page's: ./about-content).
 */
export * from '../content';
