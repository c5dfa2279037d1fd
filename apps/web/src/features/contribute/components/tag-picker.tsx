/** Tags: common ones as one-tap chips, anything else typed in (Enter or 'Add'). */
import { normalizeTag, SUGGESTED_TAGS } from '@playspot/core';
import { Check, Plus, X } from 'lucide-react';
import { useState } from 'react';
import { FieldGroup, inputClassName } from '../../../components/ui/form-field.tsx';
import { fieldId } from '../utils/field-id.ts';
import { ToggleChip } from './toggle-chip.tsx';
import { useTranslation } from 'react-i18next';
import { tagLabel } from '../../../components/tag-label.ts';

interface TagPickerProps {
  readonly tags: readonly string[];
  readonly onChange: (tags: readonly string[]) => void;
  readonly error: string | undefined;
}

const sameTag = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

export function TagPicker({ tags, onChange, error }: TagPickerProps) {
  const { t } = useTranslation('contribute');
  const [draft, setDraft] = useState('');
  const has = (tag: string) => tags.some((chosen) => sameTag(chosen, tag));
  const toggle = (tag: string) => {
    onChange(has(tag) ? tags.filter((chosen) => !sameTag(chosen, tag)) : [...tags, tag]);
  };
  const addDraft = () => {
    const tag = normalizeTag(draft);
    if (tag === '') return;
    if (!has(tag)) onChange([...tags, tag]);
    setDraft('');
  };
  const custom = tags.filter((tag) => !SUGGESTED_TAGS.some((suggested) => sameTag(suggested, tag)));

  return (
    <FieldGroup id={fieldId('tags')} label={t('tags.label')} hint={t('tags.hint')} error={error} optional>
      <div className="flex flex-wrap gap-2">
        {SUGGESTED_TAGS.map((tag) => (
          <ToggleChip
            key={tag}
            pressed={has(tag)}
            onToggle={() => {
              toggle(tag);
            }}
          >
            {has(tag) && <Check aria-hidden="true" className="h-4 w-4" />}
            {tagLabel(tag)}
          </ToggleChip>
        ))}
        {custom.map((tag) => (
          <button
            key={tag}
            type="button"
            aria-label={t('tags.remove', { tag })}
            onClick={() => {
              toggle(tag);
            }}
            className="inline-flex min-h-11 items-center gap-1.5 rounded-full bg-park-800 px-4 text-base font-semibold text-white hover:bg-park-700 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-sky-600"
          >
            {tag}
            <X aria-hidden="true" className="h-4 w-4" />
          </button>
        ))}
      </div>
      <div className="mt-3 flex gap-2">
        <label htmlFor="field-tag-draft" className="sr-only">
          {t('tags.another')}
        </label>
        <input
          id="field-tag-draft"
          type="text"
          value={draft}
          maxLength={60}
          placeholder={t('tags.placeholder')}
          onChange={(event) => {
            setDraft(event.target.value);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              addDraft();
            }
          }}
          className={inputClassName}
        />
        <button
          type="button"
          onClick={addDraft}
          className="inline-flex min-h-11 shrink-0 items-center gap-1 rounded-full px-4 font-bold text-park-800 ring-1 ring-park-800 ring-inset hover:bg-park-50 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-sky-600"
        >
          <Plus aria-hidden="true" className="h-5 w-5" />
          {t('tags.add')}
        </button>
      </div>
    </FieldGroup>
  );
}
