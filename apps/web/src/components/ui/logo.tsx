/** The PlaySpot wordmark: the pin from the favicon and the product name in Fredoka. */
export function LogoMark({ className = 'h-8 w-8' }: { readonly className?: string }) {
  return (
    <svg viewBox="0 0 64 64" aria-hidden="true" className={className}>
      <path
        fill="#f97316"
        d="M32 4c-11 0-20 8.6-20 19.4C12 38 32 60 32 60s20-22 20-36.6C52 12.6 43 4 32 4z"
      />
      <circle cx="32" cy="23" r="9" fill="#fff" />
      <circle cx="32" cy="23" r="4.5" fill="#22c55e" />
    </svg>
  );
}
