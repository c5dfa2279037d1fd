/**
 * Demo play spots for a fresh install, placed at real Auckland parks (the spec's default map
 * centre). Coordinates are approximate and the entries are marked as demo data: they let a
 * new user try the map, they are not a survey of these parks.
 */
export interface DemoLocation {
  slug: string;
  name: string;
  lat: number;
  lng: number;
  tags: string[];
  ageRanges: string[];
  indoor: boolean;
  free: boolean;
}

export const demoLocations: DemoLocation[] = [
  { slug: 'auckland-domain', name: 'Auckland Domain Playground', lat: -36.8597, lng: 174.7752, tags: ['shade', 'toilets', 'picnic tables'], ageRanges: ['2-5', '5-12'], indoor: false, free: true },
  { slug: 'victoria-park', name: 'Victoria Park Playground', lat: -36.8481, lng: 174.7548, tags: ['fenced', 'toilets', 'skate park'], ageRanges: ['2-5', '5-12', '12+'], indoor: false, free: true },
  { slug: 'western-springs', name: 'Western Springs Lakeside Playground', lat: -36.8664, lng: 174.7247, tags: ['lake', 'flying fox', 'toilets'], ageRanges: ['2-5', '5-12'], indoor: false, free: true },
  { slug: 'cornwall-park', name: 'Cornwall Park Playground', lat: -36.8938, lng: 174.7838, tags: ['shade', 'cafe nearby', 'toilets'], ageRanges: ['0-2', '2-5', '5-12'], indoor: false, free: true },
  { slug: 'myers-park', name: 'Myers Park Playground', lat: -36.8568, lng: 174.7627, tags: ['fenced', 'sandpit'], ageRanges: ['0-2', '2-5'], indoor: false, free: true },
  { slug: 'albert-park', name: 'Albert Park Lawn', lat: -36.8506, lng: 174.7681, tags: ['grass', 'shade'], ageRanges: ['0-2', '2-5', '5-12'], indoor: false, free: true },
  { slug: 'point-chevalier-beach', name: 'Point Chevalier Beach Playground', lat: -36.8578, lng: 174.7064, tags: ['beach', 'toilets', 'shade'], ageRanges: ['2-5', '5-12'], indoor: false, free: true },
  { slug: 'grey-lynn-park', name: 'Grey Lynn Park Playground', lat: -36.8645, lng: 174.7382, tags: ['swings', 'slide', 'toilets'], ageRanges: ['2-5', '5-12'], indoor: false, free: true },
  { slug: 'mount-eden-domain', name: 'Mount Eden Domain Picnic Area', lat: -36.8770, lng: 174.7640, tags: ['views', 'walking track'], ageRanges: ['5-12', '12+'], indoor: false, free: true },
  { slug: 'eden-garden', name: 'Eden Gardens Family Lawn', lat: -36.8718, lng: 174.7713, tags: ['gardens', 'cafe nearby'], ageRanges: ['0-2', '2-5'], indoor: false, free: false },
  { slug: 'newmarket-indoor', name: 'Newmarket Indoor Play Centre', lat: -36.8697, lng: 174.7780, tags: ['soft play', 'cafe', 'toilets', 'baby change'], ageRanges: ['0-2', '2-5', '5-12'], indoor: true, free: false },
  { slug: 'ponsonby-library', name: 'Leys Institute Story Corner', lat: -36.8555, lng: 174.7430, tags: ['books', 'toilets'], ageRanges: ['0-2', '2-5'], indoor: true, free: true },
  { slug: 'mission-bay', name: 'Mission Bay Reserve Playground', lat: -36.8476, lng: 174.8326, tags: ['beach', 'fountain', 'toilets', 'ice cream'], ageRanges: ['2-5', '5-12'], indoor: false, free: true },
  { slug: 'kohimarama', name: 'Kohimarama Beach Playground', lat: -36.8521, lng: 174.8431, tags: ['beach', 'shade'], ageRanges: ['2-5', '5-12'], indoor: false, free: true },
  { slug: 'waterview-reserve', name: 'Waterview Reserve Playground', lat: -36.8797, lng: 174.6990, tags: ['flying fox', 'climbing', 'skate park'], ageRanges: ['5-12', '12+'], indoor: false, free: true },
  { slug: 'onehunga-bay', name: 'Onehunga Bay Reserve Playground', lat: -36.9265, lng: 174.7911, tags: ['lagoon', 'toilets', 'bike track'], ageRanges: ['2-5', '5-12'], indoor: false, free: true },
  { slug: 'takapuna', name: 'Takapuna Beach Playground', lat: -36.7872, lng: 174.7736, tags: ['beach', 'water play', 'cafe nearby'], ageRanges: ['0-2', '2-5', '5-12'], indoor: false, free: true },
  { slug: 'silo-park', name: 'Silo Park Playground', lat: -36.8420, lng: 174.7560, tags: ['water play', 'events'], ageRanges: ['2-5', '5-12'], indoor: false, free: true },
];
