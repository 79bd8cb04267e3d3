import { useState } from 'react';
import { api } from '../../lib/api-client';
import { DEFAULT_COLORS, isHexColor, loadStoredColorPreferences, normalizeColorPreferences, themeVariables } from '../../lib/theme';
import { useSession } from '../../session/session-context';
import type { ColorPreferences } from '@salon/contracts';
import { toast } from '../../shell/Toaster';

const MAX_SWATCHES = 12;

function ColorField({
  id,
  label,
  value,
  onChange,
  hint,
}: {
  id: string;
  label: string;
  value: string;
  onChange(v: string): void;
  hint?: string;
}) {
  const valid = isHexColor(value);
  return (
    <div className="field color-field">
      <label htmlFor={id}>{label}</label>
      <div className="color-input">
        <input type="color" aria-label={`${label} picker`} value={valid ? value : '#000000'} onChange={(e) => onChange(e.target.value)} />
        <input
          id={id}
          value={value}
          onChange={(e) => onChange(e.target.value.trim())}
          aria-invalid={!valid}
          aria-describedby={`${id}-hint`}
          spellCheck={false}
          maxLength={7}
          placeholder="#rrggbb"
        />
      </div>
      <p className={valid ? 'hint' : 'field-error'} id={`${id}-hint`}>
        {valid ? hint : 'Use a hex colour like #8b5cf6'}
      </p>
    </div>
  );
}

function Swatches({
  label,
  colors,
  onPick,
  onRemove,
}: {
  label: string;
  colors: string[];
  onPick(c: string): void;
  onRemove(c: string): void;
}) {
  if (colors.length === 0) return <p className="muted small">No {label.toLowerCase()} yet.</p>;
  return (
    <ul className="swatches" aria-label={label}>
      {colors.map((c) => (
        <li key={c} className="swatch-item">
          <button type="button" className="swatch" style={{ background: c }} aria-label={`Use ${c}`} title={c} onClick={() => onPick(c)} />
          <button type="button" className="swatch-remove" aria-label={`Remove ${c}`} onClick={() => onRemove(c)}>
            ×
          </button>
        </li>
      ))}
    </ul>
  );
}

const addTo = (list: string[], c: string) => (list.includes(c.toLowerCase()) ? list : [c.toLowerCase(), ...list].slice(0, MAX_SWATCHES));

