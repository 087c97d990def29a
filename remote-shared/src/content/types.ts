/** Typed shapes of every piece of studio content. The apps read these; nobody redefines them. */

export interface Link {
  readonly label: string;
  /** An in-site path ("/about", "/#work") or an absolute https URL. */
  readonly href: string;
}

export interface SocialLink extends Link {
  readonly id: 'x' | 'linkedin' | 'dribbble';
  /** The accessible name, e.g. "First Day Studio on X". */
  readonly accessibleName: string;
}

export interface Studio {
  readonly name: string;
  readonly email: string;
  readonly copyrightYear: number;
  /** A square picture of the logo mark, for search engines (512x512). */
  readonly logo: string;
}

export interface TeamMember {
  readonly name: string;
  readonly designation: string;
  readonly image: string;
}

export interface PortfolioTile {
  readonly title: string;
  readonly description: string;
  readonly link: string;
  readonly image: string;
}

export interface ServiceLine {
  readonly firstword: string;
  readonly secondword: string;
  readonly thirdword: string;
  /** Only the first four lines carry an image. */
  readonly image?: string;
}

/** A picture with the intrinsic size the markup declares (no layout shift) and its text alternative. */
export interface ImageAsset {
  readonly src: string;
  readonly width: number;
  readonly height: number;
  /** Empty for purely decorative pictures. */
  readonly alt: string;
}

/** A muted looping video in two encodings, with the still shown before or instead of it. */
export interface VideoAsset {
  readonly webm: string;
  readonly mp4: string;
  readonly poster: ImageAsset;
}
