import type { ButtonHTMLAttributes, ReactNode } from 'react';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'quiet' | 'danger';

/**
 * Shared button looks. Primary is the darker orange (#c2410c): white text on it passes
 * WCAG AA, which the brighter brand orange does not. Every size keeps a 44 px touch target.
 */
export const buttonClasses: Record<ButtonVariant, string> = {
  primary:
    'bg-sun-700 text-white shadow-md shadow-sun-700/25 hover:bg-sun-800 active:bg-sun-900 disabled:bg-gray-400 disabled:shadow-none',
  secondary:
    'bg-white text-ink ring-1 ring-inset ring-gray-300 hover:bg-gray-50 active:bg-gray-100 disabled:text-gray-500',
  ghost: 'text-park-800 hover:bg-park-50 active:bg-park-100',
  quiet: 'text-gray-700 hover:bg-gray-100 active:bg-gray-200',
  /** Deleting for good: red, so it never reads as the friendly orange "go ahead". */
  danger:
    'bg-red-700 text-white shadow-md shadow-red-700/25 hover:bg-red-800 active:bg-red-900 disabled:bg-gray-400 disabled:shadow-none',
};

const base =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-full px-5 py-2.5 text-base font-bold transition-colors duration-150 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-sky-600 disabled:cursor-not-allowed';

export function buttonClassName(variant: ButtonVariant = 'primary', extra = ''): string {
  return `${base} ${buttonClasses[variant]} ${extra}`.trim();
}

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  readonly variant?: ButtonVariant;
  readonly children: ReactNode;
}

export function Button({ variant = 'primary', className = '', type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={buttonClassName(variant, className)} {...props} />;
}
