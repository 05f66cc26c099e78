import { describeBadInput, describeParserRefusals } from './bad-input.ts';

// The bad-input suite's first half of the routes, and what the HTTP parser refuses (bad-input.ts).
describeBadInput(0, 2);
describeParserRefusals();
