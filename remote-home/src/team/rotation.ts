/** The team showcase's state: which person shows, and everything that can hold the rotation. */
export interface RotationState {
  readonly index: number;
  readonly count: number;
  /** Paused with the visible control (or by reduced motion at start). */
  readonly userPaused: boolean;
  readonly hovered: boolean;
  readonly focused: boolean;
  /** How many times the person changed; the first picture shows sharp, later ones pixelate. */
  readonly changes: number;
}

export type RotationEvent =
  | { readonly type: 'tick' }
  | { readonly type: 'toggle-pause' }
  /** Reduced motion switched on (or became known, once the page runs in the browser). */
  | { readonly type: 'reduce-motion' }
  | { readonly type: 'hover'; readonly value: boolean }
  | { readonly type: 'focus'; readonly value: boolean };

export function initialRotation(count: number, startPaused: boolean): RotationState {
  return { index: 0, count, userPaused: startPaused, hovered: false, focused: false, changes: 0 };
}

export function nextIndex(index: number, count: number): number {
  return count > 0 ? (index + 1) % count : 0;
}

export function rotationReducer(state: RotationState, event: RotationEvent): RotationState {
  switch (event.type) {
    case 'tick':
      return isRotating(state)
        ? { ...state, index: nextIndex(state.index, state.count), changes: state.changes + 1 }
        : state;
    case 'toggle-pause':
      return { ...state, userPaused: !state.userPaused };
    case 'reduce-motion':
      return { ...state, userPaused: true };
    case 'hover':
      return { ...state, hovered: event.value };
    case 'focus':
      return { ...state, focused: event.value };
  }
}

/** Rotates only when nobody paused it and the visitor is not looking at it closely. */
export function isRotating(state: RotationState): boolean {
  return !state.userPaused && !state.hovered && !state.focused && state.count > 1;
}
