import type { FormInput } from '@salon/contracts';

/** The demo salon's forms: which catalogue services (by name) each is asked for. */
export const DEMO_FORMS: (Omit<FormInput, 'serviceIds'> & { serviceNames: string[] })[] = [
  {
    name: 'New client intake',
    purpose: 'intake',
    oncePerClient: true,
    serviceNames: ['Haircut', 'Colour', 'Facial'],
    definition: {
      sections: [
        {
          title: 'About you',
          fields: [
            { key: 'full_name', type: 'text', label: 'Full name', required: true },
            { key: 'birthday', type: 'date', label: 'Date of birth' },
            {
              key: 'referral',
              type: 'single_choice',
              label: 'How did you hear about us?',
              options: ['Friend', 'Instagram', 'Google', 'Walked by'],
            },
          ],
        },
        {
          title: 'Health',
          fields: [
            { key: 'allergies', type: 'yes_no', label: 'Do you have any allergies?', required: true, followUp: 'Which ones?' },
            { key: 'sensitive_scalp', type: 'checkbox', label: 'My scalp is sensitive' },
            { key: 'photo', type: 'file', label: 'A photo of the look you want (optional)', accept: 'photo' },
          ],
        },
        {
          title: 'Agreement',
          fields: [
            {
              key: 'policy',
              type: 'consent',
              label: 'Cancellation policy',
              consentText: 'I understand that appointments cancelled less than 24 hours ahead may be charged 50% of the service price.',
            },
            { key: 'signature', type: 'signature', label: 'Signature', required: true },
          ],
        },
      ],
    },
  },
  {
    name: 'Colour consent',
    purpose: 'consent',
    oncePerClient: false,
    serviceNames: ['Colour'],
    definition: {
      sections: [
        {
          title: 'Before your colour',
          fields: [
            { key: 'patch_test', type: 'yes_no', label: 'Have you had a patch test in the last 6 months?', required: true },
            { key: 'reaction', type: 'yes_no', label: 'Have you ever reacted to hair dye?', required: true, followUp: 'What happened?' },
            { key: 'henna', type: 'checkbox', label: 'I have used henna or box dye in the last year' },
            {
              key: 'consent',
              type: 'consent',
              label: 'Consent',
              consentText:
                'I confirm my answers are true. I understand colour results vary with hair history and that a strand or patch test was offered to me.',
            },
            { key: 'signature', type: 'signature', label: 'Signature', required: true },
          ],
        },
      ],
    },
  },
  {
    name: 'Massage waiver',
    purpose: 'waiver',
    oncePerClient: false,
    serviceNames: ['Massage 60', 'Massage 90'],
    definition: {
      sections: [
        {
          title: 'Your health',
          fields: [
            { key: 'pregnant', type: 'yes_no', label: 'Are you pregnant?', required: true },
            { key: 'weeks', type: 'number', label: 'How many weeks?', min: 1, max: 42, showIf: { field: 'pregnant', equals: 'yes' } },
            { key: 'areas', type: 'multiple_choice', label: 'Areas to avoid', options: ['Neck', 'Shoulders', 'Lower back', 'Feet'] },
            { key: 'pressure', type: 'single_choice', label: 'Preferred pressure', required: true, options: ['Light', 'Medium', 'Firm'] },
            { key: 'notes', type: 'long_text', label: 'Anything else we should know?' },
          ],
        },
        {
          title: 'Waiver',
          fields: [
            {
              key: 'waiver',
              type: 'consent',
              label: 'Release',
              consentText:
                'I have told my therapist about every condition that could affect my massage and release the salon from liability for what I did not disclose.',
            },
            { key: 'signature', type: 'signature', label: 'Signature', required: true },
          ],
        },
      ],
    },
  },
];

/** Answers of the demo submissions (index = demo client), per form name. */
export const DEMO_ANSWERS: Record<string, (name: string, i: number) => Record<string, unknown>> = {
  'New client intake': (name, i) => ({
    full_name: name,
    referral: ['Friend', 'Instagram', 'Google'][i % 3],
    allergies: i % 2 ? { answer: 'yes', followUp: 'Latex' } : { answer: 'no' },
    sensitive_scalp: i % 3 === 0,
    policy: true,
  }),
  'Colour consent': (_name, i) => ({
    patch_test: { answer: 'yes' },
    reaction: i % 2 ? { answer: 'no' } : { answer: 'yes', followUp: 'Mild itching in 2023' },
    henna: false,
    consent: true,
  }),
  'Massage waiver': (_name, i) => ({
    pregnant: { answer: 'no' },
    areas: i % 2 ? ['Neck'] : [],
    pressure: ['Medium', 'Firm', 'Light'][i % 3],
    waiver: true,
  }),
};

/** The two public documents of the demo salon (plain text: readable anywhere). */
export const DEMO_DOCUMENTS = [
  {
    title: 'Cancellation policy',
    fileName: 'cancellation-policy.txt',
    kind: 'policy',
    text: 'Cancellation policy\n\nPlease give us 24 hours notice to cancel or move an appointment. Late cancellations and no-shows may be charged 50% of the service price.\n',
  },
  {
    title: 'Colour aftercare',
    fileName: 'colour-aftercare.txt',
    kind: 'aftercare',
    text: 'Colour aftercare\n\nWait 48 hours before washing. Use a sulphate-free shampoo, rinse with cool water and protect your hair from the sun.\n',
  },
] as const;
