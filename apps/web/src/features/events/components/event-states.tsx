/** The events lists' loading placeholder (a failed load shows components/ui LoadError). */

export function EventsSkeleton({ label }: { readonly label: string }) {
  return (
    <div role="status" aria-label={label} className="space-y-3 motion-safe:animate-pulse">
      {[0, 1].map((row) => (
        <div key={row} className="rounded-3xl bg-white p-5 shadow-sm ring-1 ring-black/5">
          <div className="h-5 w-1/2 rounded-full bg-gray-200" />
          <div className="mt-3 h-4 w-3/4 rounded-full bg-sun-100" />
        </div>
      ))}
    </div>
  );
}
