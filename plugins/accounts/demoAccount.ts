// The demo listener the seed creates (and whose password every seeded account shares), which the
// sign-in screen offers to fill in: a module of its own so that island's bundle takes nothing else.
export const DEMO_USERNAME = 'demo';
export const DEMO_PASSWORD = 'demo1234';
