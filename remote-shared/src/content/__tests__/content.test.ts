import {
  aboutPage,
  contactLimits,
  contactPage,
  dribbbleProfile,
  errors,
  footer,
  hero,
  intro,
  navigation,
  socials,
  studio,
} from '..';

describe('studio content', () => {
  it('names the studio and its address as PRODUCT.md settles them', () => {
    expect(studio).toMatchObject({
      name: 'First Day Studio',
      email: 'info@firstday.studio',
      copyrightYear: 2022,
    });
    expect(footer.mailHref).toBe('mailto:info@firstday.studio');
    expect(footer.copyright).toContain('2022');
  });

  it('has the three socials with https profiles and accessible names', () => {
    expect(socials.map((s) => s.id)).toEqual(['x', 'linkedin', 'dribbble']);
    for (const social of socials) {
      expect(social.href).toMatch(/^https:\/\/[^\s]+$/);
      expect(social.accessibleName).toContain(studio.name);
    }
    expect(dribbbleProfile).toMatch(/^https:\/\/dribbble\.com\//);
  });

  it('has no dead links: every in-site link goes to a route the shell serves', () => {
    const routes = ['/', '/about', '/contact', '/menu', '/#work'];
    const links = [
      ...navigation.overlayLinks,
      ...navigation.menuPageLinks,
      footer.contactLink,
      errors.homeLink,
      hero.contactLink,
      intro.knowMore,
    ];
    for (const link of links) expect(routes).toContain(link.href);
  });

  it('keeps the specified texts', () => {
    expect(hero.headline).toBe('We are a full service Digital Agency.');
    expect(hero.musicHint).toBe('Click to play music');
    expect(intro.headline).toBe(
      'We build immersive website experiences that align brand and product.',
    );
    expect(aboutPage.heading).toBe('About Us');
    expect(aboutPage.paragraphs).toHaveLength(3);
    expect(errors.title).toBe('Unexpected Application Error!');
    expect(errors.notFound).toBe('404 Not Found');
    expect(footer.heading).toBe('Ready to start your First Day?');
    expect(navigation.overlayCallToAction).toBe("Let's work together");
  });

  it('routes the overlay and /menu as PRODUCT.md says', () => {
    expect(navigation.overlayLinks).toEqual([
      { label: 'Our Work', href: '/#work' },
      { label: 'Our Process', href: '/about' },
      { label: 'About Us', href: '/about' },
      { label: 'Contact Us', href: '/contact' },
    ]);
    expect(navigation.menuPageLinks.map((l) => l.label)).toEqual([
      'Home',
      'About',
      'Products',
      'Reach Us',
    ]);
  });

  it('holds the contact form limits and the corrected messages', () => {
    expect(contactLimits).toEqual({
      name: 100,
      phone: 20,
      email: 254,
      company: 100,
      message: 5000,
    });
    expect(contactPage.fields.name.required).toBe('Name is required');
    expect(contactPage.fields.phone.required).toBe('Phone number is required');
    expect(contactPage.fields.email.required).toBe('Email is required');
    expect(contactPage.fields.company.required).toBe('Company is required');
  });
});
