import { describeBadInput } from './bad-input.ts';

// The bad-input suite's second half of the routes (bad-input.ts).
describeBadInput(1, 2);
