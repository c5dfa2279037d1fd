/** Tags offered as one-tap chips on the add form; anything else can be typed. */
export const SUGGESTED_TAGS = [
  'Playground',
  'Swings',
  'Slides',
  'Shade',
  'Toilets',
  'Fenced',
  'Picnic tables',
  'Cafe nearby',
  'Parking',
  'Water play',
  'Pram friendly',
  'Dog free',
] as const;
