import { useState } from 'react';
import type { FormField, PublicFormView } from '@salon/contracts';
import { fieldErrorsOf } from '../../lib/api-client';
import { shrinkFormPhoto, tooLargeMessage, uploadPlan } from './form-upload';
import { answersToSend, base64Of, missingRequired, shownFields, type FillAnswers, type FillValue } from './form-fill';
import { publicFormsApi } from './public-forms-api';
import { SignaturePad } from './SignaturePad';

const readFile = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });

/**
 * A file or photo answer: a phone's large photo is shrunk here before it is sent (the form takes
 * 1 MB per file); anything else too large is named with its size, and nothing is sent for it.
 */
function FileInput({
  field,
  id,
  label,
  describedBy,
  set,
  help,
  err,
}: {
  field: FormField;
  id: string;
  label: React.ReactNode;
  describedBy: string | undefined;
  set(v: FillValue): void;
  help: React.ReactNode;
  err: React.ReactNode;
}) {
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const choose = async (file: File | undefined) => {
    setProblem(null);
    if (!file) return set(null);
    const plan = uploadPlan(file);
    if (plan === 'too-large') {
      set(null);
      return setProblem(tooLargeMessage(file.name, file.size));
    }
    setBusy(true);
    try {
      const shrunk = plan === 'shrink' ? await shrinkFormPhoto(file).catch(() => null) : null;
      if (plan === 'shrink' && !shrunk) {
        set(null);
        return setProblem(tooLargeMessage(file.name, file.size));
      }
      set(
        shrunk
          ? { fileName: file.name.replace(/\.[^.]+$/, '') + '.jpg', contentType: 'image/jpeg', data: base64Of(shrunk) }
          : { fileName: file.name, contentType: file.type, data: base64Of(await readFile(file)) },
      );
    } finally {
      setBusy(false);
    }
  };
  const describedByAll = [describedBy, problem ? `${id}-size` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="file"
        accept={field.accept === 'photo' ? 'image/*' : 'image/*,application/pdf'}
        capture={field.accept === 'photo' ? 'environment' : undefined}
        aria-describedby={describedByAll}
        aria-invalid={problem ? true : undefined}
        onChange={(e) => void choose(e.target.files?.[0])}
      />
      {busy ? <p className="muted">Preparing the photo…</p> : null}
      {problem ? (
        <p id={`${id}-size`} className="field-error" role="alert">
          {problem}
        </p>
      ) : null}
      {help}
      {err}
    </div>
  );
}

