import { useState } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * The overlay's open state, remembered as the location it was opened at: any navigation (a link
 * in the overlay, back or forward) changes the location and so closes it, with no effect needed.
 */
export function useMenuState(): [open: boolean, setOpen: (open: boolean) => void] {
  const { key } = useLocation();
  const [openAt, setOpenAt] = useState<string | null>(null);
  return [openAt === key, (open) => setOpenAt(open ? key : null)];
}
