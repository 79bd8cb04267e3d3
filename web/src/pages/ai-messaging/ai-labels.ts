/** How the screen names the assistant's modes and the states of its replies. */
export const MODE_LABELS: Record<string, string> = {
  off: 'Off',
  draft: 'Draft: staff approve each reply',
  auto: 'Auto during set hours (drafts outside them)',
};

export const STATUS_LABELS: Record<string, string> = {
  thinking: 'Thinking',
  draft: 'Draft',
  sent: 'Sent',
  'handed-over': 'Handed to staff',
  discarded: 'Discarded',
  failed: 'Failed',
};
