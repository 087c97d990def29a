import { useState } from 'react';
import { useLocation } from '@firstday/router';

/**
 * The overlay's open state. Any navigation (a link in the overlay, back or forward) closes it:
 * the state remembers the location it belongs to and resets, during render, when that changes.
 * Going back to the location it was opened at does not open it again.
 */
export function useMenuState(): [open: boolean, setOpen: (open: boolean) => void] {
  const { key } = useLocation();
  const [menu, setMenu] = useState({ open: false, at: key });
  if (menu.at !== key) setMenu({ open: false, at: key });
  return [menu.open && menu.at === key, (open) => setMenu({ open, at: key })];
}
