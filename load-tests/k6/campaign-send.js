// k6 entry for the campaign-send scenario (load-tests/scenarios/campaign-send.scenario.js, which says what it does):
//   k6 run -e BASE_URL=https://salon.example.com [-e EMAIL=… -e PASSWORD=…] load-tests/k6/campaign-send.js
import { k6Scenario } from './k6-driver.js';
import { campaignSend } from '../scenarios/campaign-send.scenario.js';

const scenario = k6Scenario(campaignSend);
export const options = scenario.options;
export const setup = scenario.setup;
export default scenario.run;
