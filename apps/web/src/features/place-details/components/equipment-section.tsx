/**
 * "Play equipment" on the place page (issue 33): each kind anything is known of, with its
 * icon, how many an import counted and how many parents say so; one tap says "it's there" or
 * "not there" (tapping your answer again takes it back); a kind nobody listed can be added.
 */
import {
  EQUIPMENT_KINDS,
  type EquipmentKind,
  type PlaceEquipment,
  type PlaceEquipmentList,
} from '@playspot/core';
import { useQueryClient } from '@tanstack/react-query';
import { TriangleAlert } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { celebratePoints } from '../../../components/celebrate-points.tsx';
import { EQUIPMENT_ICONS } from '../../../components/equipment-icons.ts';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { errorMessage } from '../../../lib/handle-error.ts';
import { answerEquipment, placeEquipmentQueryOptions, usePlaceEquipment } from '../api/place-equipment.ts';
import { useSignedInAction } from '../hooks/use-signed-in-action.ts';

export function EquipmentSection({ locationId }: { readonly locationId: string }) {
  const { t } = useTranslation('location-details');
  const equipment = usePlaceEquipment(locationId);
  return (
    <section aria-labelledby="equipment-heading" data-testid="equipment-section">
      <h2 id="equipment-heading" className="font-display text-2xl font-semibold text-ink">
        {t('equipment.heading')}
      </h2>
      {equipment.isPending ? null : equipment.isError ? (
        <div className="mt-3">
          <LoadError
            onRetry={() => {
              void equipment.refetch();
            }}
          >
            {t('equipment.loadFailed')} {errorMessage(equipment.error)}
          </LoadError>
        </div>
      ) : (
        <EquipmentContent locationId={locationId} data={equipment.data} />
      )}
    </section>
  );
}

function EquipmentContent({
  locationId,
  data,
}: {
  readonly locationId: string;
  readonly data: PlaceEquipmentList;
}) {
  const { t } = useTranslation(['location-details', 'common']);
  const queryClient = useQueryClient();
  const { whenSignedIn } = useSignedInAction();
  const [pending, setPending] = useState<EquipmentKind | null>(null);
  const [status, setStatus] = useState('');
  const [failed, setFailed] = useState<EquipmentKind | null>(null);
  const known = new Set(data.equipment.map((item) => item.kind));
  const unlisted = EQUIPMENT_KINDS.filter((kind) => !known.has(kind));

  const send = (kind: EquipmentKind, present: boolean, myAnswer: 'yes' | 'no' | null) => {
    whenSignedIn('equipment_answer', () => {
      if (pending !== null) return;
      const taken = myAnswer === (present ? 'yes' : 'no');
      setPending(kind);
      setFailed(null);
      answerEquipment(locationId, kind, taken ? null : present)
        .then((result) => {
          queryClient.setQueryData<PlaceEquipmentList>(
            placeEquipmentQueryOptions(locationId).queryKey,
            (list) => {
              if (!list) return list;
              const others = list.equipment.filter((item) => item.kind !== kind);
              const next = result.equipment ? [...others, result.equipment] : others;
              next.sort((a, b) => EQUIPMENT_KINDS.indexOf(a.kind) - EQUIPMENT_KINDS.indexOf(b.kind));
              return { equipment: next };
            },
          );
          celebratePoints(result, queryClient);
          void queryClient.invalidateQueries({ queryKey: ['locations', 'nearby'], refetchType: 'none' });
          void queryClient.invalidateQueries({ queryKey: ['locations', 'viewport'], refetchType: 'none' });
          setStatus(t('equipment.saved'));
        })
        .catch((caught: unknown) => {
          console.error(caught);
          setFailed(kind);
        })
        .finally(() => {
          setPending(null);
        });
    });
  };

  return (
    <>
      <p className="mt-1 text-sm text-gray-700">
        {data.equipment.length > 0 ? t('equipment.hint') : t('equipment.none')}
      </p>
      {data.equipment.length > 0 && (
        <ul
          className="mt-3 divide-y divide-gray-100 overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-gray-200"
          aria-label={t('equipment.label')}
        >
          {data.equipment.map((item) => (
            <EquipmentRow
              key={item.kind}
              item={item}
              pending={pending === item.kind}
              failed={failed === item.kind}
              onAnswer={(present) => {
                send(item.kind, present, item.myAnswer);
              }}
            />
          ))}
        </ul>
      )}
      {unlisted.length > 0 && (
        <AddEquipment
          unlisted={unlisted}
          onAdd={(kind) => {
            send(kind, true, null);
          }}
        />
      )}
      <p role="status" className="sr-only">
        {status}
      </p>
    </>
  );
}

