/** One checkbox chip of the filters dialog: an icon, or a tick once chosen, and its label. */
import { Check, type LucideIcon } from 'lucide-react';

interface IconChipProps {
  readonly icon: LucideIcon;
  readonly label: string;
  readonly checked: boolean;
  readonly onChange: (checked: boolean) => void;
  readonly describedBy?: string;
}

export function IconChip({ icon: Icon, label, checked, onChange, describedBy }: IconChipProps) {
  return (
    <label className="relative">
      <input
        type="checkbox"
        checked={checked}
        aria-describedby={describedBy}
        onChange={(event) => {
          onChange(event.target.checked);
        }}
        className="peer absolute inset-0 cursor-pointer opacity-0"
      />
      <span className="inline-flex min-h-11 cursor-pointer items-center gap-1.5 rounded-full bg-gray-100 px-4 text-base font-semibold text-gray-800 ring-1 ring-gray-200 transition-colors duration-150 peer-checked:bg-park-800 peer-checked:text-white peer-checked:ring-park-800 peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-sky-600 hover:bg-gray-200 peer-checked:hover:bg-park-700">
        {checked ? (
          <Check aria-hidden="true" className="h-4 w-4" />
        ) : (
          <Icon aria-hidden="true" className="h-4 w-4 text-park-700" />
        )}
        {label}
      </span>
    </label>
  );
}