export function ColorPreferencesCard() {
  const { user, applyColorPreferences } = useSession();
  const [prefs, setPrefs] = useState<ColorPreferences>(() => loadStoredColorPreferences());
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const valid = isHexColor(prefs.primaryColor) && isHexColor(prefs.primaryTextColor) && isHexColor(prefs.secondaryTextColor);

  const persist = async (next: ColorPreferences) => {
    if (!user) return;
    setError(null);
    setSaving(true);
    try {
      const answer = await api.put<unknown>(`/api/users/${encodeURIComponent(user.id)}/color-preferences`, next);
      const saved = answer && typeof answer === 'object' && Object.keys(answer).length ? normalizeColorPreferences(answer) : next;
      setPrefs(saved);
      applyColorPreferences(saved);
      toast({ title: 'Colour preferences saved', variant: 'success' });
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Could not save colour preferences');
    } finally {
      setSaving(false);
    }
  };

  const set = (patch: Partial<ColorPreferences>) => setPrefs((p) => ({ ...p, ...patch }));

  return (
    <section className="card" aria-labelledby="colors-title" data-testid="color-preferences">
      <div className="card-head">
        <div>
          <h2 id="colors-title" className="card-title">
            Appearance
          </h2>
          <p className="muted small">Your own colours and theme. They follow you to every device you sign in on.</p>
        </div>
        <div className="switch-row">
          <span id="dark-label">Dark mode</span>
          <button
            type="button"
            role="switch"
            aria-checked={prefs.isDarkMode}
            aria-labelledby="dark-label"
            className="switch"
            data-testid="dark-mode-toggle"
            disabled={saving}
            onClick={() => void persist({ ...prefs, isDarkMode: !prefs.isDarkMode })}
          >
            <span className="switch-thumb" />
          </button>
        </div>
      </div>
      <form
        className="form"
        aria-label="Colour preferences"
        onSubmit={(e) => {
          e.preventDefault();
          if (valid) void persist(prefs);
        }}
      >
        <div className="grid grid-3 tight">
          <ColorField
            id="primary-color"
            label="Brand colour"
            value={prefs.primaryColor}
            onChange={(v) => set({ primaryColor: v })}
            hint="Buttons, links and highlights."
          />
          <ColorField
            id="primary-text-color"
            label="Primary text colour"
            value={prefs.primaryTextColor}
            onChange={(v) => set({ primaryTextColor: v })}
            hint="Headings and body text."
          />
          <ColorField
            id="secondary-text-color"
            label="Secondary text colour"
            value={prefs.secondaryTextColor}
            onChange={(v) => set({ secondaryTextColor: v })}
            hint="Hints and supporting text."
          />
        </div>
        <PreviewStrip prefs={prefs} />
        <div className="grid grid-2 tight">
          <div>
            <div className="row between">
              <h3 className="subhead">Saved brand colours</h3>
              <button
                type="button"
                className="btn btn-ghost btn-sm"
                disabled={!isHexColor(prefs.primaryColor)}
                onClick={() => set({ savedBrandColors: addTo(prefs.savedBrandColors, prefs.primaryColor) })}
              >
                Save current
              </button>
            </div>
            <Swatches
              label="Saved brand colours"
              colors={prefs.savedBrandColors}
              onPick={(c) => set({ primaryColor: c })}
              onRemove={(c) => set({ savedBrandColors: prefs.savedBrandColors.filter((x) => x !== c) })}
            />
          </div>
          <div>
            <div className="row between">
              <h3 className="subhead">Saved text colours</h3>
              <button
                type="button"
                className="btn btn-ghost btn-sm"
                disabled={!isHexColor(prefs.primaryTextColor)}
                onClick={() => set({ savedTextColors: addTo(prefs.savedTextColors, prefs.primaryTextColor) })}
              >
                Save current
              </button>
            </div>
            <Swatches
              label="Saved text colours"
              colors={prefs.savedTextColors}
              onPick={(c) => set({ primaryTextColor: c })}
              onRemove={(c) => set({ savedTextColors: prefs.savedTextColors.filter((x) => x !== c) })}
            />
          </div>
        </div>
        {error && (
          <div className="alert alert-error" role="alert">
            {error}
          </div>
        )}
        <div className="form-actions">
          <button
            type="button"
            className="btn btn-ghost"
            onClick={() =>
              setPrefs({
                ...DEFAULT_COLORS,
                isDarkMode: prefs.isDarkMode,
                savedBrandColors: prefs.savedBrandColors,
                savedTextColors: prefs.savedTextColors,
              })
            }
          >
            Restore defaults
          </button>
          <button type="submit" className="btn btn-primary" disabled={!valid || saving}>
            {saving ? 'Saving…' : 'Save colours'}
          </button>
        </div>
      </form>
    </section>
  );
}

/**
 * The colours as the app will show them: the brand made readable and, in dark mode, the dark
 * palette's text where the text colours are still the (dark) defaults, on the mode's own surface.
 */
export function PreviewStrip({ prefs }: { prefs: ColorPreferences }) {
  const vars = themeVariables(normalizeColorPreferences(prefs));
  const palette = prefs.isDarkMode
    ? { surface: '#151821', primary: '#f3f4f6', secondary: '#9ca3af' }
    : { surface: '#ffffff', primary: DEFAULT_COLORS.primaryTextColor, secondary: DEFAULT_COLORS.secondaryTextColor };
  return (
    <div
      className="preview-strip"
      aria-hidden="true"
      data-testid="colour-preview"
      style={{
        ['--preview' as string]: vars['--primary'],
        ['--preview-contrast' as string]: vars['--primary-contrast'],
        background: palette.surface,
      }}
    >
      <span className="preview-button">Button</span>
      <span style={{ color: vars['--text-primary'] ?? palette.primary }}>Primary text</span>
      <span style={{ color: vars['--text-secondary'] ?? palette.secondary }}>Secondary text</span>
    </div>
  );
}
