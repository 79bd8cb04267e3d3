import twilio from 'twilio';

const { VoiceResponse } = twilio.twiml;

/** The voice webhooks' paths under PUBLIC_URL (Twilio signs the full URL it calls). */
export const VOICE_PATHS = {
  incoming: '/api/webhooks/twilio/voice',
  dialResult: '/api/webhooks/twilio/voice/dial-result',
  recording: '/api/webhooks/twilio/voice/recording',
  status: '/api/webhooks/twilio/voice/status',
  bridge: '/api/webhooks/twilio/voice/bridge',
  bridgeResult: '/api/webhooks/twilio/voice/bridge-result',
} as const;

/** Ring the front desk and the staff on the list at once; Twilio posts the result to `action`. */
export function ringTwiml(targets: readonly string[], ringSeconds: number, action: string): string {
  const r = new VoiceResponse();
  const dial = r.dial({ timeout: ringSeconds, action, method: 'POST', answerOnBridge: true });
  for (const phone of new Set(targets)) dial.number(phone);
  return r.toString();
}

/** Nobody picked up: the greeting, then a recorded message posted to `action`. */
export function voicemailTwiml(greeting: string, action: string, maxSeconds = 120): string {
  const r = new VoiceResponse();
  r.say(greeting);
  r.record({ action, method: 'POST', maxLength: maxSeconds, playBeep: true, finishOnKey: '#' });
  r.say('We did not get a message. Goodbye.');
  r.hangup();
  return r.toString();
}

/**
 * Click to call: staff answered their phone; now Twilio dials the client, showing the business
 * number, and posts the client leg's result (DialCallStatus, DialCallDuration) to `action`.
 */
export function bridgeTwiml(clientPhone: string, callerId: string, action: string): string {
  const r = new VoiceResponse();
  r.say('Connecting you to the client.');
  r.dial({ callerId, action, method: 'POST' }).number(clientPhone);
  return r.toString();
}

/** A number with no location, or a step already handled: end the call. */
export function hangupTwiml(message?: string): string {
  const r = new VoiceResponse();
  if (message) r.say(message);
  r.hangup();
  return r.toString();
}
