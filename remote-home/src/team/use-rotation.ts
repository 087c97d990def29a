import { useEffect, useReducer } from 'react';
import { TEAM_ROTATION_MS } from '../motion/constants';
import { initialRotation, isRotating, rotationReducer } from './rotation';

/** Ticks the showcase every TEAM_ROTATION_MS while it is allowed to rotate. */
export function useRotation(count: number, startPaused: boolean) {
  const [state, dispatch] = useReducer(rotationReducer, initialRotation(count, startPaused));
  const rotating = isRotating(state);
  // The server renders without knowing the visitor's setting; the browser learns it later.
  useEffect(() => {
    if (startPaused) dispatch({ type: 'reduce-motion' });
  }, [startPaused]);
  useEffect(() => {
    if (!rotating) return;
    // A fresh interval on resume gives the visitor a full period with the current person.
    const id = window.setInterval(() => dispatch({ type: 'tick' }), TEAM_ROTATION_MS);
    return () => window.clearInterval(id);
  }, [rotating]);
  return { state, dispatch, rotating };
}
