import { defineInt, defineString } from 'firebase-functions/params';

/*
 * The functions' settings, set at deploy time (functions/.env.<project>, or prompted by firebase
 * deploy). Each is declared once, with its default and what it is for, and read through the
 * function returned here.
 */

/** A text setting, read trimmed. */
export function textSetting(name: string, fallback: string, description: string): () => string {
  const param = defineString(name, { default: fallback, description });
  return () => param.value().trim();
}

/**
 * A ceiling. An unset one reads 0 outside a deployment (as in the tests): its default then. To
 * send no confirmations at all, AUTOREPLY=off.
 */
export function ceiling(name: string, fallback: number, description: string): () => number {
  const param = defineInt(name, { default: fallback, description });
  return () => param.value() || fallback;
}
