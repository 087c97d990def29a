/**
 * The path every unknown address is rendered as: the 404 page does not depend on the address,
 * so it is rendered and kept once, not once per path a visitor (or an attacker) makes up.
 */
export const notFoundPath = '/__not-found';