function EquipmentRow({
  item,
  pending,
  failed,
  onAnswer,
}: {
  readonly item: PlaceEquipment;
  readonly pending: boolean;
  readonly failed: boolean;
  readonly onAnswer: (present: boolean) => void;
}) {
  const { t } = useTranslation(['location-details', 'common']);
  const Icon = EQUIPMENT_ICONS[item.kind];
  const name = t(`common:equipmentKinds.${item.kind}`);
  const trust = [
    item.confirmedBy > 0 ? t('equipment.parentsSay', { count: item.confirmedBy }) : null,
    item.imported ? t('equipment.fromImport', { source: item.imported.source }) : null,
  ]
    .filter((part) => part !== null)
    .join(' · ');
  const button = (present: boolean) => {
    const pressed = item.myAnswer === (present ? 'yes' : 'no');
    return (
      <button
        type="button"
        aria-pressed={pressed}
        disabled={pending}
        onClick={() => {
          onAnswer(present);
        }}
        className={`min-h-11 rounded-full px-3 text-sm font-bold ring-1 focus-visible:outline-3 focus-visible:outline-sky-600 disabled:opacity-60 ${
          pressed
            ? 'bg-park-700 text-white ring-park-700'
            : 'bg-white text-park-800 ring-gray-300 hover:bg-park-50'
        }`}
      >
        {present ? t('equipment.there') : t('equipment.notThere')}
      </button>
    );
  };
  return (
    <li
      data-testid={`equipment-${item.kind}`}
      className={`flex flex-wrap items-center gap-3 p-3 ${item.disputed ? 'bg-amber-50' : ''}`}
    >
      <span
        aria-hidden="true"
        className={`flex h-10 w-10 shrink-0 items-center justify-center rounded-xl ${
          item.present ? 'bg-park-50 text-park-700' : 'bg-gray-100 text-gray-500'
        }`}
      >
        <Icon className="h-5 w-5" />
      </span>
      <div className="min-w-0 flex-1">
        <p className={`text-base font-bold break-words ${item.present ? 'text-ink' : 'text-gray-600'}`}>
          {item.present ? name : t('equipment.absent', { name })}
          {item.present && item.count !== null && (
            <span className="ms-2 rounded-full bg-park-50 px-2 py-0.5 text-sm text-park-800">
              {t('equipment.count', { count: item.count })}
            </span>
          )}
        </p>
        {trust && <p className="text-sm text-gray-700">{trust}</p>}
        {item.disputed && (
          <p className="mt-1 flex items-center gap-1 text-sm font-bold text-amber-900">
            <TriangleAlert aria-hidden="true" className="h-4 w-4 shrink-0" />
            {t('equipment.disputed')}
          </p>
        )}
        {failed && (
          <p role="alert" className="mt-1 text-sm font-bold text-red-800">
            {t('equipment.notSaved')}
          </p>
        )}
      </div>
      <div className="flex shrink-0 gap-2">
        {button(true)}
        {button(false)}
      </div>
    </li>
  );
}

function AddEquipment({
  unlisted,
  onAdd,
}: {
  readonly unlisted: readonly EquipmentKind[];
  readonly onAdd: (kind: EquipmentKind) => void;
}) {
  const { t } = useTranslation(['location-details', 'common']);
  const id = useId();
  const [chosen, setChosen] = useState<EquipmentKind>(unlisted[0] ?? 'swing');
  const kind = unlisted.includes(chosen) ? chosen : (unlisted[0] ?? 'swing');
  return (
    <div className="mt-3 flex flex-wrap items-end gap-2">
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <label htmlFor={id} className="text-sm font-bold text-ink">
          {t('equipment.addLabel')}
        </label>
        <select
          id={id}
          value={kind}
          onChange={(event) => {
            setChosen(event.target.value as EquipmentKind);
          }}
          className="min-h-11 rounded-xl border border-gray-300 bg-white px-3 text-base"
        >
          {unlisted.map((option) => (
            <option key={option} value={option}>
              {t(`common:equipmentKinds.${option}`)}
            </option>
          ))}
        </select>
      </div>
      <button
        type="button"
        onClick={() => {
          onAdd(kind);
        }}
        className="min-h-11 rounded-full bg-park-700 px-4 text-base font-bold text-white hover:bg-park-800 focus-visible:outline-3 focus-visible:outline-sky-600"
      >
        {t('equipment.addButton')}
      </button>
    </div>
  );
}
