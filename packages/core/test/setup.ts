// Property tests are seeded so a run is reproducible; set FC_SEED to explore other inputs.
import fc from 'fast-check';

const seed = Number(process.env.FC_SEED ?? 20260927);
fc.configureGlobal({ seed, numRuns: 200 });
