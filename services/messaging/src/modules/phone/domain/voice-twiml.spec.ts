import { describe, expect, it } from 'vitest';
import { bridgeTwiml, hangupTwiml, ringTwiml, voicemailTwiml } from './voice-twiml.js';

describe('voice TwiML', () => {
  it('rings every phone at once with a timeout and an action', () => {
    const xml = ringTwiml(['+13125550100', '+13125550111', '+13125550100'], 20, 'https://x.test/api/webhooks/twilio/voice/dial-result');
    expect(xml).toContain(
      '<Dial timeout="20" action="https://x.test/api/webhooks/twilio/voice/dial-result" method="POST" answerOnBridge="true">',
    );
    expect(xml.match(/<Number>/g)).toHaveLength(2);
  });

  it('records a voicemail after the greeting', () => {
    const xml = voicemailTwiml('Leave a message & we call back', 'https://x.test/rec');
    expect(xml).toContain('<Say>Leave a message &amp; we call back</Say><Record action="https://x.test/rec"');
    expect(xml).toContain('playBeep="true"');
  });

  it('bridges to the client under the business number, and hangs up', () => {
    expect(bridgeTwiml('+13125550199', '+13125550000', 'https://x.test/api/webhooks/twilio/voice/bridge-result?callId=c1')).toContain(
      '<Dial callerId="+13125550000" action="https://x.test/api/webhooks/twilio/voice/bridge-result?callId=c1" method="POST"><Number>+13125550199</Number></Dial>',
    );
    expect(hangupTwiml()).toBe('<?xml version="1.0" encoding="UTF-8"?><Response><Hangup/></Response>');
  });
});
