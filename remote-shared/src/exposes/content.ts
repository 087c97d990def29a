/** Every studio fact, text, person, project and link (the staff inbox's texts: ./staff-content). */
export * from '../content';
