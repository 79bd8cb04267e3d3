// k6 entry for the staff-day scenario (load-tests/scenarios/staff-day.scenario.js, which says what it does):
//   k6 run -e BASE_URL=https://salon.example.com [-e EMAIL=… -e PASSWORD=…] load-tests/k6/staff-day.js
import { k6Scenario } from './k6-driver.js';
import { staffDay } from '../scenarios/staff-day.scenario.js';

const scenario = k6Scenario(staffDay);
export const options = scenario.options;
export const setup = scenario.setup;
export default scenario.run;
