import type { FieldType, NoteTemplate, TemplateField, TemplateSection } from '@salon/contracts';

/** A template to edit: the contract's NoteTemplate; a starter or a new one has no version yet. */
export type TemplateDraft = Omit<NoteTemplate, 'version'> & Partial<Pick<NoteTemplate, 'version'>>;
import type { TemplateInput } from '../clients/clients-api';

/** The note template builder's state and reducer. Pure. */
export interface BuilderState {
  id: string | null;
  name: string;
  description: string;
  sections: TemplateSection[];
  archived: boolean;
  dirty: boolean;
  /** The saved template's version, sent back on save (a stale one is refused with 409). */
  version?: number;
}

export type BuilderAction =
  | { type: 'load'; template: TemplateDraft | null }
  | { type: 'setName'; name: string }
  | { type: 'setDescription'; description: string }
  | { type: 'addSection'; title?: string }
  | { type: 'renameSection'; sectionId: string; title: string }
  | { type: 'removeSection'; sectionId: string }
  | { type: 'moveSection'; sectionId: string; by: -1 | 1 }
  | { type: 'addField'; sectionId: string; fieldType?: FieldType }
  | { type: 'updateField'; sectionId: string; fieldId: string; patch: Partial<Omit<TemplateField, 'id'>> }
  | { type: 'removeField'; sectionId: string; fieldId: string }
  | { type: 'moveField'; sectionId: string; fieldId: string; by: -1 | 1 }
  | { type: 'addOption'; sectionId: string; fieldId: string; option: string }
  | { type: 'removeOption'; sectionId: string; fieldId: string; index: number }
  | { type: 'moveOption'; sectionId: string; fieldId: string; index: number; by: -1 | 1 }
  | { type: 'saved'; template: NoteTemplate };

let seq = 0;
/** Ids stay stable across edits: saved notes keep their values by field id. */
export function newId(prefix: 's' | 'f'): string {
  seq += 1;
  const rand =
    typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID().slice(0, 8) : Math.random().toString(36).slice(2, 10);
  return `${prefix}_${rand}${seq.toString(36)}`;
}

export function emptyBuilder(): BuilderState {
  return {
    id: null,
    name: '',
    description: '',
    sections: [{ id: newId('s'), title: 'Details', fields: [] }],
    archived: false,
    dirty: false,
  };
}

export function fromTemplate(t: TemplateDraft): BuilderState {
  return {
    id: t.id,
    name: t.name,
    description: t.description ?? '',
    sections: t.sections.map((s) => ({ ...s, fields: s.fields.map((f) => ({ ...f, options: f.options ? [...f.options] : undefined })) })),
    archived: t.archived,
    dirty: false,
    version: t.version,
  };
}

