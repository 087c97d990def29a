import type { SocialLink } from '../../content/types';

const paths: Record<SocialLink['id'], string> = {
  x: 'M4 4h4.6l4.1 5.8L17.7 4H20l-6.2 7.2L20.5 20h-4.6l-4.4-6.2L6.2 20H4l6.5-7.5z',
  linkedin:
    'M5 9h3v11H5zM6.5 4a1.8 1.8 0 1 1 0 3.6 1.8 1.8 0 0 1 0-3.6zM10 9h2.9v1.6c.5-.9 1.7-1.9 3.5-1.9 3 0 3.6 2 3.6 4.6V20h-3v-5.9c0-1.4 0-3.1-1.9-3.1S13 12.5 13 14v6h-3z',
  dribbble:
    'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zm5.8 4.3a7.4 7.4 0 0 1 1.7 4.5 17 17 0 0 0-5.2-.2l-.6-1.4a10 10 0 0 0 4.1-2.9zM12 4.6c1.9 0 3.6.7 4.9 1.8a8.6 8.6 0 0 1-3.8 2.6 37 37 0 0 0-2.7-4.2L12 4.6zm-3.2.7a45 45 0 0 1 2.7 4.2 26 26 0 0 1-6.9.9 7.5 7.5 0 0 1 4.2-5.1zM4.5 12v-.3c2.6.1 5.5-.3 7.7-1l.6 1.2a12 12 0 0 0-6.5 5A7.4 7.4 0 0 1 4.5 12zm7.5 7.4a7.4 7.4 0 0 1-4.6-1.6 10.7 10.7 0 0 1 6-4.6c.8 2 1.4 4.2 1.7 5.6a7.4 7.4 0 0 1-3.1.6zm4.5-1.4c-.3-1.4-.9-3.4-1.6-5.3a15 15 0 0 1 4.4.3 7.5 7.5 0 0 1-2.8 5z',
};

/** A 24x24 glyph for a social network, drawn inline. */
export function SocialIcon({ id }: { id: SocialLink['id'] }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path d={paths[id]} fill="currentColor" />
    </svg>
  );
}
