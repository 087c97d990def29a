import { getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';

/** The project's Firestore, on the one admin app every function of this deployment shares. */
export const database = () => getFirestore(getApps()[0] ?? initializeApp());