function move<T>(list: readonly T[], index: number, by: number): T[] {
  const to = index + by;
  if (index < 0 || to < 0 || to >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(index, 1);
  next.splice(to, 0, item);
  return next;
}

function mapSection(s: BuilderState, id: string, f: (sec: TemplateSection) => TemplateSection): BuilderState {
  return { ...s, dirty: true, sections: s.sections.map((sec) => (sec.id === id ? f(sec) : sec)) };
}

function mapField(s: BuilderState, sectionId: string, fieldId: string, f: (fld: TemplateField) => TemplateField): BuilderState {
  return mapSection(s, sectionId, (sec) => ({ ...sec, fields: sec.fields.map((fld) => (fld.id === fieldId ? f(fld) : fld)) }));
}

export function builderReducer(state: BuilderState, action: BuilderAction): BuilderState {
  switch (action.type) {
    case 'load':
      return action.template ? fromTemplate(action.template) : emptyBuilder();
    case 'saved':
      return fromTemplate(action.template);
    case 'setName':
      return { ...state, name: action.name, dirty: true };
    case 'setDescription':
      return { ...state, description: action.description, dirty: true };
    case 'addSection':
      return {
        ...state,
        dirty: true,
        sections: [...state.sections, { id: newId('s'), title: action.title ?? `Section ${state.sections.length + 1}`, fields: [] }],
      };
    case 'renameSection':
      return mapSection(state, action.sectionId, (sec) => ({ ...sec, title: action.title }));
    case 'removeSection':
      return { ...state, dirty: true, sections: state.sections.filter((s) => s.id !== action.sectionId) };
    case 'moveSection':
      return {
        ...state,
        dirty: true,
        sections: move(
          state.sections,
          state.sections.findIndex((s) => s.id === action.sectionId),
          action.by,
        ),
      };
    case 'addField': {
      const type = action.fieldType ?? 'text';
      const field: TemplateField = { id: newId('f'), label: '', type, required: false, ...(type === 'choice' ? { options: [] } : {}) };
      return mapSection(state, action.sectionId, (sec) => ({ ...sec, fields: [...sec.fields, field] }));
    }
    case 'updateField':
      return mapField(state, action.sectionId, action.fieldId, (f) => {
        const next = { ...f, ...action.patch };
        if (next.type === 'choice' && !next.options) next.options = [];
        if (next.type !== 'choice') delete next.options;
        return next;
      });
    case 'removeField':
      return mapSection(state, action.sectionId, (sec) => ({ ...sec, fields: sec.fields.filter((f) => f.id !== action.fieldId) }));
    case 'moveField':
      return mapSection(state, action.sectionId, (sec) => ({
        ...sec,
        fields: move(
          sec.fields,
          sec.fields.findIndex((f) => f.id === action.fieldId),
          action.by,
        ),
      }));
    case 'addOption': {
      const option = action.option.trim();
      if (!option) return state;
      return mapField(state, action.sectionId, action.fieldId, (f) =>
        f.options?.includes(option) ? f : { ...f, options: [...(f.options ?? []), option] },
      );
    }
    case 'removeOption':
      return mapField(state, action.sectionId, action.fieldId, (f) => ({
        ...f,
        options: (f.options ?? []).filter((_, i) => i !== action.index),
      }));
    case 'moveOption':
      return mapField(state, action.sectionId, action.fieldId, (f) => ({ ...f, options: move(f.options ?? [], action.index, action.by) }));
    default:
      return state;
  }
}

/**
 * Problems before saving, keyed like the server's field paths: 'name', 'sections',
 * 'sections.0.title', 'sections.0.fields', 'sections.0.fields.1.label', 'sections.0.fields.1.options'.
 */
export function validateTemplate(s: Pick<BuilderState, 'name' | 'sections'>): Record<string, string> {
  const e: Record<string, string> = {};
  if (!s.name.trim()) e.name = 'Give the template a name';
  if (!s.sections.length) e.sections = 'Add at least one section';
  s.sections.forEach((sec, i) => {
    if (!sec.title.trim()) e[`sections.${i}.title`] = 'Name the section';
    if (!sec.fields.length) e[`sections.${i}.fields`] = 'Add at least one field';
    const labels = new Set<string>();
    sec.fields.forEach((f, j) => {
      const label = f.label.trim();
      if (!label) e[`sections.${i}.fields.${j}.label`] = 'Label the field';
      else if (labels.has(label.toLowerCase())) e[`sections.${i}.fields.${j}.label`] = 'Two fields in this section have this label';
      labels.add(label.toLowerCase());
      if (f.type === 'choice' && (f.options?.length ?? 0) < 2) e[`sections.${i}.fields.${j}.options`] = 'Add at least two options';
    });
  });
  return e;
}

/** 'sections[0].fields[1].label' → 'sections.0.fields.1.label', so server errors land on the right input. */
export function normalizeErrorPath(path: string): string {
  return path.replace(/\[(\d+)\]/g, '.$1').replace(/^\./, '');
}

export function toTemplateInput(s: BuilderState): TemplateInput {
  return {
    name: s.name.trim(),
    description: s.description.trim() || null,
    sections: s.sections.map((sec) => ({
      id: sec.id,
      title: sec.title.trim(),
      fields: sec.fields.map((f) => ({
        id: f.id,
        label: f.label.trim(),
        type: f.type,
        required: f.required,
        ...(f.type === 'choice' ? { options: (f.options ?? []).map((o) => o.trim()).filter(Boolean) } : {}),
      })),
    })),
  };
}

export function fieldCount(t: Pick<NoteTemplate, 'sections'>): number {
  return t.sections.reduce((n, s) => n + s.fields.length, 0);
}

/** Starting points offered for a new template. */
export function starterTemplate(kind: 'soap' | 'colour'): Pick<BuilderState, 'name' | 'description' | 'sections'> {
  const f = (label: string, type: FieldType, required = false, options?: string[]): TemplateField => ({
    id: newId('f'),
    label,
    type,
    required,
    ...(options ? { options } : {}),
  });
  if (kind === 'soap') {
    return {
      name: 'SOAP note',
      description: 'Subjective, objective, assessment, plan: for treatments and massage.',
      sections: [
        { id: newId('s'), title: 'Subjective', fields: [f('Client reports', 'longText', true)] },
        { id: newId('s'), title: 'Objective', fields: [f('Observations', 'longText')] },
        { id: newId('s'), title: 'Assessment', fields: [f('Assessment', 'longText')] },
        { id: newId('s'), title: 'Plan', fields: [f('Plan', 'longText'), f('Next visit', 'date')] },
      ],
    };
  }
  return {
    name: 'Colour formula',
    description: 'Brand, shades, developer and timing, so the next colour matches.',
    sections: [
      {
        id: newId('s'),
        title: 'Formula',
        fields: [
          f('Brand', 'choice', true, ['Wella', 'Redken', "L'Oréal", 'Schwarzkopf', 'Other']),
          f('Shades', 'text', true),
          f('Developer (vol)', 'number'),
          f('Processing time (min)', 'number'),
        ],
      },
      { id: newId('s'), title: 'Result', fields: [f('Patch test done', 'checkbox'), f('Notes', 'longText')] },
    ],
  };
}