function FieldInput({
  field,
  value,
  set,
  error,
}: {
  field: FormField;
  value: FillValue | undefined;
  set(v: FillValue): void;
  error?: string;
}) {
  const id = `f-${field.key}`;
  const describedBy = [field.help ? `${id}-help` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  const required = field.required || field.type === 'consent';
  const label = (
    <>
      {field.label}
      {required ? <span aria-hidden="true"> *</span> : null}
    </>
  );
  const help = field.help ? (
    <span id={`${id}-help`} className="hint">
      {field.help}
    </span>
  ) : null;
  const err = error ? (
    <span id={`${id}-error`} className="field-error">
      {error}
    </span>
  ) : null;
  switch (field.type) {
    case 'text':
    case 'date':
    case 'number':
      return (
        <div className="field">
          <label htmlFor={id}>{label}</label>
          <input
            id={id}
            type={field.type === 'text' ? 'text' : field.type}
            inputMode={field.type === 'number' ? 'decimal' : undefined}
            value={(value as string | number | undefined) ?? ''}
            required={required}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            onChange={(e) => set(e.target.value)}
          />
          {help}
          {err}
        </div>
      );
    case 'long_text':
      return (
        <div className="field">
          <label htmlFor={id}>{label}</label>
          <textarea
            id={id}
            rows={3}
            value={(value as string) ?? ''}
            required={required}
            aria-describedby={describedBy}
            onChange={(e) => set(e.target.value)}
          />
          {help}
          {err}
        </div>
      );
    case 'single_choice':
    case 'multiple_choice': {
      const multi = field.type === 'multiple_choice';
      const chosen = multi ? ((value as string[] | undefined) ?? []) : value;
      return (
        <fieldset className="field" aria-describedby={describedBy}>
          <legend className="label">{label}</legend>
          <div className="choice-group">
            {(field.options ?? []).map((option) => (
              <label key={option} className="choice-row">
                <input
                  type={multi ? 'checkbox' : 'radio'}
                  name={id}
                  checked={multi ? (chosen as string[]).includes(option) : chosen === option}
                  onChange={(e) =>
                    set(
                      multi
                        ? e.target.checked
                          ? [...(chosen as string[]), option]
                          : (chosen as string[]).filter((o) => o !== option)
                        : option,
                    )
                  }
                />
                {option}
              </label>
            ))}
          </div>
          {help}
          {err}
        </fieldset>
      );
    }
    case 'checkbox':
    case 'consent':
      return (
        <div className="field">
          {field.type === 'consent' ? (
            <div className="consent-text" id={`${id}-text`}>
              {field.consentText}
            </div>
          ) : null}
          <label className="choice-row">
            <input
              type="checkbox"
              checked={value === true}
              aria-describedby={[field.type === 'consent' ? `${id}-text` : '', describedBy ?? ''].filter(Boolean).join(' ') || undefined}
              onChange={(e) => set(e.target.checked)}
            />
            <span>{field.type === 'consent' ? <>I accept: {label}</> : label}</span>
          </label>
          {help}
          {err}
        </div>
      );
    case 'yes_no': {
      const v = value as { answer: 'yes' | 'no'; followUp?: string } | undefined;
      return (
        <fieldset className="field" aria-describedby={describedBy}>
          <legend className="label">{label}</legend>
          <div className="choice-group">
            {(['yes', 'no'] as const).map((answer) => (
              <label key={answer} className="choice-row">
                <input type="radio" name={id} checked={v?.answer === answer} onChange={() => set({ answer, followUp: v?.followUp })} />
                {answer === 'yes' ? 'Yes' : 'No'}
              </label>
            ))}
          </div>
          {field.followUp && v?.answer === 'yes' ? (
            <div className="field">
              <label htmlFor={`${id}-follow`}>{field.followUp}</label>
              <input
                id={`${id}-follow`}
                type="text"
                value={v.followUp ?? ''}
                onChange={(e) => set({ answer: 'yes', followUp: e.target.value })}
              />
            </div>
          ) : null}
          {help}
          {err}
        </fieldset>
      );
    }
    case 'file':
      return <FileInput field={field} id={id} label={label} describedBy={describedBy} set={set} help={help} err={err} />;
    case 'signature':
      return null;
  }
}

/** The form itself: sections, fields with their conditions, the typed name and the signature pad. */
export function FormFill({
  form,
  request,
  onDone,
}: {
  form: PublicFormView;
  request: string | null;
  onDone(receipt: { id: string }): void;
}) {
  const [answers, setAnswers] = useState<FillAnswers>({});
  const [signerName, setSignerName] = useState('');
  const [signature, setSignature] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const shown = new Set(shownFields(form.definition, answers).map((f) => f.key));
  const signatureField = form.definition.sections.flatMap((s) => s.fields).find((f) => f.type === 'signature');

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const missing = missingRequired(form.definition, answers, signature !== null && signerName.trim() !== '');
    if (missing.length) {
      setProblem(`Please complete: ${missing.join(', ')}`);
      return;
    }
    setSending(true);
    setProblem(null);
    try {
      const receipt = await publicFormsApi.submit(form.id, {
        version: form.version,
        answers: answersToSend(form.definition, answers),
        signature: signature ? { name: signerName.trim(), imagePng: base64Of(signature) } : null,
        request,
      });
      onDone(receipt);
    } catch (err) {
      const fields = fieldErrorsOf(err);
      setErrors(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k.replace(/^answers\./, ''), v])));
      setProblem(err instanceof Error ? err.message : 'The form could not be sent');
    } finally {
      setSending(false);
    }
  };

  return (
    <form className="card form-fill" onSubmit={submit} noValidate data-testid="form-fill">
      <div>
        <p className="eyebrow">{form.businessName}</p>
        <h1>{form.name}</h1>
      </div>
      {form.definition.sections.map((section, s) => (
        <fieldset key={s}>
          <legend>{section.title}</legend>
          {section.description ? <p className="muted">{section.description}</p> : null}
          {section.fields
            .filter((f) => shown.has(f.key))
            .map((field) => (
              <FieldInput
                key={field.key}
                field={field}
                value={answers[field.key]}
                error={errors[field.key]}
                set={(v) => setAnswers((a) => ({ ...a, [field.key]: v }))}
              />
            ))}
        </fieldset>
      ))}
      {signatureField ? (
        <fieldset>
          <legend>{signatureField.label}</legend>
          <div className="field">
            <label htmlFor="signer-name">Your full name</label>
            <input id="signer-name" type="text" autoComplete="name" value={signerName} onChange={(e) => setSignerName(e.target.value)} />
            {errors['signature.name'] ? <span className="field-error">{errors['signature.name']}</span> : null}
          </div>
          <SignaturePad label={signatureField.label} onChange={setSignature} />
          {errors.signature ? <span className="field-error">{errors.signature}</span> : null}
        </fieldset>
      ) : null}
      {problem ? (
        <div className="alert alert-error" role="alert">
          {problem}
        </div>
      ) : null}
      <button type="submit" className="btn btn-primary btn-lg" disabled={sending}>
        {sending ? 'Sending…' : 'Sign and send'}
      </button>
    </form>
  );
}
