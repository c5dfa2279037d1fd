/**
 * "Good to know" on the place page (issue 18): the facts parents ask first (toilets, fenced,
 * shade…) as parents confirmed them or an import stated them, each confirmed or corrected in
 * one tap; public amenities nearby; and, folded away, the common questions nobody answered yet.
 */
import type { FactKey, PlaceFacts } from '@playspot/core';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { usePlaceFacts } from '../api/place-facts.ts';
import { useFactAnswer } from '../hooks/use-fact-answer.ts';
import { AddFacts, COMMON_FACTS } from './add-facts.tsx';
import { FactsCredit } from './facts-credit.tsx';
import { FactRow } from './fact-row.tsx';
import { NearbyAmenities } from './nearby-amenities.tsx';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/handle-error.ts';

export function FactsSection({ locationId }: { readonly locationId: string }) {
  const { t } = useTranslation('location-details');
  const facts = usePlaceFacts(locationId);
  return (
    <section aria-labelledby="facts-heading">
      <h2 id="facts-heading" className="font-display text-2xl font-semibold text-ink">
        {t('facts.heading')}
      </h2>
      {facts.isPending ? (
        <FactsSkeleton />
      ) : facts.isError ? (
        <div className="mt-3">
          <LoadError
            onRetry={() => {
              void facts.refetch();
            }}
          >
            {t('facts.loadFailed')} {errorMessage(facts.error)}
          </LoadError>
        </div>
      ) : (
        <FactsContent locationId={locationId} data={facts.data} />
      )}
    </section>
  );
}

function FactsContent({ locationId, data }: { readonly locationId: string; readonly data: PlaceFacts }) {
  const { t } = useTranslation('location-details');
  const { answer, pending, error, status } = useFactAnswer(locationId);
  const known = new Set<FactKey>(data.facts.map((fact) => fact.key));
  const unknown = COMMON_FACTS.filter((key) => !known.has(key));
  const answerOf = (key: FactKey) => data.facts.find((fact) => fact.key === key)?.myAnswer ?? null;
  const onAnswer = (key: FactKey, value: string) => {
    void answer(key, value, answerOf(key));
  };
  return (
    <>
      <p className="mt-1 text-sm text-gray-700">
        {data.facts.length > 0 ? t('facts.hintKnown') : t('facts.hintNone')}
      </p>
      {data.facts.length > 0 && (
        <ul
          className="mt-3 divide-y divide-gray-100 overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-gray-200"
          aria-label={t('facts.label')}
        >
          {data.facts.map((fact) => (
            <FactRow
              key={fact.key}
              fact={fact}
              pending={pending.has(fact.key)}
              error={error?.key === fact.key ? error.message : null}
              onAnswer={(value) => {
                onAnswer(fact.key, value);
              }}
            />
          ))}
        </ul>
      )}
      <NearbyAmenities nearby={data.nearby} />
      <div className="mt-3">
        <AddFacts unknown={unknown} pending={pending} error={error} onAnswer={onAnswer} />
      </div>
      <FactsCredit facts={data.facts} nearby={data.nearby} />
      <p role="status" className="sr-only">
        {status}
      </p>
    </>
  );
}

function FactsSkeleton() {
  const { t } = useTranslation('location-details');
  return (
    <div
      role="status"
      aria-label={t('facts.loading')}
      className="mt-3 divide-y divide-gray-100 rounded-2xl bg-white ring-1 ring-gray-200"
    >
      {[0, 1, 2].map((row) => (
        <div key={row} className="flex items-center gap-3 p-3 motion-safe:animate-pulse">
          <div className="h-10 w-10 rounded-xl bg-park-50" />
          <div className="flex-1 space-y-2">
            <div className="h-4 w-1/3 rounded-full bg-gray-200" />
            <div className="h-3 w-1/2 rounded-full bg-gray-100" />
          </div>
        </div>
      ))}
    </div>
  );
}
