// k6 entry for the booking-peak scenario (load-tests/scenarios/booking-peak.scenario.js, which says what it does):
//   k6 run -e BASE_URL=https://salon.example.com [-e EMAIL=… -e PASSWORD=…] load-tests/k6/booking-peak.js
import { k6Scenario } from './k6-driver.js';
import { bookingPeak } from '../scenarios/booking-peak.scenario.js';

const scenario = k6Scenario(bookingPeak);
export const options = scenario.options;
export const setup = scenario.setup;
export default scenario.run;
