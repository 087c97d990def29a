export const aboutPage = {
  heading: 'About Us',
  paragraphs: [
    'Every day is a new beginning. At First Day Studio we start each project the way you start a first day: with open eyes, no assumptions and a genuine wish to understand the people we build for.',
    'A first day is where habits have not yet hardened. That is where the best ideas live, so we keep our process light and our questions honest. We sketch, prototype and test early, and we let what we learn reshape the plan, not the other way round.',
    'When a site launches, it is not the end of the work but another first day: real visitors, real data and a new chance to make things better. We stay with our clients to measure, learn and grow what we built together.',
  ],
} as const;
