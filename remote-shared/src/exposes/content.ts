/** Every studio fact, text, person, project and link. The one place content is defined. */
export * from '../content';
