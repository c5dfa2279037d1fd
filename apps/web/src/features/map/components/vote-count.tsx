import { ThumbsUp } from 'lucide-react';

/** The vote score (spec §3: the up count). */
export function VoteCount({ up }: { readonly up: number }) {
  return (
    <span className="inline-flex items-center gap-1 text-sm font-bold text-gray-700">
      <ThumbsUp aria-hidden="true" className="h-4 w-4 text-sun-700" />
      {up}
      <span className="sr-only">{up === 1 ? 'up vote' : 'up votes'}</span>
    </span>
  );
}
