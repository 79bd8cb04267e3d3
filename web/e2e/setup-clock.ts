import { inject } from 'vitest';
// @ts-expect-error plain JavaScript, shared with the platform's processes
import { installClockOffset } from '../../infra/lib/test-clock.mjs';

// The test files compute dates ("tomorrow", "two weeks ahead"): on the walk's clock, the one the
// platform and the browser run on (global-setup.ts chooses it).
installClockOffset(inject('clockOffsetMs'));
